// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { createStytchPasskeysAdapter } from '@vestibule/adapters/stytch';
import { afterAll, beforeAll } from 'vitest';
import { FakePasskeys } from '../src/fakes/fake-passkeys';
import { describePasskeysContract } from './passkeys.contract';
import { stytchSandboxPort } from './subjects';

const stytch = stytchSandboxPort(createStytchPasskeysAdapter);
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describePasskeysContract('fake', () => ({ port: new FakePasskeys(), dispose: () => undefined }));
describePasskeysContract('Stytch adapter + sandbox', stytch.make);
