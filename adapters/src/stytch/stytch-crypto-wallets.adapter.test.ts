// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://localhost:5173/"}
import type { AuthError, Result } from '@vestibule/core';
import { createSandbox } from '@vestibule/test/sandbox';
import { TestEthereumWallet, TestSolanaWallet } from '@vestibule/test/sandbox/test-wallets';
import { HttpResponse, getResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStytchRuntime } from './stytch-client';
import { createStytchCryptoWalletsAdapter } from './stytch-crypto-wallets.adapter';
import { createStytchPasswordsAdapter } from './stytch-passwords.adapter';
import { createStytchSessionAdapter } from './stytch-session.adapter';

// The adapter with the real SDK against the sandbox, which verifies signatures for real: software
// wallets with real keys sign the challenges (MetaMask's personal_sign, Phantom's signMessage in
// base58). What the fake must answer the same way is test/contract/crypto-wallets.contract.ts's;
// these are the adapter's own seams: the SDK's primary or secondary start, SIWE, the answers it
// refuses.

const ORIGIN = 'http://localhost:5173';
const BASE = `${ORIGIN}/__sandbox/stytch`;
const API = `${BASE}/sdk/v1`;
const PASSWORD = 'Wallets adapter horse battery 7';
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);

/** A client with its wallets, session and passwords ports, as the app builds one per page. */
function clientFor(publicToken: string) {
  const runtime = createStytchRuntime({ publicToken, apiBaseUrl: BASE });
  return { runtime, wallets: createStytchCryptoWalletsAdapter(runtime), session: createStytchSessionAdapter(runtime), passwords: createStytchPasswordsAdapter(runtime) };
}
const { runtime, wallets, session, passwords } = clientFor('public-token-test-crypto-wallets-adapter');

type Wallet = TestEthereumWallet | TestSolanaWallet;
const chainOf = (wallet: Wallet) => (wallet instanceof TestEthereumWallet ? 'ethereum' : 'solana');
/** What the wallet answers when asked to sign the challenge, as the page sends it on. */
const sign = (wallet: Wallet, challenge: string) => (wallet instanceof TestEthereumWallet ? wallet.personalSign(challenge) : wallet.signChallenge(challenge));

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected a success, got ${result.error.code} ${result.error.serverMessage ?? ''}`);
  return result.value;
}

const challengeFor = async (wallet: Wallet, port = wallets): Promise<string> => valueOf(await port.authenticateStart(wallet.address, chainOf(wallet))).challenge;

const authenticate = (wallet: Wallet, signature: string, port = wallets) =>
  port.authenticate({ address: wallet.address, chain: chainOf(wallet), signature, sessionDurationMinutes: 60 });

/** The port's error, in the fields a screen and the core read. */
const refusal = (providerType: string, status: number): { ok: false; error: Partial<AuthError> } => ({
  ok: false,
  error: { code: 'provider_error', providerType, status, retryable: false },
});

/** What every refusal leaves: nobody signed in, at the provider or in this page's SDK. */
async function expectNobodySignedIn(): Promise<void> {
  expect([...sandbox.state.sessions.values()].filter((record) => record.revokedAt === null)).toEqual([]);
  expect(runtime.current?.session.getSync() ?? null).toBeNull();
  expect(await session.check()).toEqual({ ok: true, value: null });
}

/** The wire paths the SDK posted to while `run` ran (after the sandbox's prefix). */
async function pathsOf(run: () => Promise<unknown>): Promise<string[]> {
  const paths: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST') paths.push(new URL(request.url).pathname.replace('/__sandbox/stytch', ''));
  };
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return paths.filter((path) => path.includes('/crypto_wallets/'));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  runtime.dispose();
  server.close();
});
afterEach(async () => {
  server.resetHandlers();
  if (runtime.current?.session.getSync()) await session.revoke();
  sandbox.reset();
});

describe('Stytch crypto wallets adapter: signing in with a real key', () => {
  it.each([
    ['Ethereum (personal_sign)', () => new TestEthereumWallet()],
    ['Solana (signMessage, base58)', () => new TestSolanaWallet()],
  ])('%s: the wallet signs the challenge and the session is a new user holding the wallet', async (_label, make) => {
    const wallet = make();
    const paths = await pathsOf(async () => {
      const challenge = await challengeFor(wallet);
      expect(challenge).toContain(wallet.address);
      const signedIn = valueOf(await authenticate(wallet, sign(wallet, challenge)));
      expect(signedIn).toEqual({
        user: { userId: expect.stringMatching(/^user-test-/), email: null, cryptoWallet: { address: wallet.address, chain: chainOf(wallet) }, roles: [], untrustedMetadata: {} },
        session: { sessionId: expect.stringMatching(/^session-test-/), expiresAt: expect.any(String) },
      });
      // The SDK stored it: the session port finds the same user.
      expect(await session.check()).toMatchObject({ ok: true, value: { user: signedIn?.user } });
    });
    expect(paths).toEqual(['/sdk/v1/crypto_wallets/authenticate/start/primary', '/sdk/v1/crypto_wallets/authenticate']);
    const [user] = sandbox.state.users.values();
    expect(user?.user.crypto_wallets).toEqual([expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: chainOf(wallet) })]);
  });

  it('signs the same user in again with the same wallet', async () => {
    const wallet = new TestEthereumWallet();
    const first = valueOf(await authenticate(wallet, sign(wallet, await challengeFor(wallet))));
    await session.revoke();
    const second = valueOf(await authenticate(wallet, sign(wallet, await challengeFor(wallet))));
    expect(second?.user.userId).toBe(first?.user.userId);
    expect(second?.session.sessionId).not.toBe(first?.session.sessionId);
  });

  it("signed in already: the SDK's secondary start, and the wallet joins the signed-in user", async () => {
    expect((await fetch(`${ORIGIN}/__sandbox/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ada@example.com', password: PASSWORD }) })).status).toBe(201);
    const ada = valueOf(await passwords.authenticate({ email: 'ada@example.com', password: PASSWORD, sessionDurationMinutes: 60 })).session;
    const wallet = new TestSolanaWallet();
    const paths = await pathsOf(async () => {
      expect(await authenticate(wallet, sign(wallet, await challengeFor(wallet)))).toMatchObject({
        ok: true,
        value: { user: { userId: ada?.user.userId, email: 'ada@example.com', cryptoWallet: { address: wallet.address, chain: 'solana' } } },
      });
    });
    expect(paths).toEqual(['/sdk/v1/crypto_wallets/authenticate/start/secondary', '/sdk/v1/crypto_wallets/authenticate']);
  });
});

describe('Stytch crypto wallets adapter: refusals leave nobody signed in', () => {
  it("refuses another wallet's signature of the challenge, and a signature that is no signature", async () => {
    const wallet = new TestEthereumWallet();
    expect(await authenticate(wallet, new TestEthereumWallet().personalSign(await challengeFor(wallet)))).toMatchObject(refusal('unable_to_authenticate_crypto_wallet', 401));
    expect(await authenticate(wallet, `0x${'0'.repeat(130)}`)).toMatchObject(refusal('unable_to_authenticate_crypto_wallet', 401));
    const solana = new TestSolanaWallet();
    // Phantom's raw signature sent as hex rather than base58 is not the signature Stytch checks.
    const challenge = await challengeFor(solana);
    const hex = [...solana.signMessage(new TextEncoder().encode(challenge))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    expect(await authenticate(solana, hex)).toMatchObject(refusal('unable_to_authenticate_crypto_wallet', 401));
    await expectNobodySignedIn();
    expect(sandbox.state.users.size).toBe(0);
  });

  it('refuses a challenge used once, whether its sign-in worked or was refused', async () => {
    const wallet = new TestEthereumWallet();
    const challenge = await challengeFor(wallet);
    expect(await authenticate(wallet, 'not a signature')).toMatchObject(refusal('unable_to_authenticate_crypto_wallet', 401));
    expect(await authenticate(wallet, sign(wallet, challenge))).toMatchObject(refusal('unable_to_authenticate_crypto_wallet', 401));
    await expectNobodySignedIn();

    const next = await challengeFor(wallet);
    const signature = sign(wallet, next);
    expect(valueOf(await authenticate(wallet, signature))).not.toBeNull();
    await session.revoke();
    expect(await authenticate(wallet, signature)).toMatchObject(refusal('unable_to_authenticate_crypto_wallet', 401));
    await expectNobodySignedIn();
  });

  it('refuses a signature sent for another address: not started is not found, started is not its signature', async () => {
    const ada = new TestEthereumWallet();
    const bob = new TestEthereumWallet();
    const signature = sign(ada, await challengeFor(ada));
    expect(await authenticate(bob, signature)).toMatchObject(refusal('crypto_wallet_not_found', 404));
    await challengeFor(bob);
    expect(await authenticate(bob, signature)).toMatchObject(refusal('unable_to_authenticate_crypto_wallet', 401));
    await expectNobodySignedIn();
  });

  it('answers invalid_crypto_wallet_address for an address that is not one of the chain', async () => {
    const cases: readonly [string, 'ethereum' | 'solana'][] = [
      ['0x1234', 'ethereum'],
      // EIP-55's own example with one letter's case changed: a checksum that does not match (a typo).
      ['0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ethereum'],
      [new TestSolanaWallet().address, 'ethereum'],
      [new TestEthereumWallet().address, 'solana'],
      ['', 'solana'],
    ];
    for (const [address, chain] of cases) expect(await wallets.authenticateStart(address, chain)).toMatchObject(refusal('invalid_crypto_wallet_address', 400));
    expect(await wallets.authenticateStart('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ethereum')).toMatchObject({ ok: true });
    await expectNobodySignedIn();
  });
});

describe("Stytch crypto wallets adapter: the provider's answers", () => {
  it.each([
    ['no challenge', {}],
    ['an empty challenge', { challenge: '' }],
    ['a number', { challenge: 42 }],
    ['a challenge of 10,001 characters', { challenge: 'x'.repeat(10_001) }],
  ])('reads a start answered with %s as invalid_response', async (_label, answer) => {
    server.use(http.post(`${API}/crypto_wallets/authenticate/start/primary`, () => HttpResponse.json({ data: { status_code: 200, request_id: 'request-id-test-1', ...answer } })));
    expect(await wallets.authenticateStart(new TestEthereumWallet().address, 'ethereum')).toMatchObject({ ok: false, error: { code: 'invalid_response', retryable: true } });
  });

  it('hands on a challenge of 10,000 characters exactly as it came', async () => {
    const challenge = `Sign in\n${'x'.repeat(9_992)}`;
    server.use(http.post(`${API}/crypto_wallets/authenticate/start/primary`, () => HttpResponse.json({ data: { status_code: 200, request_id: 'request-id-test-1', challenge } })));
    expect(await wallets.authenticateStart(new TestEthereumWallet().address, 'ethereum')).toEqual({ ok: true, value: { challenge } });
  });

  it('reads a sign-in answered with a malformed user as invalid_response', async () => {
    const wallet = new TestEthereumWallet();
    const signature = sign(wallet, await challengeFor(wallet));
    server.use(
      http.post(`${API}/crypto_wallets/authenticate`, async ({ request }) => {
        const answer = (await (await getResponse(sandbox.handlers, request))?.json()) as { data: Record<string, unknown> };
        return HttpResponse.json({ data: { ...answer.data, user: { user_id: answer.data['user_id'], crypto_wallets: 'x' } } });
      }),
    );
    expect(await authenticate(wallet, signature)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });
});

describe('Stytch crypto wallets adapter: Sign-In with Ethereum', () => {
  // The sandbox's bootstrap always answers `siwe_required_for_crypto_wallets: false` and its control
  // API cannot change it, so this client's bootstrap is the sandbox's with the switch on.
  let siwe: ReturnType<typeof clientFor> | null = null;
  afterEach(async () => {
    if (siwe?.runtime.current?.session.getSync()) await siwe.session.revoke();
    siwe?.runtime.dispose();
    siwe = null;
  });

  function siweClient(): ReturnType<typeof clientFor> {
    server.use(
      http.get(`${API}/projects/bootstrap/:token`, async ({ request }) => {
        const answer = (await (await getResponse(sandbox.handlers, request))?.json()) as { data: Record<string, unknown> };
        return HttpResponse.json({ data: { ...answer.data, siwe_required_for_crypto_wallets: true } });
      }),
    );
    siwe = clientFor('public-token-test-crypto-wallets-adapter-siwe');
    return siwe;
  }

  it("hands out an EIP-4361 message for the page's origin, which the wallet signs to sign in", async () => {
    const client = siweClient();
    const wallet = new TestEthereumWallet();
    const challenge = await challengeFor(wallet, client.wallets);
    expect(challenge.split('\n').slice(0, 7)).toEqual([
      'localhost:5173 wants you to sign in with your Ethereum account:',
      wallet.address,
      '',
      `URI: ${ORIGIN}`,
      'Version: 1',
      'Chain ID: 1',
      expect.stringMatching(/^Nonce: [0-9a-f]{32}$/),
    ]);
    expect(await authenticate(wallet, sign(wallet, challenge), client.wallets)).toMatchObject({
      ok: true,
      value: { user: { cryptoWallet: { address: wallet.address, chain: 'ethereum' } } },
    });
  });

  it('hands a Solana wallet the plain message (SIWE is for Ethereum only), which signs in too', async () => {
    const client = siweClient();
    const wallet = new TestSolanaWallet();
    const challenge = await challengeFor(wallet, client.wallets);
    expect(challenge).not.toContain('wants you to sign in with your Ethereum account');
    expect(challenge).toContain(wallet.address);
    expect(await authenticate(wallet, sign(wallet, challenge), client.wallets)).toMatchObject({ ok: true, value: { user: { cryptoWallet: { chain: 'solana' } } } });
  });
});
