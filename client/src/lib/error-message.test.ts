import { AxiosError, AxiosHeaders, CanceledError, type AxiosResponse } from 'axios';
import { FirebaseError } from '@firebase/app';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorMessage,
  FALLBACK_ERROR_MESSAGE,
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  RATE_LIMIT_MESSAGE,
  SERVER_ERROR_MESSAGE,
  SESSION_ENDED_MESSAGE,
  UserFacingError,
} from './error-message';

/** An axios failure the way the API client sees one: with an answer of `status` and `data`. */
function answered(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    {},
    response,
  );
}

describe('errorMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives the server's {message}", () => {
    expect(errorMessage(answered(409, { message: 'A publisher with this name already exists' }))).toBe(
      'A publisher with this name already exists',
    );
    expect(errorMessage(answered(413, { message: 'The image must be at most 5 MB' }))).toBe(
      'The image must be at most 5 MB',
    );
  });

  it('adds the first field problem of a 400 {message, errors}', () => {
    const error = answered(400, {
      message: 'Unknown publisher',
      errors: [{ path: 'publisher', message: 'Publisher does not exist' }],
    });
    expect(errorMessage(error)).toBe('Unknown publisher (publisher: Publisher does not exist)');
  });

  it("says 'Too many requests…' for a 429, or the server's own words when it sent some", () => {
    expect(errorMessage(answered(429, ''))).toBe(RATE_LIMIT_MESSAGE);
    expect(errorMessage(answered(429, { message: 'Too many uploads, try again later' }))).toBe(
      'Too many uploads, try again later',
    );
  });

  it('says the server could not be reached when no answer came', () => {
    const config = { headers: new AxiosHeaders() };
    const offline = new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    expect(errorMessage(offline)).toBe(NETWORK_ERROR_MESSAGE);
    expect(isNetworkError(offline)).toBe(true);
    expect(isNetworkError(answered(500, {}))).toBe(false);
  });

  it('never shows a server error page or a bare status: plain words instead', () => {
    expect(errorMessage(answered(500, { message: 'Internal server error' }))).toBe(SERVER_ERROR_MESSAGE);
    expect(errorMessage(answered(502, '<html>Bad gateway</html>'))).toBe(SERVER_ERROR_MESSAGE);
    expect(errorMessage(answered(401, ''))).toBe(SESSION_ENDED_MESSAGE);
    expect(errorMessage(answered(404, null))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(answered(404, null), 'The article was not found')).toBe('The article was not found');
  });

  it('ignores a message that is not a sensible text', () => {
    expect(errorMessage(answered(400, { message: '' }))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(answered(400, { message: { nested: true } }))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(answered(400, { message: 'x'.repeat(2000) }))).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it('turns Firebase Auth codes into plain words', () => {
    expect(errorMessage(new FirebaseError('auth/network-request-failed', 'Firebase: Error'))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(errorMessage(new FirebaseError('auth/too-many-requests', 'Firebase: Error'))).toBe(
      'Too many attempts, please try again later',
    );
    expect(isNetworkError(new FirebaseError('auth/network-request-failed', 'x'))).toBe(true);
  });

  it('shows the text of a UserFacingError (a card decline), never that of a programming error', () => {
    expect(errorMessage(new UserFacingError('Your card was declined.'))).toBe('Your card was declined.');
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      FALLBACK_ERROR_MESSAGE,
    );
    expect(errorMessage('boom')).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(null)).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it('says the server could not be reached for any failure while the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorMessage(new Error('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('a cancelled call is not a network failure', () => {
    const cancelled = new CanceledError();
    expect(isNetworkError(cancelled)).toBe(false);
    expect(errorMessage(cancelled)).toBe(FALLBACK_ERROR_MESSAGE);
  });
});
