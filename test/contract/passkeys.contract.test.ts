// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterAll, beforeAll } from 'vitest';
import { describePasskeysContract } from './passkeys.contract';
import { fakePasskeysSubject, stytchSandboxPasskeys } from './subjects';

const stytch = stytchSandboxPasskeys();
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describePasskeysContract('fake', fakePasskeysSubject);
describePasskeysContract('Stytch adapter + sandbox + virtual authenticator', stytch.make);
