import { authMessages } from './messages';

/** The first password rule a password breaks (docs/product.md §5, in the order listed there), or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < 6) return authMessages.passwordLength;
  if (!/[a-z]/.test(password)) return authMessages.passwordLower;
  if (!/[A-Z]/.test(password)) return authMessages.passwordUpper;
  if (!/[0-9]/.test(password)) return authMessages.passwordDigit;
  return null;
}

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  photo: File | null;
}

/** Client-side checks of the registration form: required fields first, then the password rules. */
export function registrationProblem(input: RegistrationInput): string | null {
  if (!input.name.trim() || !input.email.trim() || !input.password || !input.photo)
    return authMessages.required;
  return passwordProblem(input.password);
}
