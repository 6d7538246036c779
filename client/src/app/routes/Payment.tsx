import { Navigate, useLocation } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { PaymentView } from '@/features/subscription/components/PaymentView';
import { paymentInformationFromState } from '@/features/subscription/payment-information';

/** /payment needs the payment information chosen on /subscription; without it the user goes back there. */
export default function Payment() {
  usePageTitle('Payment');
  const payment = paymentInformationFromState(useLocation().state);
  if (!payment) return <Navigate to="/subscription" replace />;
  return <PaymentView payment={payment} />;
}
