import { appPath, signOut, type AuthCore, type SessionState } from '@vestibule/core';
import { createFakePorts, MemoryStorage, sessionFor } from '@vestibule/test/fakes';
import { queueScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createBrowserCore } from './browser-core';
import { composeCore } from './compose-core';
import { createContainer, portResolver } from './container';
import { readEnvironment } from './environment';
import { isProductionHost } from './production-host';
import { PORTS_MANIFEST } from './ports.manifest';
import { PORT_KEYS, TOKENS } from './tokens';

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
  it('binds one adapter per port of the manifest, the Stytch ones over one shared client, and builds one core', async () => {
    const container = createContainer(environment);
    const stytch = await container.getAsync(TOKENS.stytchClient);
    const call = vi.spyOn(stytch, 'call');
    const aborted = new AbortController();
    aborted.abort();
    // Each product's adapters (a chunk of their own) call through the one client the session
    // uses (an aborted call answers without loading the SDK).
    for (const send of [
      async () => (await container.getAsync(TOKENS.magicLinks)).authenticate('token', 30, { signal: aborted.signal }),
      async () => (await container.getAsync(TOKENS.passwords)).searchUser('ada@example.com', { signal: aborted.signal }),
      async () => (await container.getAsync(TOKENS.passcodes)).verify('123456', 'phone-id', 30, { signal: aborted.signal }),
    ]) {
      expect(await send()).toMatchObject({ ok: false, error: { code: 'timeout' } });
    }
    expect(call).toHaveBeenCalledTimes(3);
    expect(typeof (await container.getAsync(TOKENS.phoneNumbers)).formatAsYouType).toBe('function');
    // jsdom has no WebOTP API: listening does nothing, and stopping is safe.
    const received: string[] = [];
    (await container.getAsync(TOKENS.webOtp)).listen((code) => received.push(code))();
    expect(received).toEqual([]);
    expect(typeof (await container.getAsync(TOKENS.projectSettings)).get).toBe('function');
    expect(typeof (await container.getAsync(TOKENS.telemetry)).send).toBe('function');
    expect(typeof (await container.getAsync(TOKENS.navigation)).replace).toBe('function');
    expect(typeof (await container.getAsync(TOKENS.logger)).error).toBe('function');
    expect(container.get(TOKENS.storage).get('nothing-stored')).toBeNull();
    expect(typeof container.get(TOKENS.scheduler).now).toBe('function');
    const core = await container.getAsync(TOKENS.authCore);
    expect(await container.getAsync(TOKENS.authCore)).toBe(core);
    expect(core.i18n.t('login.title')).toBe('Sign up or log in');
    expect(core.host.ports.passcodes).toBe(await container.getAsync(TOKENS.passcodes));
    expect(core.host.ports.phoneNumbers).toBe(await container.getAsync(TOKENS.phoneNumbers));
    expect(core.host.ports.webOtp).toBe(await container.getAsync(TOKENS.webOtp));
    core.dispose();
  });

  it('derives one token and one binding from each manifest entry', async () => {
    const container = createContainer(environment);
    expect(PORT_KEYS).toEqual(Object.keys(PORTS_MANIFEST));
    for (const key of PORT_KEYS) {
      expect(TOKENS[key]).toBe(Symbol.for(`vestibule.${key}`));
      const adapter = await container.getAsync<object>(TOKENS[key]);
      // The adapter has every method its stand-in plan defers.
      for (const method of Object.keys(PORTS_MANIFEST[key].plan)) expect(typeof (adapter as Record<string, unknown>)[method], `${key}.${method}`).toBe('function');
    }
  });

  it('hands the container-built core a WebOTP port where the browser offers one', async () => {
    const container = createContainer(environment);
    const fakes = createFakePorts();
    container.rebind(TOKENS.webOtp).toConstantValue(fakes.webOtp);
    const core = await container.getAsync(TOKENS.authCore);
    expect(core.host.ports.webOtp).toBe(fakes.webOtp);
    core.dispose();
  });

  it("gives the browser page's core passcodes, phone numbers and WebOTP, all deferred", async () => {
    const container = createContainer(environment);
    const fakes = createFakePorts();
    container.rebind(TOKENS.passcodes).toConstantValue(fakes.passcodes);
    container.rebind(TOKENS.phoneNumbers).toConstantValue(fakes.phoneNumbers);
    container.rebind(TOKENS.webOtp).toConstantValue(fakes.webOtp);
    const page = createBrowserCore(environment, {
      loadContainer: async () => portResolver(container),
      storage: new MemoryStorage(),
      durableStorage: new MemoryStorage(),
      scheduler: queueScheduler,
    });
    const { passcodes, phoneNumbers, webOtp } = page.core.host.ports;
    expect(webOtp).not.toBe(fakes.webOtp);
    // Stand-ins until the product's adapters load; a call starts that load.
    expect(passcodes).not.toBe(fakes.passcodes);
    expect(await phoneNumbers?.formatAsYouType('US', '2015550123')).toBe('(201) 555-0123');
    expect(await phoneNumbers?.parse('US', '(201) 555-0123')).toEqual({ valid: true, e164: '+12015550123' });
    expect(await passcodes?.send({ channel: 'sms', destination: '+12015550123', expirationMinutes: 10 })).toMatchObject({ ok: true });
    expect(fakes.passcodes.latestCode('+12015550123')).toMatch(/^\d{6}$/);
    // The send brought the passcode adapters: listening now reaches the browser's WebOTP.
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
    container.rebind(TOKENS.session).toConstantValue(fakes.session);
    container.rebind(TOKENS.navigation).toConstantValue(fakes.navigation);

    const page = createBrowserCore(environment, {
      loadContainer: async () => portResolver(container),
      storage: new MemoryStorage(),
      durableStorage: new MemoryStorage(),
      scheduler: queueScheduler,
    });
    void page.load(); // what main.tsx does on idle or first interaction
    const session = await settledSession(page.core);
    expect(session).toMatchObject({ status: 'authenticated', user: { email: 'grace@example.com' } });

    await signOut(page.core.host)();
    expect(fakes.session.revokeCount).toBe(1);
    await vi.waitFor(() => expect(fakes.navigation.navigations).toEqual([{ kind: 'replace', path: appPath('/login') }]));
    page.core.dispose();
  });

  it('lets a test swap one adapter of the container-built core', async () => {
    const container = createContainer(environment);
    const fakes = createFakePorts();
    container.rebind(TOKENS.projectSettings).toConstantValue(fakes.projectSettings);
    const core = await container.getAsync(TOKENS.authCore);
    expect(await core.host.ports.projectSettings.get()).toMatchObject({ ok: true, value: { emailDomains: ['mail.vestibule.test'] } });
    expect(fakes.projectSettings.getCount).toBe(1);
    core.dispose();
  });
});
