// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { afterAll, beforeAll } from 'vitest';
import { describeMagicLinksContract } from './magic-links.contract';
import { fakeSubject, stytchSandboxSubjects } from './subjects';

const stytch = stytchSandboxSubjects();
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describeMagicLinksContract('fakes', fakeSubject);
describeMagicLinksContract('Stytch adapters + sandbox', stytch.make);
