import { signOut, type AuthCore, type SessionState } from '@vestibule/core';
import { FakeAuthProvider, RecordingNavigation } from '@vestibule/test/fakes';
import { describe, expect, it } from 'vitest';
import { createContainer, resolveAdapters } from './container';
import { readEnvironment } from './environment';
import { TOKENS } from './tokens';

const environment = readEnvironment({}, 'http://localhost:5173');

const nextSession = (core: AuthCore) =>
  new Promise<SessionState>((resolve) => {
    const unsubscribe = core.session.subscribe(() => {
      unsubscribe();
      resolve(core.session.getSnapshot());
    });
  });

describe('composition root', () => {
  it('runs against the sandbox when no public token is configured', () => {
    expect(environment).toEqual({
      origin: 'http://localhost:5173',
      stytchPublicToken: 'public-token-test-vestibule-sandbox',
      stytchApiBaseUrl: 'http://localhost:5173/__sandbox/stytch',
    });
  });

  it("uses Stytch's own API when a public token is configured", () => {
    expect(readEnvironment({ VITE_STYTCH_PUBLIC_TOKEN: 'public-token-live-abc' }, 'https://shop.example')).toMatchObject({
      stytchPublicToken: 'public-token-live-abc',
      stytchApiBaseUrl: undefined,
    });
  });

  it('binds every port and builds one core', () => {
    const container = createContainer(environment);
    const core = container.get(TOKENS.AuthCore);
    expect(container.get(TOKENS.AuthCore)).toBe(core);
    expect(core.i18n.t('login.title')).toBe('Sign up or log in');
    core.dispose();
  });

  it('lets a test swap an adapter by rebinding on a fresh container', async () => {
    const container = createContainer(environment);
    const fake = new FakeAuthProvider();
    const navigation = new RecordingNavigation();
    container.rebind(TOKENS.AuthProvider).toConstantValue(fake);
    container.rebind(TOKENS.Navigation).toConstantValue(navigation);
    fake.setSession({
      user: { userId: 'user-test-9', email: 'grace@example.com', roles: [], untrustedMetadata: {} },
      session: { sessionId: 'session-test-9', expiresAt: '2099-01-01T00:00:00Z' },
    });
    const core = container.get(TOKENS.AuthCore);
    const session = await nextSession(core);
    expect(session).toMatchObject({ status: 'authenticated', user: { email: 'grace@example.com' } });
    await signOut(core.host)();
    expect(fake.revokeCount).toBe(1);
    expect(navigation.paths).toEqual(['/login']);
    core.dispose();
  });
});

describe('adapters for the browser app', () => {
  it('resolves the three adapters the core needs from the container', () => {
    const container = createContainer(environment);
    const fake = new FakeAuthProvider();
    container.rebind(TOKENS.AuthProvider).toConstantValue(fake);
    const adapters = resolveAdapters(container);
    expect(adapters.auth).toBe(fake);
    expect(typeof adapters.navigation.navigate).toBe('function');
    expect(typeof adapters.logger.error).toBe('function');
  });
});
