import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { CardField } from '@/components/CardField';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/error-message';
import { getStripe, paymentsConfigured } from '@/lib/stripe';
import { useSaveCard } from '../hooks/useSaveCard';

interface UpdateCardDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The card renewals charge, replaced with the payment page's card field (Stripe.js loads on open). */
export function UpdateCardDialog({ open, onClose, onSaved }: UpdateCardDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} title="Update card" onClose={onClose} closeDisabled={busy} widthClass="max-w-lg">
      {paymentsConfigured ? (
        <Elements stripe={getStripe()}>
          <CardForm onBusy={setBusy} onSaved={onSaved} onCancel={onClose} />
        </Elements>
      ) : (
        <p role="status">Payments are not configured on this site, so the card cannot be changed here.</p>
      )}
    </Modal>
  );
}

function CardForm({
  onBusy,
  onSaved,
  onCancel,
}: {
  onBusy: (busy: boolean) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string>();
  const save = useSaveCard();
  const ready = !!stripe && !!elements && cardReady;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || save.isPending) return;
    onBusy(true);
    save.mutate({ stripe, card }, { onSuccess: onSaved, onSettled: () => onBusy(false) });
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="New card">
      <CardField
        onReady={() => setCardReady(true)}
        onChange={(e) => {
          setCardError(e.error?.message);
          if (save.isError) save.reset();
        }}
        error={cardError}
      />
      {!cardError && save.isError && (
        <p className="field-error" role="alert">
          {errorMessage(save.error, 'The card could not be saved, try again')}
        </p>
      )}
      {!ready && <p className="mt-2 text-xs text-muted">Loading the secure card field…</p>}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!ready || save.isPending}>
          {save.isPending && <Spinner className="size-4" label="Saving the card" />}
          Save card
        </button>
      </div>
    </form>
  );
}
