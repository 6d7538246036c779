import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { PaymentView } from '@/features/subscription/components/PaymentView';
import { SubscriptionPayment } from '@/features/subscription/components/SubscriptionPaymentView';
import { paymentInformationFromState } from '@/features/subscription/payment-information';

/**
 * /payment needs the payment information chosen on /subscription; without it the user goes back there.
 * /payment?plan=monthly|yearly pays for a renewing subscription instead.
 */
export default function Payment() {
  usePageTitle('Payment');
  const location = useLocation();
  const planId = useSearchParams()[0].get('plan');
  if (planId !== null) return <SubscriptionPayment planId={planId} />;
  const payment = paymentInformationFromState(location.state);
  if (!payment) return <Navigate to="/subscription" replace />;
  return <PaymentView payment={payment} />;
}
