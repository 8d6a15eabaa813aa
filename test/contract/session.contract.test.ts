// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterAll, beforeAll } from 'vitest';
import { describeSessionContract } from './session.contract';
import { fakeSubject, stytchSandboxSubjects } from './subjects';

const stytch = stytchSandboxSubjects();
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describeSessionContract('fakes', fakeSubject);
describeSessionContract('Stytch adapters + sandbox', stytch.make);
