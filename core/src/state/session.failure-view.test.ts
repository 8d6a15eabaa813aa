import { describe, expect, it } from 'vitest';
import { errorMessage } from '../domain/errors/error-catalogue';
import type { ProviderSession } from '../ports/session.port';
import { byName, expectFailureView, untilCalled } from '../testing/failure-view';
import { PROVIDER_FAULTS, scriptedCall } from '../testing/provider-faults';
import { virtualTimeHost } from '../testing/virtual-time-host';

// The session check a page makes on load, under every fault, on virtual time: 'We could not check
// your sign-in' with the message, never a spinner that does not end, and 'Try again' (after the
// wait, for a 429) that asks again and finds the session. The browser's fault matrix keeps one
// row per fault kind.

const signedIn: NonNullable<ProviderSession> = {
  user: { userId: 'user-1', email: 'hopper@example.com', roles: [], untrustedMetadata: {} },
  session: { sessionId: 's-1', expiresAt: '2030-01-01T00:00:00Z' },
};

describe('session check on load', () => {
  it.each(byName(PROVIDER_FAULTS))('%s: the message, no spinner, Try again finds the session', async (_fault, fault) => {
    const check = scriptedCall((): ProviderSession => signedIn);
    check.failNext(fault);
    // The core asks once as it is built: the first answer is the fault.
    const test = virtualTimeHost({ session: { check, subscribe: () => () => undefined, adopt: () => Promise.resolve({ ok: true, value: null }), revoke: () => Promise.resolve({ ok: true, value: undefined }) } });
    const { session } = test.core;
    await untilCalled(test, () => check.calls.length, 1);

    await expectFailureView(
      test,
      fault,
      {
        read: () => {
          const state = session.getSnapshot();
          const unavailable = state.status === 'unavailable' ? state : null;
          return {
            // As the page shows it: the error's catalogue message.
            message: unavailable === null ? null : errorMessage(unavailable.error),
            kept: null,
            busy: state.status === 'unknown',
            retryEnabled: unavailable !== null && unavailable.retryInSeconds === null,
            retryInSeconds: unavailable?.retryInSeconds ?? null,
          };
        },
        retry: () => session.retry(),
        calls: () => check.calls.length,
      },
      { kept: null },
    );
    expect(session.getSnapshot()).toMatchObject({ status: 'authenticated', user: { email: 'hopper@example.com' } });
  });
});
