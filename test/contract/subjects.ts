import {
  createStytchAdapters,
  createStytchPasskeysAdapter,
  createStytchPasswordsAdapter,
  createStytchRuntime,
  createStytchSessionAdapter,
  loadStytchSdk,
  type StytchRuntime,
} from '@vestibule/adapters/stytch';
import { createSandbox, SANDBOX_EMAIL_DOMAIN } from '@vestibule/test/sandbox';
import { setupServer } from 'msw/node';
import { createFakePorts, FAKE_EMAIL_DOMAIN, sessionFor } from '../src/fakes';
import type { ContractSubject, MakePortSubject, MakeSubject, ReceivedOAuthStart } from './contract-subject';
import type { MakePasskeysSubject } from './passkeys.contract';
import { VirtualWebAuthnBrowser } from './virtual-webauthn-browser';

/** The fakes from `@vestibule/test/fakes`. */
export const fakeSubject: MakeSubject = () => {
  const ports = createFakePorts();
  return {
    session: ports.session,
    magicLinks: ports.magicLinks,
    passwords: ports.passwords,
    passcodes: ports.passcodes,
    projectSettings: ports.projectSettings,
    oauth: ports.oauth,
    expectedEmailDomains: [FAKE_EMAIL_DOMAIN],
    linkTokenFor: (email) => {
      const token = ports.magicLinks.latestToken(email);
      if (token === undefined) throw new Error(`no link was sent to ${email}`);
      return token;
    },
    passcodeFor: (destination) => {
      const code = ports.passcodes.latestCode(destination);
      if (code === undefined) throw new Error(`no passcode was sent to ${destination}`);
      return code;
    },
    expirePasscodes: (methodId) => ports.passcodes.expire(methodId),
    resetTokenFor: (email) => {
      const token = ports.passwords.latestResetToken(email);
      if (token === undefined) throw new Error(`no reset e-mail was sent to ${email}`);
      return token;
    },
    seedUser: (email, user) => ports.passwords.addUser(email, { password: user.password ?? null, requiresReset: user.requiresReset ?? false }),
    lastOAuthStart: () => {
      const { provider, loginRedirectUrl, signupRedirectUrl, customScopes, providerParams } = ports.oauth.lastStart;
      return { provider, loginRedirectUrl, signupRedirectUrl, customScopes: customScopes ?? [], providerParams: providerParams ?? {} };
    },
    finishOAuthAtProvider: (choice) =>
      Promise.resolve(choice === 'cancel' ? ports.oauth.cancelAtProvider() : ports.oauth.completeAtProvider(choice.email)),
    dispose: () => undefined,
  };
};

const ORIGIN = 'http://localhost:5173';
const OAUTH_START = /\/v1\/public\/oauth\/([a-z]+)\/start$/;

/**
 * The SDK, with each client's OAuth navigation captured into `navigations` (jsdom cannot
 * navigate; `oauth.navigate` is the SDK's own seam, "Public so it can be mocked in tests").
 */
function capturingSdk(navigations: URL[]): typeof loadStytchSdk {
  return async () => {
    const sdk = await loadStytchSdk();
    const StytchClient = new Proxy(sdk.StytchClient, {
      construct(target, args: ConstructorParameters<typeof sdk.StytchClient>, newTarget) {
        const client = Reflect.construct(target, args, newTarget) as InstanceType<typeof sdk.StytchClient>;
        (client.oauth as unknown as { navigate(url: URL): void }).navigate = (url) => navigations.push(new URL(url));
        return client;
      },
    });
    return { ...sdk, StytchClient };
  };
}

/** The start URL the SDK navigated to, in the port's terms. */
function receivedStart(url: URL): ReceivedOAuthStart {
  const query = url.searchParams;
  const providerParams: Record<string, string> = {};
  for (const [key, value] of query) if (key.startsWith('provider_')) providerParams[key.slice('provider_'.length)] = value;
  return {
    provider: OAUTH_START.exec(url.pathname)?.[1] ?? '',
    loginRedirectUrl: query.get('login_redirect_url') ?? '',
    signupRedirectUrl: query.get('signup_redirect_url') ?? '',
    customScopes: (query.get('custom_scopes') ?? '').split(' ').filter((scope) => scope !== ''),
    providerParams,
  };
}

/** Plays the visitor on the sandbox's provider page for `start`; the token they come back with. */
async function finishAtSandboxProvider(start: URL, choice: { readonly email: string } | 'cancel'): Promise<string> {
  const page = await fetch(start);
  const state = /name="state" value="([^"]+)"/.exec(await page.text())?.[1];
  if (state === undefined) throw new Error(`the sandbox showed no provider page (${page.status})`);
  const fields = choice === 'cancel' ? { state, action: 'cancel' } : { state, action: 'other', email: choice.email };
  const response = await fetch(new URL(start.pathname.replace(/\/start$/, '/complete'), start.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const token = new URL(response.headers.get('location') ?? 'about:blank').searchParams.get('token');
  if (token === null) throw new Error(`the provider page did not send the visitor back with a token (${response.status})`);
  return token;
}

/**
 * The real Stytch adapters (and SDK) against the sandbox under `msw/node`. Needs a jsdom
 * environment on `http://localhost:5173/` (the SDK keeps its session in cookies). Call
 * `listen()` in `beforeAll` and `close()` in `afterAll`.
 */
export function stytchSandboxSubjects(): { readonly make: MakeSubject; listen(): void; close(): void } {
  const { sandbox, listen, close, nextToken } = sandboxUnderMsw('contract');
  return {
    listen,
    close,
    make: (): ContractSubject => {
      const navigations: URL[] = [];
      const adapters = createStytchAdapters({
        publicToken: nextToken(),
        apiBaseUrl: `${ORIGIN}/__sandbox/stytch`,
        loadSdk: capturingSdk(navigations),
      });
      const lastNavigation = (): URL => {
        const url = navigations.at(-1);
        if (url === undefined) throw new Error('the SDK never started an OAuth flow');
        return url;
      };
      const latestToken = (email: string, type: string): string => {
        const link = sandbox.state.messages
          .map((message) => (message.to === email && message.link !== undefined ? new URL(message.link) : null))
          .filter((url) => url?.searchParams.get('stytch_token_type') === type)
          .at(-1);
        const token = link?.searchParams.get('token') ?? null;
        if (token === null) throw new Error(`the sandbox sent no ${type} link to ${email}`);
        return token;
      };
      return {
        session: adapters.session,
        magicLinks: adapters.magicLinks,
        passwords: adapters.passwords,
        passcodes: adapters.passcodes,
        projectSettings: adapters.projectSettings,
        oauth: adapters.oauth,
        expectedEmailDomains: [SANDBOX_EMAIL_DOMAIN],
        linkTokenFor: (email) => latestToken(email, 'magic_links'),
        resetTokenFor: (email) => latestToken(email, 'reset_password'),
        passcodeFor: (destination) => {
          const code = sandbox.state.messages.filter((message) => message.to === destination && message.code !== undefined).at(-1)?.code;
          if (code === undefined) throw new Error(`the sandbox sent no passcode to ${destination}`);
          return code;
        },
        expirePasscodes: (methodId) => {
          // The sandbox's clock is real time here: move the code's expiry into the past instead.
          const record = sandbox.state.otps.get(methodId);
          if (record === undefined) throw new Error(`the sandbox holds no passcode for ${methodId}`);
          record.expiresAt = Date.now() - 1;
        },
        seedUser: async (email, user) => {
          // Through the control API, as a developer seeds the dev server.
          const response = await fetch(`${ORIGIN}/__sandbox/api/users`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email, ...(user.password === undefined ? {} : { password: user.password }), requires_reset: user.requiresReset ?? false }),
          });
          if (response.status !== 201) throw new Error(`seeding ${email} failed: ${response.status} ${await response.text()}`);
        },
        lastOAuthStart: () => receivedStart(lastNavigation()),
        finishOAuthAtProvider: (choice) => finishAtSandboxProvider(lastNavigation(), choice),
        dispose: () => {
          adapters.dispose();
          sandbox.reset();
          // The SDK's cookies and stored state outlive the client; clear them for the next subject.
          clearSdkState();
        },
      };
    },
  };
}

/**
 * The sandbox served under `msw/node`, with a fresh project token per subject (the SDK caches its
 * state per token on `window`): what both kinds of subject below are built on.
 */
function sandboxUnderMsw(kind: string) {
  const sandbox = createSandbox();
  const server = setupServer(...sandbox.handlers);
  let count = 0;
  return {
    sandbox,
    listen: () => server.listen({ onUnhandledRequest: 'error' }),
    close: () => server.close(),
    nextToken: () => `public-token-test-${kind}-${++count}`,
  };
}

/** What the SDK leaves in the page between subjects (its session cookies and stored state). */
function clearSdkState(): void {
  for (const name of ['stytch_session', 'stytch_session_jwt']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  localStorage.clear();
}

/**
 * One port's real Stytch adapter, built by `create` on its own SDK client, against the sandbox
 * under `msw/node`: a product's contract suite runs its port on it without joining every other
 * port's subject. Same environment and lifecycle as {@link stytchSandboxSubjects}.
 *
 * @public The contract suites `pnpm new:flow` writes run on it (none in the repository yet).
 */
export function stytchSandboxPort<P>(create: (runtime: StytchRuntime) => P): { readonly make: MakePortSubject<P>; listen(): void; close(): void } {
  const { sandbox, listen, close, nextToken } = sandboxUnderMsw('port');
  return {
    listen,
    close,
    make: () => {
      const runtime = createStytchRuntime({ publicToken: nextToken(), apiBaseUrl: `${ORIGIN}/__sandbox/stytch` });
      return {
        port: create(runtime),
        dispose: () => {
          runtime.dispose();
          sandbox.reset();
          clearSdkState();
        },
      };
    },
  };
}

/** The passkeys fake, on the fake session, playing the visitor's browser itself. */
export const fakePasskeysSubject: MakePasskeysSubject = () => {
  const { passkeys, session } = createFakePorts();
  return {
    port: passkeys,
    signIn: (email) => Promise.resolve(session.setSession(sessionFor(email, session.userNumberFor(email)))),
    signOut: () => Promise.resolve(session.setSession(null)),
    browser: {
      useAuthenticator: (name) => passkeys.useAuthenticator(name),
      declineNext: () => passkeys.declineNext(),
      answerEmptyNext: () => passkeys.answerEmptyNext(),
      offerAutofill: (offered) => {
        passkeys.support.autofill = offered;
      },
      pickAutofill: () => Promise.resolve(passkeys.pickAutofill()),
      get autofillWaiting() {
        return passkeys.autofillWaiting;
      },
    },
    dispose: () => undefined,
  };
};

const SANDBOX_PASSWORD = 'Passkeys contract horse battery 7';

/**
 * The real Stytch passkeys adapter (and SDK) against the sandbox under `msw/node`, with a
 * {@link VirtualWebAuthnBrowser} as the page's WebAuthn for each subject (installed by `make`,
 * removed by `dispose`). Users sign in with a password through the same SDK client. Same
 * environment and lifecycle as {@link stytchSandboxSubjects}.
 */
export function stytchSandboxPasskeys(): { readonly make: MakePasskeysSubject; listen(): void; close(): void } {
  const { sandbox, listen, close, nextToken } = sandboxUnderMsw('passkeys');
  return {
    listen,
    close,
    make: () => {
      const runtime = createStytchRuntime({ publicToken: nextToken(), apiBaseUrl: `${ORIGIN}/__sandbox/stytch` });
      const passwords = createStytchPasswordsAdapter(runtime);
      const session = createStytchSessionAdapter(runtime);
      const browser = new VirtualWebAuthnBrowser(ORIGIN);
      const uninstall = browser.install();
      const seeded = new Set<string>();
      return {
        port: createStytchPasskeysAdapter(runtime),
        browser,
        signIn: async (email) => {
          if (!seeded.has(email)) {
            const response = await fetch(`${ORIGIN}/__sandbox/api/users`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email, password: SANDBOX_PASSWORD }),
            });
            if (response.status !== 201) throw new Error(`seeding ${email} failed: ${response.status} ${await response.text()}`);
            seeded.add(email);
          }
          const result = await passwords.authenticate({ email, password: SANDBOX_PASSWORD, sessionDurationMinutes: 60 });
          if (!result.ok) throw new Error(`signing ${email} in failed: ${result.error.code}`);
        },
        signOut: async () => {
          const result = await session.revoke();
          if (!result.ok) throw new Error(`signing out failed: ${result.error.code}`);
        },
        dispose: () => {
          uninstall();
          runtime.dispose();
          sandbox.reset();
          clearSdkState();
        },
      };
    },
  };
}
