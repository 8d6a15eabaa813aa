// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterAll, beforeAll } from 'vitest';
import { describePasscodesContract } from './passcodes.contract';
import { fakeSubject, stytchSandboxSubjects } from './subjects';

const stytch = stytchSandboxSubjects();
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describePasscodesContract('fakes', fakeSubject);
describePasscodesContract('Stytch adapters + sandbox', stytch.make);
