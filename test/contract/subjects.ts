import { createStytchAdapters } from '@vestibule/adapters/stytch';
import { createSandbox, SANDBOX_EMAIL_DOMAIN } from '@vestibule/test/sandbox';
import { setupServer } from 'msw/node';
import { createFakePorts, FAKE_EMAIL_DOMAIN } from '../src/fakes';
import type { ContractSubject, MakeSubject } from './contract-subject';

/** The fakes from `@vestibule/test/fakes`. */
export const fakeSubject: MakeSubject = () => {
  const ports = createFakePorts();
  return {
    session: ports.session,
    magicLinks: ports.magicLinks,
    passwords: ports.passwords,
    projectSettings: ports.projectSettings,
    expectedEmailDomains: [FAKE_EMAIL_DOMAIN],
    linkTokenFor: (email) => {
      const token = ports.magicLinks.latestToken(email);
      if (token === undefined) throw new Error(`no link was sent to ${email}`);
      return token;
    },
    resetTokenFor: (email) => {
      const token = ports.passwords.latestResetToken(email);
      if (token === undefined) throw new Error(`no reset e-mail was sent to ${email}`);
      return token;
    },
    seedUser: (email, user) => ports.passwords.addUser(email, { password: user.password ?? null, requiresReset: user.requiresReset ?? false }),
    dispose: () => undefined,
  };
};

const ORIGIN = 'http://localhost:5173';

/**
 * The real Stytch adapters (and SDK) against the sandbox under `msw/node`. Needs a jsdom
 * environment on `http://localhost:5173/` (the SDK keeps its session in cookies). Call
 * `listen()` in `beforeAll` and `close()` in `afterAll`.
 */
export function stytchSandboxSubjects(): { readonly make: MakeSubject; listen(): void; close(): void } {
  const sandbox = createSandbox();
  const server = setupServer(...sandbox.handlers);
  let count = 0;
  return {
    listen: () => server.listen({ onUnhandledRequest: 'error' }),
    close: () => server.close(),
    make: (): ContractSubject => {
      // A fresh project token per subject: the SDK caches its state per token on `window`.
      const adapters = createStytchAdapters({ publicToken: `public-token-test-contract-${++count}`, apiBaseUrl: `${ORIGIN}/__sandbox/stytch` });
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
        projectSettings: adapters.projectSettings,
        expectedEmailDomains: [SANDBOX_EMAIL_DOMAIN],
        linkTokenFor: (email) => latestToken(email, 'magic_links'),
        resetTokenFor: (email) => latestToken(email, 'reset_password'),
        seedUser: async (email, user) => {
          // Through the control API, as a developer seeds the dev server.
          const response = await fetch(`${ORIGIN}/__sandbox/api/users`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email, ...(user.password === undefined ? {} : { password: user.password }), requires_reset: user.requiresReset ?? false }),
          });
          if (response.status !== 201) throw new Error(`seeding ${email} failed: ${response.status} ${await response.text()}`);
        },
        dispose: () => {
          adapters.dispose();
          sandbox.reset();
          // The SDK's cookies and stored state outlive the client; clear them for the next subject.
          for (const name of ['stytch_session', 'stytch_session_jwt']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
          localStorage.clear();
        },
      };
    },
  };
}
