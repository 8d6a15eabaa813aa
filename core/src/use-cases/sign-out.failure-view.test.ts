import { describe, expect, it } from 'vitest';
import { byName } from '../testing/failure-view';
import { CALL_TIMEOUT_MS, PROVIDER_FAULTS, scriptedCall } from '../testing/provider-faults';
import { virtualTimeHost } from '../testing/virtual-time-host';
import { SIGNED_OUT_PATH, signOut } from './sign-out.use-case';

// 'Log out' under every fault of the revoke, on virtual time: the provider clears the local
// session whatever the revoke answers, so the visitor always leaves for the login page — no
// message, and 'Logging out…' ends (the sign-out settles) at the latest with the call timeout.
// The browser's fault matrix keeps one row per fault kind.

describe('sign out', () => {
  it.each(byName(PROVIDER_FAULTS))('%s: leaves for the login page all the same', async (_fault, fault) => {
    const revoke = scriptedCall(() => undefined);
    revoke.failNext(fault);
    const test = virtualTimeHost({
      session: { check: () => Promise.resolve({ ok: true, value: null }), subscribe: () => () => undefined, adopt: () => Promise.resolve({ ok: true, value: null }), revoke },
    });
    let settled = false;
    void signOut(test.host)().then(() => (settled = true));
    await test.advance(0);
    expect(revoke.calls).toHaveLength(1);
    if (fault.error === null) {
      await test.advance(CALL_TIMEOUT_MS - 1);
      expect(settled, "'Logging out…' until the call timeout").toBe(false);
      await test.advance(1);
    }
    expect(settled).toBe(true);
    expect(test.navigations).toEqual([{ path: SIGNED_OUT_PATH, replace: true }]);
    expect(test.reportedErrors, 'nothing to tell the visitor or the integrator').toEqual([]);
  });
});
