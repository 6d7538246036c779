/** User-visible strings of docs/product.md §5 and §8, verbatim (typos included). */
export const authMessages = {
  required: '(*) marked fields are required',
  emailRegistered: 'Email already registered',
  passwordLength: 'Password should be atleast 6 character',
  passwordLower: 'Password have to contain atleast one lowercase letter [a-z]',
  passwordUpper: 'Password have to contain atlease one uppercase letter [A-Z]',
  passwordDigit: 'Password have to contain atleast one numaric value [0-9]',
  loginFailed: 'Invalid email of password',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  loginSuccess: 'Login successful',
  registrationSuccess: 'Registration successful',
  registrationFailed: 'Registration Failed',
  logoutSuccess: 'Logout successful',
} as const;

/** Account recovery (not in docs/product.md): the reset answer is the same whether or not the account exists. */
export const recoveryMessages = {
  passwordResetSent: "If an account exists for that email, we've sent a link to reset the password.",
} as const;
