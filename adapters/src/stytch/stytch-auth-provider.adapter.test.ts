// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import type { ProviderSession } from '@vestibule/core';
import { createSandbox } from '@vestibule/test/sandbox';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStytchAuthProvider } from './stytch-auth-provider.adapter';

const ORIGIN = 'http://localhost:5173';
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
const provider = createStytchAuthProvider({ publicToken: 'public-token-test-adapter', apiBaseUrl: `${ORIGIN}/__sandbox/stytch` });

const sessions: ProviderSession[] = [];
let unsubscribe = () => {};

function waitFor<T>(read: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = read();
      if (value !== undefined) resolve(value);
      else if (performance.now() - started > timeoutMs) reject(new Error('timed out waiting'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

const latestLinkToken = () => {
  const link = sandbox.state.messages.at(-1)?.link;
  return link ? new URL(link).searchParams.get('token') ?? undefined : undefined;
};

const request = (email: string) => ({
  email,
  loginRedirectUrl: `${ORIGIN}/login/callback?redirect=%2Forders&source=web`,
  signupRedirectUrl: `${ORIGIN}/login/callback?redirect=%2Forders&source=web`,
  loginExpirationMinutes: 30,
  signupExpirationMinutes: 30,
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  unsubscribe = provider.subscribeSession((session) => sessions.push(session));
});
afterAll(() => {
  unsubscribe();
  server.close();
});
beforeEach(() => server.resetHandlers());

describe('Stytch adapter against the sandbox, with the real SDK', () => {
  it('reports a signed-out visitor once the SDK has started', async () => {
    await waitFor(() => (sessions.length > 0 ? true : undefined));
    expect(sessions[0]).toBeNull();
  });

  it('reads the sender domain from the project settings', async () => {
    const settings = await provider.getProjectSettings();
    expect(settings).toMatchObject({ ok: true, value: { emailDomains: ['mail.vestibule.test'] } });
  });

  it('sends a magic link whose e-mail carries the return URL', async () => {
    const result = await provider.sendMagicLink(request('ada@example.com'));
    expect(result).toEqual({ ok: true, value: undefined });
    const message = sandbox.state.messages.at(-1);
    expect(message?.to).toBe('ada@example.com');
    const link = new URL(message?.link ?? '');
    expect(link.pathname).toBe('/login/callback');
    expect(link.searchParams.get('redirect')).toBe('/orders');
    expect(link.searchParams.get('source')).toBe('web');
  });

  it('signs in with the link and reports the session with the user e-mail', async () => {
    const token = await waitFor(latestLinkToken);
    const result = await provider.authenticateMagicLink(token, 60);
    expect(result.ok && result.value?.user.email).toBe('ada@example.com');
    const reported = await waitFor(() => sessions.find((session) => session !== null) ?? undefined);
    expect(reported?.user.email).toBe('ada@example.com');
    expect(document.cookie).toContain('stytch_session=');
  });

  it('translates a used link into unable_to_auth_magic_link', async () => {
    const token = await waitFor(latestLinkToken);
    const result = await provider.authenticateMagicLink(token, 60);
    expect(result).toMatchObject({ ok: false, error: { code: 'unable_to_auth_magic_link', status: 401 } });
  });

  it('signs out: the session is revoked and reported as null', async () => {
    const before = sessions.length;
    expect(await provider.revokeSession()).toEqual({ ok: true, value: undefined });
    const after = await waitFor(() => (sessions.length > before ? sessions.at(-1) : undefined));
    expect(after).toBeNull();
    expect(document.cookie).not.toContain('stytch_session=');
  });

  it("translates the provider's invalid_email", async () => {
    const result = await provider.sendMagicLink(request('not-an-address'));
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_email', status: 400 } });
  });

  it('translates an unreachable server into network_unreachable', async () => {
    server.use(http.post('*/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create', () => HttpResponse.error()));
    const result = await provider.sendMagicLink(request('ada@example.com'));
    expect(result).toMatchObject({ ok: false, error: { code: 'network_unreachable' } });
  });

  it('passes an unknown error type through with its server message', async () => {
    server.use(
      http.post('*/__sandbox/stytch/sdk/v1/magic_links/email/login_or_create', () =>
        HttpResponse.json(
          { status_code: 429, request_id: 'r', error_type: 'too_many_requests', error_message: 'Slow down, please.', error_url: '' },
          { status: 429 },
        ),
      ),
    );
    const result = await provider.sendMagicLink(request('ada@example.com'));
    expect(result).toMatchObject({ ok: false, error: { code: 'too_many_requests', serverMessage: 'Slow down, please.' } });
  });

  it('sends provider log events to the events endpoint in a batch', async () => {
    provider.logEvent({ name: 'email_sent', details: { email: 'ada@example.com', type: 'login_or_create_eml' } });
    provider.logEvent({ name: 'email_try_again_clicked', details: { email: 'ada@example.com', type: 'login_or_create_eml' } });
    const names = await waitFor(() => {
      const received = sandbox.state.sdkEvents.map((event) => event.event_name);
      return received.includes('email_try_again_clicked') ? received : undefined;
    });
    expect(names).toEqual(expect.arrayContaining(['email_sent', 'email_try_again_clicked']));
  });
});
