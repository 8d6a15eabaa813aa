// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { createStytchCryptoWalletsAdapter } from '@vestibule/adapters/stytch';
import { afterAll, beforeAll } from 'vitest';
import { FakeCryptoWallets } from '../src/fakes/fake-crypto-wallets';
import { describeCryptoWalletsContract } from './crypto-wallets.contract';
import { stytchSandboxPort } from './subjects';

const stytch = stytchSandboxPort(createStytchCryptoWalletsAdapter);
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

describeCryptoWalletsContract('fake', () => ({ port: new FakeCryptoWallets(), dispose: () => undefined }));
describeCryptoWalletsContract('Stytch adapter + sandbox', stytch.make);
