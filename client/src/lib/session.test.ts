import { describe, expect, it } from 'vitest';
import { initialSession, sessionReducer, type SessionState, type SessionUser } from './session';

const user: SessionUser = { uid: 'u1', email: 'ada@example.test', displayName: 'Ada', photoURL: null };

const run = (state: SessionState, ...actions: Parameters<typeof sessionReducer>[1][]) =>
  actions.reduce(sessionReducer, state);

/** A whole sign-in: the user, our token, then the admin flag and the premium check. */
const signIn = (state: SessionState, isAdmin: boolean, subscribed: boolean) =>
  run(
    state,
    { type: 'signedIn', user },
    { type: 'tokenSaved' },
    { type: 'adminChecked', isAdmin },
    { type: 'premiumChecked', subscribed },
  );

/** Nobody signed in and nothing loading, with the given theme. */
const signedOut = (darkMode: boolean): SessionState => ({
  loading: false,
  user: null,
  subscribed: false,
  subscriptionLoading: false,
  isAdmin: false,
  adminLoading: false,
  darkMode,
});

describe('session state (docs/product.md §3–4)', () => {
  it('starts loading, signed out, with the stored theme', () => {
    expect(initialSession(true)).toEqual({
      loading: true,
      user: null,
      subscribed: false,
      subscriptionLoading: true,
      isAdmin: false,
      adminLoading: true,
      darkMode: true,
    });
  });

  it('starts signed out with nothing loading when there is no sign-in to restore', () => {
    expect(initialSession(false, false)).toEqual(signedOut(false));
  });

  it('sign-in: user stored, token saved ends loading, then the admin flag and premium check arrive', () => {
    let s = run(initialSession(false), { type: 'signedIn', user });
    expect(s).toMatchObject({ user, loading: true, adminLoading: true, subscriptionLoading: true });
    s = run(s, { type: 'tokenSaved' });
    expect(s.loading).toBe(false);
    s = run(s, { type: 'adminChecked', isAdmin: true });
    expect(s).toMatchObject({ isAdmin: true, adminLoading: false, subscriptionLoading: true });
    s = run(s, { type: 'premiumChecked', subscribed: true });
    expect(s).toMatchObject({ subscribed: true, subscriptionLoading: false });
  });

  it('a false premium check leaves subscribed false', () => {
    const s = signIn(initialSession(false), false, false);
    expect(s).toMatchObject({
      subscribed: false,
      isAdmin: false,
      loading: false,
      subscriptionLoading: false,
    });
  });

  it('sign-out: user emptied, flags and loading cleared, theme kept', () => {
    const signedIn = signIn(initialSession(true), true, true);
    expect(run(signedIn, { type: 'signedOut' })).toEqual(signedOut(true));
  });

  it('a failed sign-in call never leaves screens waiting', () => {
    const s = run(initialSession(false), { type: 'signedIn', user }, { type: 'checksFailed' });
    expect(s).toMatchObject({ loading: false, adminLoading: false, subscriptionLoading: false, user });
  });

  it('payment success marks the session subscribed; profile updates change the stored user', () => {
    let s = run(initialSession(false), { type: 'signedIn', user }, { type: 'subscribed' });
    expect(s.subscribed).toBe(true);
    s = run(s, { type: 'profileUpdated', displayName: 'Ada L.', photoURL: 'http://img.test/a.png' });
    expect(s.user).toEqual({ ...user, displayName: 'Ada L.', photoURL: 'http://img.test/a.png' });
    expect(
      run(initialSession(false), { type: 'profileUpdated', displayName: 'x', photoURL: null }).user,
    ).toBeNull();
  });

  it('a subscription that ends while signed in clears subscribed and nothing else', () => {
    const signedIn = signIn(initialSession(false), false, true);
    expect(run(signedIn, { type: 'subscriptionEnded' })).toEqual({ ...signedIn, subscribed: false });
  });

  it('the theme flag toggles', () => {
    expect(run(initialSession(false), { type: 'setDarkMode', darkMode: true }).darkMode).toBe(true);
  });
});
