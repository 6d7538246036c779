import { GoogleIcon } from '@/components/screen-icons';

export function GoogleButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className="btn btn-outline w-full py-2.5">
      <GoogleIcon className="size-5" aria-hidden="true" /> Continue with Google
    </button>
  );
}
