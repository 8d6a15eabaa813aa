import { describe, expect, it, vi } from 'vitest';
import { authError, fail, ok, type Result } from '../domain/errors/auth-error';
import type { CallOptions } from '../ports/call-options';
import type { ProjectSettingsPort, RbacPolicy } from '../ports/project-settings.port';
import type { ProviderSession, SessionPort } from '../ports/session.port';
import { virtualTimeHost } from '../testing/virtual-time-host';
import { createPermissions } from './permissions.use-case';

const policy: RbacPolicy = {
  roles: [
    { roleId: 'stytch_user', permissions: [{ resourceId: 'profile', actions: ['read'] }] },
    { roleId: 'editor', permissions: [{ resourceId: 'documents', actions: ['read', 'write'] }] },
    { roleId: 'admin', permissions: [{ resourceId: 'documents', actions: ['*'] }] },
  ],
  scopes: [],
};

const signedInAs = (...roles: string[]): ProviderSession => ({
  user: { userId: 'user-1', email: 'ada@example.com', roles, untrustedMetadata: {} },
  session: { sessionId: 'session-1', expiresAt: '2030-01-01T00:00:00Z' },
});

/** A session port whose first check answers `first`, and whose later reports the test sends. */
function sessionPort(first: ProviderSession) {
  const listeners = new Set<(session: ProviderSession) => void>();
  const port: SessionPort = {
    check: () => Promise.resolve(ok(first)),
    adopt: () => Promise.resolve(ok(null)),
    subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    revoke: () => Promise.resolve(ok(undefined)),
  };
  return { port, report: (session: ProviderSession) => listeners.forEach((listener) => listener(session)) };
}

/** Project settings answering each `get` with the next of `answers` ('hang': never). */
function settingsAnswering(...answers: Array<Result<RbacPolicy | null> | 'hang'>) {
  const signals: Array<CallOptions['signal']> = [];
  const get = vi.fn((options?: CallOptions) => {
    signals.push(options?.signal);
    const answer = answers.shift() ?? 'hang';
    return answer === 'hang' ? new Promise<Result<RbacPolicy | null>>(() => undefined) : Promise.resolve(answer);
  });
  // `get` stands for the port's policy reading (`rbacPolicy`); the other settings are not asked.
  const port: ProjectSettingsPort = { get: () => Promise.resolve(ok({ emailDomains: [], passwordConfig: null })), rbacPolicy: get };
  return { port, get, signals };
}

const withPolicy = (rbacPolicy: RbacPolicy | null | undefined): Result<RbacPolicy | null> => ok(rbacPolicy ?? null);

function setUp(first: ProviderSession, ...answers: Array<Result<RbacPolicy | null> | 'hang'>) {
  const session = sessionPort(first);
  const settings = settingsAnswering(...answers);
  const logged: unknown[][] = [];
  const test = virtualTimeHost({ session: session.port, projectSettings: settings.port, logger: { error: (...line: unknown[]) => void logged.push(line) } });
  const permissions = createPermissions(test.host);
  return { ...test, permissions, report: session.report, settings, logged };
}

describe('permissions (SPEC §6: the role policy as a query)', () => {
  it('is loading until both the policy and the session are known, then answers from the roles', async () => {
    const { permissions, advance } = setUp(signedInAs('editor'), withPolicy(policy));
    expect(permissions.getSnapshot().status).toBe('loading');
    expect(permissions.can('documents', 'read')).toBe(false);
    await advance(0);
    expect(permissions.getSnapshot().status).toBe('ready');
    expect(permissions.can('documents', 'write')).toBe(true);
    expect(permissions.can('documents', 'delete')).toBe(false);
    expect(permissions.can('profile', 'read')).toBe(true); // the implicit stytch_user role
  });

  it('follows a role change the session port reports, without a reload', async () => {
    const { permissions, report, advance, settings } = setUp(signedInAs('editor'), withPolicy(policy));
    const canDelete = permissions.watch('documents', 'delete');
    const answers: boolean[] = [];
    canDelete.subscribe(() => answers.push(canDelete.getSnapshot()));
    await advance(0);
    expect(canDelete.getSnapshot()).toBe(false);

    report(signedInAs('editor', 'admin')); // promoted in another tab
    expect(permissions.can('documents', 'delete')).toBe(true);
    report(signedInAs('editor'));
    expect(permissions.can('documents', 'delete')).toBe(false);
    expect(answers).toEqual([true, false]);
    expect(settings.get).toHaveBeenCalledTimes(1); // the policy is fetched once
  });

  it('keeps its snapshot, and a watch stays quiet, when a report changes nothing about the roles', async () => {
    const { permissions, report, advance } = setUp(signedInAs('editor'), withPolicy(policy));
    await advance(0);
    const before = permissions.getSnapshot();
    const canWrite = permissions.watch('documents', 'write');
    const onWrite = vi.fn();
    canWrite.subscribe(onWrite);
    const refreshed = signedInAs('editor');
    report({ user: { ...refreshed!.user, untrustedMetadata: { theme: 'dark' } }, session: { ...refreshed!.session, expiresAt: '2030-01-02T00:00:00Z' } });
    expect(permissions.getSnapshot()).toBe(before);
    report(signedInAs('editor', 'admin'));
    expect(permissions.getSnapshot()).not.toBe(before);
    expect(onWrite).not.toHaveBeenCalled(); // write was granted before and after
  });

  it('answers false for everything when signed out, and after a sign-out', async () => {
    const { permissions, report, advance } = setUp(signedInAs('admin'), withPolicy(policy));
    await advance(0);
    expect(permissions.can('documents', 'delete')).toBe(true);
    report(null);
    expect(permissions.getSnapshot().status).toBe('ready');
    expect(permissions.can('documents', 'delete')).toBe(false);
    expect(permissions.can('profile', 'read')).toBe(false); // stytch_user is a signed-in user's role

    const signedOut = setUp(null, withPolicy(policy));
    await signedOut.advance(0);
    expect(signedOut.permissions.getSnapshot().status).toBe('ready');
    expect(signedOut.permissions.can('profile', 'read')).toBe(false);
  });

  it('assumes no permissions when the policy cannot be fetched, says so, and tries again at the next session change', async () => {
    const { permissions, report, advance, settings, logged } = setUp(signedInAs('admin'), fail(authError('network_unreachable')), withPolicy(policy));
    await advance(0);
    expect(permissions.getSnapshot().status).toBe('unavailable');
    expect(permissions.can('documents', 'read')).toBe(false);
    expect(logged).toEqual([['The role policy could not be fetched: no permissions are assumed', expect.objectContaining({ code: 'network_unreachable' })]]);

    report(signedInAs('admin', 'editor'));
    await advance(0);
    expect(settings.get).toHaveBeenCalledTimes(2);
    expect(permissions.getSnapshot().status).toBe('ready');
    expect(permissions.can('documents', 'read')).toBe(true);
  });

  it('gives up on a policy fetch that hangs past the call timeout, on virtual time, and aborts it', async () => {
    const { permissions, advance, settings } = setUp(signedInAs('admin'), 'hang');
    await advance(14_999);
    expect(permissions.getSnapshot().status).toBe('loading');
    await advance(1);
    expect(permissions.getSnapshot().status).toBe('unavailable');
    expect(permissions.can('documents', 'read')).toBe(false);
    expect(settings.signals[0]?.aborted).toBe(true);
  });

  it.each([
    ['no policy in the settings', undefined],
    ['a null policy (the provider sent none, or one the adapter could not read)', null],
    ['an empty policy', { roles: [], scopes: [] }],
  ])('grants nothing with %s', async (_case, rbacPolicy) => {
    const { permissions, advance } = setUp(signedInAs('admin', 'stytch_user'), withPolicy(rbacPolicy));
    await advance(0);
    expect(permissions.getSnapshot().status).toBe('ready');
    expect(permissions.can('documents', 'read')).toBe(false);
  });

  it('streams a watched answer (state$ replays it, then reports each flip)', async () => {
    const { permissions, report, advance } = setUp(signedInAs('editor'), withPolicy(policy));
    const seen: boolean[] = [];
    const subscription = permissions.watch('documents', 'delete').state$.subscribe((answer) => seen.push(answer));
    await advance(0);
    report(signedInAs('admin'));
    report(signedInAs('admin', 'editor'));
    subscription.unsubscribe();
    report(signedInAs());
    expect(seen).toEqual([false, true]);
  });

  it('stops following the session and abandons its fetch when disposed', async () => {
    const { permissions, report, advance, settings } = setUp(signedInAs('admin'), 'hang');
    await advance(0);
    permissions.dispose();
    expect(settings.signals[0]?.aborted).toBe(true);
    report(signedInAs('editor'));
    await advance(20_000);
    expect(permissions.getSnapshot().status).toBe('loading');
  });
});
