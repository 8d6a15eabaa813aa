// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterAll, beforeAll } from 'vitest';
import { describeOAuthContract } from './oauth.contract';
import { fakeSubject, stytchSandboxSubjects } from './subjects';

const stytch = stytchSandboxSubjects();
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describeOAuthContract('fakes', fakeSubject);
describeOAuthContract('Stytch adapters + sandbox', stytch.make);
