import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { authError, fail, ok } from '../domain/errors/auth-error';
import type { CallOptions } from '../ports/call-options';
import type { SessionPort } from '../ports/session.port';
import { SIGNED_OUT_PATH, signOut } from './sign-out.use-case';

function hostWith(revoke: SessionPort['revoke']) {
  const scheduler = new VirtualTimeScheduler();
  const replace = vi.fn();
  const host = {
    scheduler,
    logger: { error: vi.fn() },
    callTimeoutMs: 15_000,
    prepareErrorDisplay: () => Promise.resolve(),
    ports: { session: { revoke } as unknown as SessionPort, navigation: { navigate: vi.fn(), replace, leave: vi.fn() } },
  };
  return { host, scheduler, replace };
}

describe('sign out', () => {
  it('revokes the session, then leaves for the login page', async () => {
    const revoke = vi.fn(() => Promise.resolve(ok(undefined)));
    const { host, replace } = hostWith(revoke);
    await signOut(host)();
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith(SIGNED_OUT_PATH);
  });

  it('still leaves when the revoke fails (the provider has cleared the local session)', async () => {
    const { host, replace } = hostWith(() => Promise.resolve(fail(authError('network_unreachable'))));
    await signOut(host)();
    expect(replace).toHaveBeenCalledWith(SIGNED_OUT_PATH);
  });

  it('leaves once the call timeout passes when the revoke hangs, and aborts it (virtual time)', async () => {
    let signal: CallOptions['signal'];
    const { host, scheduler, replace } = hostWith((options) => {
      signal = options?.signal;
      return new Promise(() => undefined);
    });
    const leaving = signOut(host)();
    scheduler.maxFrames = 14_999;
    scheduler.flush();
    await Promise.resolve();
    expect(replace).not.toHaveBeenCalled();
    scheduler.maxFrames = Infinity;
    scheduler.flush();
    await leaving;
    expect(replace).toHaveBeenCalledWith(SIGNED_OUT_PATH);
    expect(signal?.aborted).toBe(true);
  });
});
