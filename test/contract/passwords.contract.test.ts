// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterAll, beforeAll } from 'vitest';
import { describePasswordsContract } from './passwords.contract';
import { fakeSubject, stytchSandboxSubjects } from './subjects';

const stytch = stytchSandboxSubjects();
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describePasswordsContract('fakes', fakeSubject);
describePasswordsContract('Stytch adapters + sandbox', stytch.make);
