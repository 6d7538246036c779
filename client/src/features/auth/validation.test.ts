import { describe, expect, it } from 'vitest';
import { authMessages } from './messages';
import { passwordProblem, registrationProblem } from './validation';

const photo = new File(['x'], 'me.png', { type: 'image/png' });

describe('passwordProblem', () => {
  it('accepts a password with 6+ characters, a lowercase and an uppercase letter and a digit', () => {
    expect(passwordProblem('Abcde1')).toBeNull();
    expect(passwordProblem('Reader1234')).toBeNull();
  });

  it('reports each rule with its exact message', () => {
    expect(passwordProblem('Ab1')).toBe('Password should be atleast 6 character');
    expect(passwordProblem('ABCDE1')).toBe('Password have to contain atleast one lowercase letter [a-z]');
    expect(passwordProblem('abcde1')).toBe('Password have to contain atlease one uppercase letter [A-Z]');
    expect(passwordProblem('Abcdef')).toBe('Password have to contain atleast one numaric value [0-9]');
  });

  it('checks length before the character rules', () => {
    expect(passwordProblem('abc')).toBe(authMessages.passwordLength);
  });
});

describe('registrationProblem', () => {
  const valid = { name: 'Ada', email: 'ada@example.test', password: 'Abcde1', photo };

  it('accepts a complete form', () => {
    expect(registrationProblem(valid)).toBeNull();
  });

  it("requires name, email, photo and password: '(*) marked fields are required'", () => {
    for (const missing of [{ name: ' ' }, { email: '' }, { password: '' }, { photo: null }]) {
      expect(registrationProblem({ ...valid, ...missing })).toBe('(*) marked fields are required');
    }
  });

  it('then applies the password rules', () => {
    expect(registrationProblem({ ...valid, password: 'abcdef1' })).toBe(authMessages.passwordUpper);
  });
});
