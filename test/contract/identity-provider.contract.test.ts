// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import {
  createStytchIdentityProviderAdapter,
  createStytchPasswordsAdapter,
  createStytchSessionAdapter,
  type StytchRuntime,
} from '@vestibule/adapters/stytch';
import { afterAll, beforeAll } from 'vitest';
import { FakeIdentityProvider, FAKE_TRUSTED_TOKEN_PROFILE_ID, createFakePorts, sessionFor } from '../src/fakes';
import { describeIdentityProviderContract, type MakeIdentityProviderSubject } from './identity-provider.contract';
import { stytchSandboxPort } from './subjects';

const ORIGIN = 'http://localhost:5173';
const PASSWORD = 'Identity provider contract horse 7';

// The identity-provider port, the session port and password sign-in on one client: the contract
// signs users in and asks who is signed in.
const stytch = stytchSandboxPort((runtime: StytchRuntime) => ({
  idp: createStytchIdentityProviderAdapter(runtime),
  session: createStytchSessionAdapter(runtime),
  passwords: createStytchPasswordsAdapter(runtime),
}));
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

/** The sandbox's control API, as e2e tests and developers drive it. */
async function control(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${ORIGIN}/__sandbox/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const fake: MakeIdentityProviderSubject = () => {
  const { session } = createFakePorts();
  const idp = new FakeIdentityProvider(session);
  return {
    port: idp,
    session,
    signIn: (email, roles = []) => {
      const signedIn = sessionFor(email, session.userNumberFor(email));
      session.setSession({ ...signedIn, user: { ...signedIn.user, roles: [...roles] } });
      return Promise.resolve();
    },
    signOut: () => Promise.resolve(session.setSession(null)),
    registerApp: (app) => Promise.resolve(void idp.registerApp(app)),
    mintTrustedToken: (email) => Promise.resolve({ token: idp.mintTrustedToken(email), profileId: FAKE_TRUSTED_TOKEN_PROFILE_ID }),
    dispose: () => undefined,
  };
};

const sandboxed: MakeIdentityProviderSubject = async () => {
  const { port, dispose } = await stytch.make();
  return {
    port: port.idp,
    session: port.session,
    signIn: async (email, roles = []) => {
      await control('/users', { email, password: PASSWORD, roles });
      const result = await port.passwords.authenticate({ email, password: PASSWORD, sessionDurationMinutes: 60 });
      if (!result.ok) throw new Error(`signing ${email} in failed: ${result.error.code}`);
    },
    signOut: async () => {
      const result = await port.session.revoke();
      if (!result.ok) throw new Error(`signing out failed: ${result.error.code}`);
    },
    registerApp: async (app) => void (await control('/connected-apps', app)),
    mintTrustedToken: async (email) => {
      const minted = (await control('/trusted-tokens', { email })) as { token: string; profile_id: string };
      return { token: minted.token, profileId: minted.profile_id };
    },
    dispose,
  };
};

describeIdentityProviderContract('fake', fake);
describeIdentityProviderContract('Stytch adapter + sandbox', sandboxed);
