import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { useSubscriptionPlans, useSwitchPlan, useSwitchPreview } from '@/lib/api/billing';
import type { SubscriptionPlanId } from '@/lib/api/types';
import { formatDollars } from '@/lib/billing-labels';
import { errorMessage } from '@/lib/error-message';
import { billingMessages as m } from '../messages';

interface SwitchPlanDialogProps {
  email: string;
  /** The plan to switch to; null: closed. */
  plan: SubscriptionPlanId | null;
  onClose: () => void;
  onSwitched: (label: string) => void;
}

/**
 * Monthly ↔ yearly: the prorated charge of GET /billing/switch-preview is shown first; the server keeps
 * the moment it priced and charges the switch with it, so what is charged is what was shown. A switch
 * refused (a preview left open more than 5 minutes, a declined card) shows why and offers a new preview.
 */
export function SwitchPlanDialog({ email, plan, onClose, onSwitched }: SwitchPlanDialogProps) {
  const target = useSubscriptionPlans().data.find((p) => p.id === plan);
  const preview = useSwitchPreview(plan);
  const switching = useSwitchPlan(email);
  const label = target?.label ?? '';

  const confirm = () => {
    if (!plan || !preview.data) return;
    switching.mutate(
      { plan },
      {
        onSuccess: () => {
          onSwitched(label);
          onClose();
        },
      },
    );
  };

  const close = () => {
    switching.reset();
    onClose();
  };

  const previewAgain = () => {
    switching.reset();
    void preview.refetch();
  };

  return (
    <Modal
      open={plan !== null}
      title={`Switch to ${label}`}
      onClose={close}
      closeDisabled={switching.isPending}
    >
      {target && (
        <p>
          {target.label} costs {formatDollars(target.amount)} per {target.interval}.
        </p>
      )}
      <div className="mt-4" aria-live="polite">
        {preview.isPending && <Spinner className="size-6" label="Working out the prorated charge" />}
        {preview.isError && (
          <p className="field-error" role="alert">
            {errorMessage(preview.error, 'The switch could not be priced, try again')}
          </p>
        )}
        {preview.data && (
          <p className="text-lg font-semibold" data-testid="switch-preview">
            {preview.data.amountDue > 0
              ? `Charged now: ${formatDollars(preview.data.amountDue)} (the new price less the unused part of your current period).`
              : `Nothing is charged now: the unused part of your current period (${formatDollars(-preview.data.amountDue)}) is credited to your next invoices.`}
          </p>
        )}
        {switching.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="field-error" role="alert">
              {errorMessage(switching.error, 'The switch did not go through, try again')}
            </p>
            <button type="button" className="btn btn-outline" onClick={previewAgain}>
              {m.previewAgainButton}
            </button>
          </div>
        )}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={close} disabled={switching.isPending}>
          Keep my plan
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={confirm}
          disabled={!preview.data || preview.isFetching || switching.isPending || switching.isError}
        >
          {switching.isPending && <Spinner className="size-4" label="Switching" />}
          {preview.data && preview.data.amountDue > 0
            ? `Switch and pay ${formatDollars(preview.data.amountDue)}`
            : `Switch to ${label}`}
        </button>
      </div>
    </Modal>
  );
}
