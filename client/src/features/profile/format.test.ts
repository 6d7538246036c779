import { describe, expect, it } from 'vitest';
import { formatBirth, formatGender, orNA } from './format';

describe('profile field formatting', () => {
  it("shows 'N/A' for empty values", () => {
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA(null)).toBe('N/A');
    expect(orNA('')).toBe('N/A');
    expect(orNA('   ')).toBe('N/A');
    expect(orNA('12 Fleet Street')).toBe('12 Fleet Street');
    expect(formatBirth(undefined)).toBe('N/A');
    expect(formatGender(undefined)).toBe('N/A');
  });

  it('shows the date of birth as a calendar date, whatever the time zone', () => {
    expect(formatBirth('1991-05-17')).toBe('17 May 1991');
    expect(formatBirth('2000-01-01')).toBe('1 January 2000');
  });

  it('capitalises the gender', () => {
    expect(formatGender('female')).toBe('Female');
    expect(formatGender('male')).toBe('Male');
  });
});
