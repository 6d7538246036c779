import { describe, expect, it } from 'vitest';
import { roleLabel } from './role';

describe('roleLabel', () => {
  it("is 'Admin' whenever a role is set, premium or not", () => {
    expect(roleLabel({ role: 'Admin', premiumEndAt: null })).toBe('Admin');
    expect(roleLabel({ role: 'Admin', premiumEndAt: '2030-01-01T00:00:00.000Z' })).toBe('Admin');
  });

  it("is 'Normal User' without a role when premiumEndAt is null or absent", () => {
    expect(roleLabel({ premiumEndAt: null })).toBe('Normal User');
    expect(roleLabel({})).toBe('Normal User');
  });

  it("is 'Premium User' without a role when premiumEndAt is set", () => {
    expect(roleLabel({ premiumEndAt: '2030-01-01T00:00:00.000Z' })).toBe('Premium User');
  });
});
