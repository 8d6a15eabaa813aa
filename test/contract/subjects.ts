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
    projectSettings: ports.projectSettings,
    expectedEmailDomains: [FAKE_EMAIL_DOMAIN],
    linkTokenFor: (email) => {
      const token = ports.magicLinks.latestToken(email);
      if (token === undefined) throw new Error(`no link was sent to ${email}`);
      return token;
    },
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
      return {
        session: adapters.session,
        magicLinks: adapters.magicLinks,
        projectSettings: adapters.projectSettings,
        expectedEmailDomains: [SANDBOX_EMAIL_DOMAIN],
        linkTokenFor: (email) => {
          const link = sandbox.state.messages.filter((message) => message.to === email).at(-1)?.link;
          const token = link === undefined ? null : new URL(link).searchParams.get('token');
          if (token === null) throw new Error(`the sandbox sent no link to ${email}`);
          return token;
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
