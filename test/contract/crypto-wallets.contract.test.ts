// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import { createStytchCryptoWalletsAdapter, createStytchSessionAdapter, type StytchRuntime } from '@vestibule/adapters/stytch';
import { afterAll, beforeAll } from 'vitest';
import { createFakePorts } from '../src/fakes';
import { describeCryptoWalletsContract, type MakeCryptoWalletsSubject } from './crypto-wallets.contract';
import { stytchSandboxPort } from './subjects';

// The wallets port and the session port on one client: the contract asks who is signed in.
const stytch = stytchSandboxPort((runtime: StytchRuntime) => ({ wallets: createStytchCryptoWalletsAdapter(runtime), session: createStytchSessionAdapter(runtime) }));
beforeAll(() => stytch.listen());
afterAll(() => stytch.close());

const fake: MakeCryptoWalletsSubject = () => {
  const { cryptoWallets, session } = createFakePorts();
  return { port: cryptoWallets, session, dispose: () => undefined };
};

const sandboxed: MakeCryptoWalletsSubject = async () => {
  const { port, dispose } = await stytch.make();
  return { port: port.wallets, session: port.session, dispose };
};

describeCryptoWalletsContract('fake', fake);
describeCryptoWalletsContract('Stytch adapter + sandbox', sandboxed);
