import type { ProviderSession } from '@vestibule/core';
import { createSandbox } from '@vestibule/test/sandbox';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createStytchRuntime, type StytchAdaptersOptions, type StytchRuntime } from './stytch-client';
import { createStytchMagicLinksAdapter } from './stytch-magic-links.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';

// For the cookie tests (jsdom at any origin): what the page tells the browser about cookies, as
// the strings written to `document.cookie`, during real sign-ins with the SDK against the sandbox.
// Nothing outside tests imports this module.

/** One string written to `document.cookie`, split as a browser reads it. */
export interface CookieWrite {
  readonly raw: string;
  readonly name: string;
  readonly value: string;
  /** Attribute names lower-cased (`samesite`, `secure`, …); a flag maps to `true`. */
  readonly attributes: ReadonlyMap<string, string | true>;
}

function parseCookieWrite(raw: string): CookieWrite {
  const [pair = '', ...rest] = raw.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const attributes = new Map<string, string | true>();
  for (const part of rest) {
    const at = part.indexOf('=');
    if (at < 0) attributes.set(part.toLowerCase(), true);
    else attributes.set(part.slice(0, at).toLowerCase(), part.slice(at + 1));
  }
  return { raw, name: equals < 0 ? '' : pair.slice(0, equals), value: equals < 0 ? pair : pair.slice(equals + 1), attributes };
}

/**
 * Every string written to `document.cookie` while the file's tests run (the Document prototype's
 * setter is wrapped, so the SDK's js-cookie and our own clearing are both seen), still passed on
 * to jsdom's cookie jar. Empty the returned array to start a test afresh.
 */
export function recordCookieWrites(): CookieWrite[] {
  const writes: CookieWrite[] = [];
  const original = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const set = original?.set;
  if (original === undefined || set === undefined) throw new Error('this DOM has no document.cookie setter to wrap');
  beforeAll(() => {
    Object.defineProperty(Document.prototype, 'cookie', {
      ...original,
      set(this: Document, value: string) {
        writes.push(parseCookieWrite(value));
        set.call(this, value);
      },
    });
  });
  afterAll(() => {
    Object.defineProperty(Document.prototype, 'cookie', original);
  });
  return writes;
}

/**
 * One sandbox and its msw server for a test file, the page's own origin authorized (as a real
 * project lists its domains) and its `/login/callback` a redirect URL. Registers the file's hooks.
 */
export function cookieSandbox() {
  const sandbox = createSandbox();
  const server = setupServer(...sandbox.handlers);
  const origin = window.location.origin;
  const callback = `${origin}/login/callback`;
  const runtimes: StytchRuntime[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    const project = sandbox.state.project;
    project.authorized_domains = [window.location.hostname];
    project.redirect_urls.login = [callback];
    project.redirect_urls.signup = [callback];
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    for (const runtime of runtimes) runtime.dispose();
    server.close();
  });

  return {
    sandbox,
    server,
    /** The Stytch API base on the page's own origin. */
    apiBaseUrl: `${origin}/__sandbox/stytch`,
    /** A runtime on this sandbox, disposed after the file. */
    runtime(publicToken: string, options: Pick<StytchAdaptersOptions, 'cookieOptions' | 'logger'> = {}): StytchRuntime {
      const runtime = createStytchRuntime({ publicToken, apiBaseUrl: `${origin}/__sandbox/stytch`, ...options });
      runtimes.push(runtime);
      return runtime;
    },
    /**
     * Signs out through a revoke the provider does not answer before the caller gives up (our own
     * clearing's case); the port's result. The SDK's own late answer lands about 50 ms later.
     */
    async revokeThatTimesOut(runtime: StytchRuntime) {
      const controller = new AbortController();
      server.use(
        http.post(`${origin}/__sandbox/stytch/sdk/v1/sessions/revoke`, async () => {
          controller.abort();
          await delay(50);
          return HttpResponse.json({ status_code: 503, error_type: 'internal_server_error', error_message: 'down' }, { status: 503 });
        }),
      );
      return createStytchSessionAdapter(runtime).revoke({ signal: controller.signal });
    },
    /** Signs `email` in by magic link through `runtime`'s SDK client; the session the provider reported. */
    async signIn(runtime: StytchRuntime, email: string): Promise<NonNullable<ProviderSession>> {
      const magicLinks = createStytchMagicLinksAdapter(runtime);
      const sent = await magicLinks.send({ email, loginRedirectUrl: callback, signupRedirectUrl: callback, loginExpirationMinutes: 30, signupExpirationMinutes: 30 });
      if (!sent.ok) throw new Error(`magic link not sent: ${sent.error.code}`);
      const token = new URL(sandbox.state.messages.at(-1)?.link ?? '').searchParams.get('token') ?? '';
      const result = await magicLinks.authenticate(token, 60);
      if (!result.ok || result.value === null) throw new Error(`sign-in failed: ${result.ok ? 'no session' : result.error.code}`);
      return result.value;
    },
  };
}

/** The cookie names `document.cookie` holds now. */
export const cookieNames = (): string[] => (document.cookie === '' ? [] : document.cookie.split('; ').map((pair) => pair.slice(0, pair.indexOf('='))));
