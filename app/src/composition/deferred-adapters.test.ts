import { FakeAuthProvider, RecordingNavigation } from '@vestibule/test/fakes';
import { describe, expect, it, vi } from 'vitest';
import { createDeferredAdapters, type Adapters } from './deferred-adapters';

function setup() {
  const auth = new FakeAuthProvider();
  const navigation = new RecordingNavigation();
  const loadAdapters = vi.fn(async (): Promise<Adapters> => ({ auth, navigation, logger: { error: () => undefined } }));
  return { auth, navigation, loadAdapters, deferred: createDeferredAdapters(loadAdapters) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('deferred adapters', () => {
  it('loads nothing for background calls until something starts the load', async () => {
    const { deferred, loadAdapters, auth } = setup();
    const sessions: unknown[] = [];
    deferred.auth.subscribeSession((session) => sessions.push(session));
    deferred.auth.logEvent({ name: 'render_login_screen', details: {} });
    const settings = deferred.auth.getProjectSettings();
    await settle();
    expect(loadAdapters).not.toHaveBeenCalled();
    expect(sessions).toEqual([]);

    await deferred.load();
    expect(await settings).toMatchObject({ ok: true, value: { emailDomains: ['mail.vestibule.test'] } });
    await settle();
    expect(sessions).toEqual([null]);
    expect(auth.loggedEvents.map((event) => event.name)).toEqual(['render_login_screen']);
    expect(loadAdapters).toHaveBeenCalledTimes(1);
  });

  it('starts the load itself for a call the user is waiting for', async () => {
    const { deferred, loadAdapters, auth } = setup();
    const result = await deferred.auth.sendMagicLink({
      email: 'ada@example.com',
      loginRedirectUrl: 'http://localhost:5173/login/callback',
      signupRedirectUrl: 'http://localhost:5173/login/callback',
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 30,
    });
    expect(result.ok).toBe(true);
    expect(loadAdapters).toHaveBeenCalledTimes(1);
    expect(auth.sentMagicLinks).toHaveLength(1);
  });

  it('reports an unreachable network when the provider code cannot be loaded, and retries later', async () => {
    const { deferred, loadAdapters } = setup();
    loadAdapters.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    expect(await deferred.auth.revokeSession()).toMatchObject({ ok: false, error: { code: 'network_unreachable' } });
    expect(await deferred.auth.revokeSession()).toEqual({ ok: true, value: undefined });
    expect(loadAdapters).toHaveBeenCalledTimes(2);
  });

  it('does not report to a session listener that unsubscribed before the load', async () => {
    const { deferred } = setup();
    const listener = vi.fn();
    const unsubscribe = deferred.auth.subscribeSession(listener);
    unsubscribe();
    await deferred.load();
    await settle();
    expect(listener).not.toHaveBeenCalled();
  });

  it('navigates through the loaded adapter', async () => {
    const { deferred, navigation } = setup();
    deferred.navigation.navigate('/orders');
    await deferred.load();
    await settle();
    expect(navigation.paths).toEqual(['/orders']);
  });
});
