import { describe, expect, it } from 'vitest';
import {
  describeDuration,
  formatPaymentInformation,
  parsePaymentInformation,
  paymentInformationFromState,
} from './payment-information';

describe('payment information', () => {
  it("is '<seconds> <dollars>' both ways", () => {
    expect(formatPaymentInformation({ time: 432000, amount: 5 })).toBe('432000 5');
    expect(parsePaymentInformation('432000 5')).toEqual({ time: 432000, amount: 5 });
    expect(parsePaymentInformation('60 1')).toEqual({ time: 60, amount: 1 });
  });

  it('refuses anything else', () => {
    for (const bad of [
      undefined,
      null,
      5,
      '',
      '60',
      '60  1',
      'a b',
      '60 -1',
      '0 1',
      '60 0',
      '60 1 2',
      { time: 60 },
    ]) {
      expect(parsePaymentInformation(bad)).toBeNull();
    }
  });

  it('reads it from the /payment router state', () => {
    expect(paymentInformationFromState({ paymentInformation: '864000 10' })).toEqual({
      time: 864000,
      amount: 10,
    });
    expect(paymentInformationFromState(null)).toBeNull();
    expect(paymentInformationFromState({})).toBeNull();
    expect(paymentInformationFromState('864000 10')).toBeNull();
  });
});

describe('describeDuration', () => {
  it('names the catalog durations', () => {
    expect(describeDuration(60)).toBe('1 minute');
    expect(describeDuration(432000)).toBe('5 days');
    expect(describeDuration(864000)).toBe('10 days');
    expect(describeDuration(7200)).toBe('2 hours');
    expect(describeDuration(90)).toBe('90 seconds');
  });
});
