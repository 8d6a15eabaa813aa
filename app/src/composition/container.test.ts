import { appPath, signOut, type AuthCore, type SessionState } from '@vestibule/core';
import { createFakePorts, MemoryStorage, sessionFor } from '@vestibule/test/fakes';
import { queueScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createBrowserCore } from './browser-core';
import { composeCore } from './compose-core';
import { createContainer, resolveAdapters } from './container';
import { readEnvironment } from './environment';
import { isProductionHost } from './production-host';
import { TOKENS } from './tokens';

const environment = readEnvironment({}, 'http://localhost:5173');

const settledSession = (core: AuthCore) =>
  new Promise<SessionState>((resolve) => {
    const read = () => {
      const state = core.session.getSnapshot();
      if (state.status === 'unknown') return false;
      resolve(state);
      return true;
    };
    if (read()) return;
    const unsubscribe = core.session.subscribe(() => {
      if (read()) unsubscribe();
    });
  });

describe('environment', () => {
  it('runs against the sandbox when no public token is configured', () => {
    expect(environment).toEqual({
      origin: 'http://localhost:5173',
      stytchPublicToken: 'public-token-test-vestibule-sandbox',
      stytchApiBaseUrl: 'http://localhost:5173/__sandbox/stytch',
      googleIdentityScriptUrl: 'http://localhost:5173/__sandbox/gsi/client',
      productionHost: null,
    });
  });

  it('offers One Tap only on the configured production host (SPEC §1)', () => {
    const production = readEnvironment({ VITE_STYTCH_PUBLIC_TOKEN: 'public-token-live-abc', VITE_PRODUCTION_HOST: ' Shop.Example ' }, 'https://shop.example');
    expect(production.googleIdentityScriptUrl).toBe('https://accounts.google.com/gsi/client');
    expect(isProductionHost(production.origin, production.productionHost)).toBe(true);
    expect(isProductionHost('https://staging.shop.example', production.productionHost)).toBe(false);
    expect(isProductionHost('http://localhost:5173', readEnvironment({}, 'http://localhost:5173').productionHost)).toBe(false);
  });

  it("uses Stytch's own API when a public token is configured", () => {
    expect(readEnvironment({ VITE_STYTCH_PUBLIC_TOKEN: 'public-token-live-abc' }, 'https://shop.example')).toMatchObject({
      stytchPublicToken: 'public-token-live-abc',
      stytchApiBaseUrl: undefined,
    });
  });
});

describe('composition root', () => {
  it('binds one adapter per port, the Stytch ones over one shared client, and builds one core', () => {
    const container = createContainer(environment);
    const stytch = container.get(TOKENS.Stytch);
    expect(container.get(TOKENS.Session)).toBe(stytch.session);
    expect(container.get(TOKENS.MagicLinks)).toBe(stytch.magicLinks);
    expect(container.get(TOKENS.Passcodes)).toBe(stytch.passcodes);
    expect(typeof container.get(TOKENS.PhoneNumbers).formatAsYouType).toBe('function');
    // jsdom has no WebOTP API: listening does nothing, and stopping is safe.
    const received: string[] = [];
    container.get(TOKENS.WebOtp).listen((code) => received.push(code))();
    expect(received).toEqual([]);
    expect(container.get(TOKENS.ProjectSettings)).toBe(stytch.projectSettings);
    expect(container.get(TOKENS.Telemetry)).toBe(stytch.telemetry);
    expect(typeof container.get(TOKENS.Navigation).replace).toBe('function');
    expect(typeof container.get(TOKENS.Logger).error).toBe('function');
    expect(container.get(TOKENS.Storage).get('nothing-stored')).toBeNull();
    expect(typeof container.get(TOKENS.Scheduler).now).toBe('function');
    const core = container.get(TOKENS.AuthCore);
    expect(container.get(TOKENS.AuthCore)).toBe(core);
    expect(core.i18n.t('login.title')).toBe('Sign up or log in');
    expect(core.host.ports.passcodes).toBe(stytch.passcodes);
    expect(core.host.ports.phoneNumbers).toBe(container.get(TOKENS.PhoneNumbers));
    expect(core.host.ports.webOtp).toBe(container.get(TOKENS.WebOtp));
    core.dispose();
  });

  it('hands the container-built core a WebOTP port where the browser offers one', () => {
    const container = createContainer(environment);
    const fakes = createFakePorts();
    container.rebind(TOKENS.WebOtp).toConstantValue(fakes.webOtp);
    const core = container.get(TOKENS.AuthCore);
    expect(core.host.ports.webOtp).toBe(fakes.webOtp);
    core.dispose();
  });

  it("gives the browser page's core passcodes, phone numbers and WebOTP, all deferred", async () => {
    const container = createContainer(environment);
    const fakes = createFakePorts();
    container.rebind(TOKENS.Passcodes).toConstantValue(fakes.passcodes);
    container.rebind(TOKENS.PhoneNumbers).toConstantValue(fakes.phoneNumbers);
    container.rebind(TOKENS.WebOtp).toConstantValue(fakes.webOtp);
    const page = createBrowserCore(environment, {
      loadAdapters: async () => resolveAdapters(container),
      storage: new MemoryStorage(),
      durableStorage: new MemoryStorage(),
      scheduler: queueScheduler,
    });
    const { passcodes, phoneNumbers, webOtp } = page.core.host.ports;
    expect(webOtp).not.toBe(fakes.webOtp);
    // Stand-ins until the composition chunk loads; a call starts that load.
    expect(passcodes).not.toBe(fakes.passcodes);
    expect(await phoneNumbers?.formatAsYouType('US', '2015550123')).toBe('(201) 555-0123');
    expect(await phoneNumbers?.parse('US', '(201) 555-0123')).toEqual({ valid: true, e164: '+12015550123' });
    expect(await passcodes?.send({ channel: 'sms', destination: '+12015550123', expirationMinutes: 10 })).toMatchObject({ ok: true });
    expect(fakes.passcodes.latestCode('+12015550123')).toMatch(/^\d{6}$/);
    // The send brought the adapters: listening now reaches the browser's WebOTP.
    const received: string[] = [];
    webOtp?.listen((code) => received.push(code));
    await vi.waitFor(() => expect(fakes.webOtp.listening).toBe(1));
    fakes.webOtp.deliver('123456');
    expect(received).toEqual(['123456']);
    page.core.dispose();
  });

  it('builds the core with the same options everywhere (composeCore)', () => {
    const core = composeCore(createFakePorts(), environment);
    expect(core.host.origin).toBe('http://localhost:5173');
    expect(core.i18n.locale).toBe('en');
    core.dispose();
  });

  it("lets a test swap adapters with rebind, on the browser's own path (deferred stand-ins → container)", async () => {
    const container = createContainer(environment);
    const fakes = createFakePorts({ session: sessionFor('grace@example.com', 9) });
    container.rebind(TOKENS.Session).toConstantValue(fakes.session);
    container.rebind(TOKENS.Navigation).toConstantValue(fakes.navigation);

    const page = createBrowserCore(environment, {
      loadAdapters: async () => resolveAdapters(container),
      storage: new MemoryStorage(),
      durableStorage: new MemoryStorage(),
      scheduler: queueScheduler,
    });
    void page.load(); // what main.tsx does on idle or first interaction
    const session = await settledSession(page.core);
    expect(session).toMatchObject({ status: 'authenticated', user: { email: 'grace@example.com' } });

    await signOut(page.core.host)();
    expect(fakes.session.revokeCount).toBe(1);
    await Promise.resolve();
    expect(fakes.navigation.navigations).toEqual([{ kind: 'replace', path: appPath('/login') }]);
    page.core.dispose();
  });

  it('lets a test swap one adapter of the container-built core', async () => {
    const container = createContainer(environment);
    const fakes = createFakePorts();
    container.rebind(TOKENS.ProjectSettings).toConstantValue(fakes.projectSettings);
    const core = container.get(TOKENS.AuthCore);
    expect(await core.host.ports.projectSettings.get()).toMatchObject({ ok: true, value: { emailDomains: ['mail.vestibule.test'] } });
    expect(fakes.projectSettings.getCount).toBe(1);
    core.dispose();
  });
});
