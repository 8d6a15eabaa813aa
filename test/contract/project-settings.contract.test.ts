// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterAll, beforeAll } from 'vitest';
import { describeProjectSettingsContract } from './project-settings.contract';
import { fakeSubject, stytchSandboxSubjects } from './subjects';

const stytch = stytchSandboxSubjects();
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describeProjectSettingsContract('fakes', fakeSubject);
describeProjectSettingsContract('Stytch adapters + sandbox', stytch.make);
