import { describe, expect, it } from 'vitest';
import { classifyError, httpErrorText } from './error-classifier';

describe('classifyError: HTTP statuses (spec 000 §8)', () => {
  it.each([
    [400, 'Invalid Input', 'Please check your input and try again.', false],
    [401, 'Authentication Required', 'Please sign in to continue.', false],
    [403, 'Access Denied', "You don't have permission to perform this action.", false],
    [404, 'Not Found', 'The requested item could not be found.', false],
    [429, 'Too Many Requests', 'Too many requests. Please wait a moment and try again.', true],
    [500, 'Server Error', 'Server is temporarily unavailable. Please try again in a few moments.', true],
    [502, 'Server Error', 'Server is temporarily unavailable. Please try again in a few moments.', true],
    [503, 'Server Error', 'Server is temporarily unavailable. Please try again in a few moments.', true],
    [504, 'Server Error', 'Server is temporarily unavailable. Please try again in a few moments.', true],
    [409, 'Error', 'An unexpected error occurred. Please try again.', false],
    [507, 'Error', 'An unexpected error occurred. Please try again.', true],
  ])('status %i → %s', (status, title, message, retryable) => {
    const classified = classifyError({ status, data: { message: 'from server' } });
    expect(classified).toMatchObject({ status, title, message, retryable, serverMessage: 'from server' });
  });

  it('sends a 401 to sign-in', () => {
    expect(classifyError({ status: 401, data: {} })).toMatchObject({ kind: 'auth', action: 'login' });
  });

  it('styles rate limits calmly and other HTTP errors as destructive', () => {
    expect(classifyError({ status: 429, data: null }).variant).toBe('default');
    expect(classifyError({ status: 400, data: null }).variant).toBe('destructive');
    expect(classifyError({ status: 500, data: null }).variant).toBe('destructive');
  });

  it('reads requiresPayment, billingStatus and the message of a 402', () => {
    const classified = classifyError({
      status: 402,
      data: { message: 'Card declined', requiresPayment: true, billingStatus: 'delinquent' },
    });
    expect(classified).toMatchObject({
      requiresPayment: true,
      billingStatus: 'delinquent',
      serverMessage: 'Card declined',
      retryable: false,
    });
  });

  it('keeps per-field messages of a validation error', () => {
    const classified = classifyError({
      status: 400,
      data: { message: 'Invalid', fields: { email: 'Invalid email address', bad: 3 } },
    });
    expect(classified.fields).toEqual({ email: 'Invalid email address' });
  });

  it('uses the status of an unparseable body', () => {
    const classified = classifyError({ status: 'PARSING_ERROR', originalStatus: 503, data: '<html>', error: 'x' });
    expect(classified).toMatchObject({ status: 503, title: 'Server Error', serverMessage: null, retryable: true });
  });
});

describe('classifyError: failures without a response', () => {
  it('classifies fetch failures as network errors', () => {
    for (const error of [
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      new TypeError('Failed to fetch'),
      new TypeError('NetworkError when attempting to fetch resource.'),
      'fetch failed: ECONNREFUSED',
    ]) {
      expect(classifyError(error)).toMatchObject({
        kind: 'network',
        title: 'Connection Error',
        message: 'Network connection issue. Please check your internet connection.',
        variant: 'default',
        retryable: true,
        status: null,
      });
    }
  });

  it('classifies time-outs and aborts', () => {
    const abort = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    for (const error of [
      { status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' },
      abort,
      new Error('Request timed out'),
      'timeout of 5000ms exceeded',
    ]) {
      expect(classifyError(error)).toMatchObject({
        kind: 'timeout',
        title: 'Request Timeout',
        message: 'Request timed out. Please try again.',
        variant: 'default',
        retryable: true,
      });
    }
  });

  it('sends authentication text to sign-in', () => {
    expect(classifyError(new Error('Authentication expired. Please log in again.'))).toMatchObject({
      kind: 'auth',
      title: 'Authentication Required',
      action: 'login',
      variant: 'destructive',
    });
  });

  it('gives the rate-limit message for backing-off and rate-limit text', () => {
    for (const text of ['Backing off after repeated failures', 'Rate limit exceeded']) {
      expect(classifyError(new Error(text))).toMatchObject({
        kind: 'rate-limit',
        title: 'Too Many Requests',
        message: 'Too many requests. Please wait a moment and try again.',
        variant: 'default',
        retryable: true,
      });
    }
  });

  it("reads errors thrown as 'status: body text'", () => {
    const text = httpErrorText(404, JSON.stringify({ message: 'Campaign not found' }));
    expect(text).toBe('404: {"message":"Campaign not found"}');
    expect(classifyError(new Error(text))).toMatchObject({
      status: 404,
      title: 'Not Found',
      serverMessage: 'Campaign not found',
    });
    expect(classifyError(new Error('503: Service Unavailable'))).toMatchObject({
      status: 503,
      retryable: true,
      serverMessage: 'Service Unavailable',
    });
  });

  it('falls back to the unexpected error, not retryable', () => {
    for (const error of [new Error('Something odd'), null, undefined, 42, {}]) {
      expect(classifyError(error)).toMatchObject({
        kind: 'unknown',
        title: 'Error',
        message: 'An unexpected error occurred. Please try again.',
        retryable: false,
        variant: 'destructive',
      });
    }
  });

  it('reads a known error code from the body, for callers to switch on instead of the message', () => {
    const busy = { status: 409, data: { message: 'Being called', code: 'CONTACT_BEING_CALLED' } };
    expect(classifyError(busy).code).toBe('CONTACT_BEING_CALLED');
    expect(classifyError({ status: 409, data: { message: 'x', code: 'NO_SUCH_CODE' } }).code).toBeNull();
    expect(classifyError(new Error('Network error')).code).toBeNull();
  });
});
