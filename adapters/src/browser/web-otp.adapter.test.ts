// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createWebOtp, type WebOtpWindow } from './web-otp.adapter';

interface OtpCall {
  readonly options: { readonly otp: { readonly transport: readonly string[] }; readonly signal: AbortSignal };
  resolve(credential: unknown): void;
  reject(error: unknown): void;
}

/** A window stub (never the global one) whose `navigator.credentials.get` the test answers by hand. */
function stubWindow({ otpCredential = true, get = true } = {}) {
  const calls: OtpCall[] = [];
  const credentials = {
    get: (options: OtpCall['options']) =>
      new Promise<unknown>((resolve, reject) => {
        calls.push({ options, resolve, reject });
      }),
  };
  const win: WebOtpWindow & { OTPCredential?: unknown } = {
    navigator: { credentials: get ? credentials : {} },
    ...(otpCredential ? { OTPCredential: class {} } : {}),
  };
  return { win, calls };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

describe('WebOTP adapter', () => {
  it('is absent where the browser lacks the API', () => {
    expect(createWebOtp(stubWindow({ otpCredential: false }).win)).toBeUndefined();
    expect(createWebOtp(stubWindow({ get: false }).win)).toBeUndefined();
    expect(createWebOtp({ navigator: {} })).toBeUndefined();
    expect(createWebOtp(undefined)).toBeUndefined();
  });

  it('is present where OTPCredential and navigator.credentials.get exist', () => {
    expect(createWebOtp(stubWindow().win)).toBeDefined();
  });

  it('asks for an SMS code, abortably, and delivers it', async () => {
    const { win, calls } = stubWindow();
    const onCode = vi.fn();
    createWebOtp(win)?.listen(onCode);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.otp).toEqual({ transport: ['sms'] });
    expect(calls[0]?.options.signal.aborted).toBe(false);
    calls[0]?.resolve({ type: 'otp', id: '', code: '123456' });
    await flush();
    expect(onCode).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('aborts the request on stop, and drops a code that arrives after it', async () => {
    const { win, calls } = stubWindow();
    const onCode = vi.fn();
    const stop = createWebOtp(win)?.listen(onCode);
    stop?.();
    expect(calls[0]?.options.signal.aborted).toBe(true);
    calls[0]?.resolve({ type: 'otp', id: '', code: '123456' });
    await flush();
    expect(onCode).not.toHaveBeenCalled();
  });

  it('ignores a rejection (abort, no consent) and a credential without a code', async () => {
    const { win, calls } = stubWindow();
    const onCode = vi.fn();
    const port = createWebOtp(win);
    port?.listen(onCode);
    port?.listen(onCode);
    port?.listen(onCode);
    calls[0]?.reject(abortError());
    calls[1]?.resolve({ type: 'otp', id: '', code: '' });
    calls[2]?.resolve(null);
    await flush();
    expect(onCode).not.toHaveBeenCalled();
  });

  it('does not throw when the browser throws instead of rejecting', () => {
    const win = { OTPCredential: class {}, navigator: { credentials: { get: () => { throw new TypeError('not allowed'); } } } };
    const stop = createWebOtp(win)?.listen(vi.fn());
    expect(() => stop?.()).not.toThrow();
  });
});
