import { FcGoogle } from 'react-icons/fc';

export function GoogleButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className="btn btn-outline w-full py-2.5">
      <FcGoogle className="size-5" aria-hidden="true" /> Continue with Google
    </button>
  );
}
