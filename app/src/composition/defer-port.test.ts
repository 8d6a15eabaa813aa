import { appPath, type ProviderSession } from '@vestibule/core';
import { createFakePorts, sessionFor } from '@vestibule/test/fakes';
import { describe, expect, it, vi } from 'vitest';
import { deferManifestPorts, type PortResolver } from './browser-core';
import { type DeferPlan, deferPort, lazyModule } from './defer-port';
import type { ManifestPorts } from './ports.manifest';

/** The manifest's stand-ins over a container that resolves the fakes; `module` is the container's load. */
function setup() {
  const fakes = createFakePorts();
  const adapters: ManifestPorts = fakes;
  const loader = vi.fn(async (): Promise<PortResolver> => ({ resolve: async (key) => adapters[key] }));
  const module = lazyModule(loader);
  return { fakes, loader, module, deferred: deferManifestPorts(module).ports };
}

/** Lets promise callbacks run (the stand-ins forward on later microtasks). */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const request = {
  email: 'ada@example.com',
  loginRedirectUrl: 'http://localhost:5173/login/callback',
  signupRedirectUrl: 'http://localhost:5173/login/callback',
  loginExpirationMinutes: 30,
  signupExpirationMinutes: 30,
};

describe('deferPort', () => {
  it('loads nothing for background calls until something starts the load, then forwards them', async () => {
    const { deferred, loader, module, fakes } = setup();
    const reported: ProviderSession[] = [];
    deferred.session.subscribe((session) => reported.push(session as ProviderSession));
    deferred.telemetry.send([{ id: 'e1', sentAt: 0, name: 'render_login_screen', details: {} }]);
    const settings = deferred.projectSettings.get();
    const check = deferred.session.check();
    await flush();
    expect(loader).not.toHaveBeenCalled();

    await module.load();
    expect(await settings).toMatchObject({ ok: true, value: { emailDomains: ['mail.vestibule.test'] } });
    expect(await check).toEqual({ ok: true, value: null });
    expect(fakes.telemetry.names).toEqual(['render_login_screen']);
    fakes.session.setSession(sessionFor('ada@example.com'));
    expect(reported).toEqual([sessionFor('ada@example.com')]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('starts the load itself for a call the visitor is waiting for', async () => {
    const { deferred, loader, fakes } = setup();
    expect(await deferred.magicLinks.send(request)).toEqual({ ok: true, value: undefined });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(fakes.magicLinks.sentRequests).toEqual([request]);
  });

  it('passes every argument through, call options included', async () => {
    const { deferred, fakes } = setup();
    const controller = new AbortController();
    fakes.magicLinks.sends.holdNext();
    const pending = deferred.magicLinks.send(request, { signal: controller.signal });
    await flush();
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('reports an unreachable network when the code cannot be loaded, and retries on the next call', async () => {
    const { deferred, loader } = setup();
    loader.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    expect(await deferred.session.revoke()).toMatchObject({ ok: false, error: { code: 'network_unreachable', retryable: true } });
    expect(await deferred.session.revoke()).toEqual({ ok: true, value: undefined });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('answers a waiting background call with network_unreachable when the code cannot be loaded', async () => {
    const { deferred, loader, module } = setup();
    loader.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const settings = deferred.projectSettings.get();
    await module.load().catch(() => undefined);
    expect(await settings).toMatchObject({ ok: false, error: { code: 'network_unreachable' } });
  });

  it('lets a waiting background call retry a load that failed once', async () => {
    const { deferred, loader, module } = setup();
    loader.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const settings = deferred.projectSettings.get();
    await module.load().catch(() => undefined);
    expect(await settings).toMatchObject({ ok: true });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('does not subscribe a listener that unsubscribed before the load', async () => {
    const { deferred, module, fakes } = setup();
    const listener = vi.fn();
    deferred.session.subscribe(listener)();
    await module.load();
    await flush();
    fakes.session.setSession(sessionFor('ada@example.com'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('unsubscribes from the real port after the load', async () => {
    const { deferred, module, fakes } = setup();
    const listener = vi.fn();
    const unsubscribe = deferred.session.subscribe(listener);
    await module.load();
    await flush();
    unsubscribe();
    fakes.session.setSession(sessionFor('ada@example.com'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('navigates through the loaded adapter, starting the load', async () => {
    const { deferred, fakes, loader } = setup();
    deferred.navigation.replace(appPath('/login'));
    deferred.navigation.navigate(appPath('/orders'));
    expect(loader).toHaveBeenCalledTimes(1);
    await flush();
    expect(fakes.navigation.navigations).toEqual([
      { kind: 'replace', path: '/login' },
      { kind: 'navigate', path: '/orders' },
    ]);
  });

  it('defers plain-promise ports too (await): the call starts the load, a failed load rejects and is retried', async () => {
    const { deferred, loader, fakes } = setup();
    loader.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(deferred.phoneNumbers.parse('US', '2015550123')).rejects.toThrow('Failed to fetch');
    expect(await deferred.phoneNumbers.parse('US', '2015550123')).toEqual({ valid: true, e164: '+12015550123' });
    expect(await deferred.phoneNumbers.formatAsYouType('US', '201555')).toBe('(201) 555');
    expect(loader).toHaveBeenCalledTimes(2);
    expect(fakes.phoneNumbers.calls.map((call) => call.method)).toEqual(['parse', 'formatAsYouType']);
  });

  it('starts the load for passcodes the visitor is waiting for', async () => {
    const { deferred, loader, fakes } = setup();
    expect(await deferred.passcodes.send({ channel: 'email', destination: 'ada@example.com' })).toMatchObject({ ok: true });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(fakes.passcodes.sent).toHaveLength(1);
  });

  it('estimates password strength through the loaded adapter (starting the load), and rejects when it cannot load', async () => {
    const { deferred, fakes, loader } = setup();
    const estimate = vi.spyOn(fakes.passwordStrength, 'estimate');
    const result = deferred.passwordStrength.estimate('correct horse', ['ada@example.com']);
    expect(loader).toHaveBeenCalledTimes(1);
    const estimated: unknown = await result;
    expect(estimate).toHaveBeenCalledWith('correct horse', ['ada@example.com']);
    expect(estimated).toEqual(await estimate.mock.results[0]?.value);

    const failing = deferManifestPorts(lazyModule(() => Promise.reject(new Error('chunk failed')))).ports;
    await expect(failing.passwordStrength.estimate('x', [])).rejects.toThrow('chunk failed');
  });

  it("fetches the code behind named ports ahead of their first call (the widget's idle preload), and leaves a failed fetch to the call", async () => {
    const fakes = createFakePorts();
    const adapters: ManifestPorts = fakes;
    const loader = vi.fn(async (): Promise<PortResolver> => ({ resolve: async (key) => adapters[key] }));
    const { ports, prefetch } = deferManifestPorts(lazyModule(loader));
    prefetch(['passwords', 'notAPort']);
    // The passwords adapters load beside the container: started without any call.
    expect(loader).toHaveBeenCalledTimes(1);
    await flush();
    const searchUser = vi.spyOn(fakes.passwords, 'searchUser');
    await ports.passwords.searchUser('ada@example.com');
    expect(searchUser).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledTimes(1);

    const failing = deferManifestPorts(lazyModule(() => Promise.reject(new Error('chunk failed'))));
    failing.prefetch(['passwords']);
    await flush();
    await expect(failing.ports.passwords.searchUser('ada@example.com')).resolves.toMatchObject({ ok: false, error: { code: 'network_unreachable' } });
  });

  it('never answers when the module never loads (the build-time renderer)', async () => {
    const never = lazyModule(() => new Promise<PortResolver>(() => undefined));
    const { ports } = deferManifestPorts(never);
    const answered = vi.fn();
    void ports.magicLinks.send(request).then(answered);
    await flush();
    expect(answered).not.toHaveBeenCalled();
  });

  it('makes leaving a method out, or deferring a synchronous one, a type error', () => {
    interface Example {
      call(): Promise<{ ok: true; value: number }>;
      read(key: string): string | null;
    }
    // @ts-expect-error -- `call` is missing from the plan
    const missing: DeferPlan<Pick<Example, 'call'>> = {};
    // @ts-expect-error -- a synchronous value cannot be deferred
    const sync: DeferPlan<Pick<Example, 'read'>> = { read: 'fire' };
    // @ts-expect-error -- a Result call never rejects, so it cannot `await`
    const rejecting: DeferPlan<Pick<Example, 'call'>> = { call: 'await' };
    // @ts-expect-error -- a plain promise has no failure value for `urgent` to resolve to
    const plain: DeferPlan<{ format(): Promise<string> }> = { format: 'urgent' };
    expect([missing, sync, rejecting, plain]).toHaveLength(4);
    expect(typeof deferPort).toBe('function');
  });
});
