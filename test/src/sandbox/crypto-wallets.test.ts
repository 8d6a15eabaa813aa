import { describe, expect, it } from 'vitest';
import { CRYPTO_WALLET_CHALLENGE_MINUTES } from './crypto-wallet-handlers';
import { canonicalAddress, verifyWalletSignature } from './crypto-wallets';
import { ORIGIN, SANDBOX_TEST_START, arr, controlCall, data, expectStytchError, obj, sandboxUnderTest, sdkCall, str, type JsonReply } from './test-support';
import { TestEthereumWallet, TestSolanaWallet } from './test-wallets';

const MINUTE = 60_000;
const { sandbox, clock } = sandboxUnderTest(SANDBOX_TEST_START);
const PASSWORD = 'a-long-sandbox-password-1';

type Wallet = TestEthereumWallet | TestSolanaWallet;
const typeOf = (wallet: Wallet): 'ethereum' | 'solana' => (wallet instanceof TestEthereumWallet ? 'ethereum' : 'solana');
/** How the client signs: MetaMask's `personal_sign`, or Phantom's `signMessage` then base58. */
const sign = (wallet: Wallet, message: string): string => (wallet instanceof TestEthereumWallet ? wallet.personalSign(message) : wallet.signChallenge(message));

/** An SDK call from the page at ORIGIN, as the browser SDK makes it (X-SDK-Parent-Host). */
function call(path: string, body: unknown, sessionToken?: string): Promise<JsonReply> {
  return sdkCall('POST', path, { body, ...(sessionToken === undefined ? {} : { sessionToken }), headers: { 'X-SDK-Parent-Host': ORIGIN } });
}

const start = (body: Record<string, unknown>, token?: string): Promise<JsonReply> =>
  call(`/crypto_wallets/authenticate/start/${token === undefined ? 'primary' : 'secondary'}`, body, token);

const startFor = (wallet: Wallet, token?: string, extra: Record<string, unknown> = {}): Promise<JsonReply> =>
  start({ crypto_wallet_address: wallet.address, crypto_wallet_type: typeOf(wallet), ...extra }, token);

const challengeFor = async (wallet: Wallet, token?: string, extra: Record<string, unknown> = {}): Promise<string> =>
  str(data(await startFor(wallet, token, extra))['challenge']);

const finish = (body: Record<string, unknown>, token?: string): Promise<JsonReply> =>
  call('/crypto_wallets/authenticate', { session_duration_minutes: 60, ...body }, token);

const finishFor = (wallet: Wallet, signature: unknown, token?: string): Promise<JsonReply> =>
  finish({ crypto_wallet_address: wallet.address, crypto_wallet_type: typeOf(wallet), signature }, token);

/** The whole sign-in, as the SDK's two calls with the wallet signing in between. */
async function signInWith(wallet: Wallet, token?: string): Promise<Record<string, unknown>> {
  return data(await finishFor(wallet, sign(wallet, await challengeFor(wallet, token)), token));
}

const factorsOf = (answer: Record<string, unknown>): Record<string, unknown>[] => arr(obj(answer['session'])['authentication_factors']).map(obj);

/** Nobody signed in and nothing created: what every refusal must leave. */
function expectNobodySignedIn(): void {
  expect(sandbox.state.sessions.size).toBe(0);
  expect(sandbox.state.users.size).toBe(0);
}

async function passwordUser(email = 'ada@example.com'): Promise<{ userId: string; token: string; sessionId: string }> {
  expect((await controlCall('POST', '/users', { email, password: PASSWORD })).status).toBe(201);
  const auth = data(await call('/passwords/authenticate', { email, password: PASSWORD, session_duration_minutes: 60 }));
  return { userId: str(auth['user_id']), token: str(auth['session_token']), sessionId: str(obj(auth['session'])['session_id']) };
}

describe('signing in with an Ethereum wallet (personal_sign)', () => {
  it('hands out a message naming the project, page, address and a nonce, verifies the signature, and creates the user', async () => {
    const wallet = new TestEthereumWallet();
    const start = data(await startFor(wallet));
    const challenge = str(start['challenge']);
    expect(start['user_id']).toBeUndefined();
    expect(challenge).toContain('Vestibule Sandbox (localhost:5173) asks you to sign in with your Ethereum account:');
    expect(challenge).toContain(`\n${wallet.address}\n`);
    expect(challenge).toMatch(/\nNonce: [0-9a-f]{32}\n/);
    expect(challenge).toContain(`Issued At: ${new Date(SANDBOX_TEST_START).toISOString()}`);
    // A start alone creates nobody.
    expect(sandbox.state.users.size).toBe(0);

    const answer = data(await finishFor(wallet, wallet.personalSign(challenge)));
    const user = obj(answer['user']);
    const wallets = arr(user['crypto_wallets']).map(obj);
    expect(wallets).toEqual([
      { crypto_wallet_id: expect.stringMatching(/^crypto-wallet-test-[0-9a-f-]{36}$/), crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', verified: true },
    ]);
    expect(user['emails']).toEqual([]);
    expect(user['phone_numbers']).toEqual([]);
    expect(user['status']).toBe('active');
    expect(typeof answer['session_token']).toBe('string');
    expect(str(answer['session_jwt'])).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(factorsOf(answer)).toEqual([
      {
        type: 'crypto',
        delivery_method: 'crypto_wallet',
        last_authenticated_at: new Date(SANDBOX_TEST_START).toISOString(),
        crypto_wallet_factor: { crypto_wallet_id: wallets[0]?.['crypto_wallet_id'], crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
      },
    ]);
    // users/me (the SDK's user.get) lists the wallet.
    expect(data(await sdkCall('GET', '/users/me', { sessionToken: str(answer['session_token']) }))['crypto_wallets']).toEqual(wallets);
  });

  it('signs the same user in again, whatever the address\'s case, and accepts v as 0/1', async () => {
    const wallet = new TestEthereumWallet();
    const first = await signInWith(wallet);
    const lower = { crypto_wallet_address: wallet.address.toLowerCase(), crypto_wallet_type: 'ethereum' };
    const challenge = str(data(await start(lower))['challenge']);
    // The message shows the checksummed address whatever the case sent.
    expect(challenge).toContain(wallet.address);
    const signature = wallet.personalSign(challenge);
    const v0 = `${signature.slice(0, -2)}${(parseInt(signature.slice(-2), 16) - 27).toString(16).padStart(2, '0')}`;
    const second = data(await finish({ ...lower, signature: v0 }));
    expect(second['user_id']).toBe(first['user_id']);
    expect(arr(obj(second['user'])['crypto_wallets'])).toHaveLength(1);
    expect(sandbox.state.users.size).toBe(1);
    expect(sandbox.state.sessions.size).toBe(2);
    // A known wallet's start names its user.
    expect(data(await startFor(wallet))['user_id']).toBe(first['user_id']);
  });

  it('builds a Sign-In with Ethereum (EIP-4361) message from siwe_params', async () => {
    const wallet = new TestEthereumWallet();
    const siwe = {
      uri: ORIGIN,
      chain_id: '137',
      statement: 'Sign in to Vestibule.',
      message_request_id: 'req-1',
      resources: ['https://example.com/terms'],
    };
    const challenge = await challengeFor(wallet, undefined, { siwe_params: siwe });
    expect(challenge).toMatch(
      new RegExp(
        `^localhost:5173 wants you to sign in with your Ethereum account:\n${wallet.address}\n\nSign in to Vestibule\\.\n\n` +
          `URI: http://localhost:5173\nVersion: 1\nChain ID: 137\nNonce: [0-9a-f]{32}\nIssued At: 2026-03-01T09:00:00\\.000Z\n` +
          `Request ID: req-1\nResources:\n- https://example.com/terms$`,
      ),
    );
    expect(data(await finishFor(wallet, wallet.personalSign(challenge)))['user_id']).toMatch(/^user-test-/);

    const refusals: [Record<string, unknown>, string][] = [
      [{ uri: 'http://evil.test' }, 'invalid_siwe_domain'],
      [{ uri: 'not a uri' }, 'invalid_siwe_uri'],
      [{ uri: ORIGIN, chain_id: 'mainnet' }, 'invalid_siwe_chain_id'],
      [{ uri: ORIGIN, statement: 'line one\nURI: http://evil.test' }, 'invalid_siwe_statement'],
      [{ uri: ORIGIN, resources: ['not a uri'] }, 'invalid_siwe_resource'],
      [{ uri: ORIGIN, issued_at: 'yesterday' }, 'bad_request'],
    ];
    for (const [params, type] of refusals) expectStytchError(await startFor(wallet, undefined, { siwe_params: params }), 400, type);
    expectStytchError(await startFor(new TestSolanaWallet(), undefined, { siwe_params: { uri: ORIGIN } }), 400, 'crypto_wallet_type_incompatible_with_siwe');
  });

  it('refuses a SIWE message before its not_before', async () => {
    const wallet = new TestEthereumWallet();
    const notBefore = new Date(SANDBOX_TEST_START + 2 * MINUTE).toISOString();
    const challenge = await challengeFor(wallet, undefined, { siwe_params: { uri: ORIGIN, not_before: notBefore } });
    expect(challenge).toContain(`Not Before: ${notBefore}`);
    expectStytchError(await finishFor(wallet, wallet.personalSign(challenge)), 401, 'unable_to_authenticate_crypto_wallet');
    expectNobodySignedIn();
  });
});

describe('signing in with a Solana wallet (signMessage, base58)', () => {
  it('verifies the ed25519 signature against the address, creates the user, and signs the same user in again', async () => {
    const wallet = new TestSolanaWallet();
    const challenge = await challengeFor(wallet);
    expect(challenge).toContain('asks you to sign in with your Solana account:');
    expect(challenge).toContain(`\n${wallet.address}\n`);
    const first = data(await finishFor(wallet, wallet.signChallenge(challenge)));
    expect(arr(obj(first['user'])['crypto_wallets'])).toEqual([
      { crypto_wallet_id: expect.stringMatching(/^crypto-wallet-test-/), crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana', verified: true },
    ]);
    expect(factorsOf(first)[0]).toMatchObject({ type: 'crypto', delivery_method: 'crypto_wallet', crypto_wallet_factor: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' } });
    expect((await signInWith(wallet))['user_id']).toBe(first['user_id']);
    expect(sandbox.state.users.size).toBe(1);
  });

  it('refuses the address in another case: base58 is case-sensitive', async () => {
    const wallet = new TestSolanaWallet();
    await challengeFor(wallet);
    const swapped = [...wallet.address].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');
    const reply = await finish({ crypto_wallet_address: swapped, crypto_wallet_type: 'solana', signature: 'x' });
    // Either not an address at all (a 0/O/I/l appeared) or another wallet, never this one.
    expect([400, 404]).toContain(reply.status);
  });
});

describe('refusals: nobody is signed in, and the challenge is spent', () => {
  const wallets = (): Wallet[] => [new TestEthereumWallet(), new TestSolanaWallet()];

  it('refuses another key\'s signature with unable_to_authenticate_crypto_wallet, then the right one too', async () => {
    for (const wallet of wallets()) {
      const challenge = await challengeFor(wallet);
      const impostor = wallet instanceof TestEthereumWallet ? new TestEthereumWallet() : new TestSolanaWallet();
      expectStytchError(await finishFor(wallet, sign(impostor, challenge)), 401, 'unable_to_authenticate_crypto_wallet');
      // The refused attempt spent the challenge: the wallet's own signature now fails as well.
      expectStytchError(await finishFor(wallet, sign(wallet, challenge)), 401, 'unable_to_authenticate_crypto_wallet');
    }
    expectNobodySignedIn();
  });

  it('refuses the wallet\'s signature of another message', async () => {
    for (const wallet of wallets()) {
      const challenge = await challengeFor(wallet);
      expectStytchError(await finishFor(wallet, sign(wallet, `${challenge} `)), 401, 'unable_to_authenticate_crypto_wallet');
      // Nor does an older message count once a new start replaced it.
      const replaced = await challengeFor(wallet);
      await challengeFor(wallet);
      expectStytchError(await finishFor(wallet, sign(wallet, replaced)), 401, 'unable_to_authenticate_crypto_wallet');
    }
    expectNobodySignedIn();
  });

  it('refuses a reused challenge', async () => {
    for (const wallet of wallets()) {
      const challenge = await challengeFor(wallet);
      const signature = sign(wallet, challenge);
      data(await finishFor(wallet, signature));
      expectStytchError(await finishFor(wallet, signature), 401, 'unable_to_authenticate_crypto_wallet');
    }
    expect(sandbox.state.sessions.size).toBe(2);
  });

  it(`refuses a challenge older than ${CRYPTO_WALLET_CHALLENGE_MINUTES} minutes, and accepts one at the limit`, async () => {
    for (const wallet of wallets()) {
      const late = await challengeFor(wallet);
      clock.now += CRYPTO_WALLET_CHALLENGE_MINUTES * MINUTE + 1;
      expectStytchError(await finishFor(wallet, sign(wallet, late)), 401, 'unable_to_authenticate_crypto_wallet');
    }
    expectNobodySignedIn();
    const wallet = new TestSolanaWallet();
    const onTime = await challengeFor(wallet);
    clock.now += CRYPTO_WALLET_CHALLENGE_MINUTES * MINUTE;
    data(await finishFor(wallet, sign(wallet, onTime)));
  });

  it('answers crypto_wallet_not_found for a wallet no sign-in was started for, and refuses another wallet\'s signature', async () => {
    const [ethereum, solana] = [new TestEthereumWallet(), new TestSolanaWallet()];
    const challenge = await challengeFor(ethereum);
    // Another address of the same type, and the same key announced under the other type.
    const other = new TestEthereumWallet();
    expectStytchError(await finishFor(other, other.personalSign(challenge)), 404, 'crypto_wallet_not_found');
    expectStytchError(await finish({ crypto_wallet_address: ethereum.address, crypto_wallet_type: 'solana', signature: 'x' }), 400, 'invalid_crypto_wallet_address');
    expectStytchError(await finishFor(solana, solana.signChallenge(challenge)), 404, 'crypto_wallet_not_found');
    // The other address's signature over this wallet's challenge proves nothing about this wallet.
    expectStytchError(await finishFor(ethereum, other.personalSign(challenge)), 401, 'unable_to_authenticate_crypto_wallet');
    expectNobodySignedIn();
  });

  it('refuses malformed signatures', async () => {
    const hostile: unknown[] = [undefined, null, 42, {}, ['0x'], '', '<script>alert(1)</script>', 'x'.repeat(10_000), `0x${'0'.repeat(130)}`, `0x${'f'.repeat(130)}`];
    for (const wallet of wallets()) {
      for (const signature of hostile) {
        await challengeFor(wallet);
        expectStytchError(await finishFor(wallet, signature), 401, 'unable_to_authenticate_crypto_wallet');
      }
    }
    expectNobodySignedIn();
  });
});

describe('addresses and types are validated on both calls', () => {
  const ethereum = new TestEthereumWallet();
  const digits = ethereum.address.slice(2);
  // Flip the case of one letter: still hex, but the EIP-55 checksum no longer matches.
  const letter = digits.search(/[a-fA-F]/);
  const flipped = `0x${digits.slice(0, letter)}${digits.charAt(letter) === digits.charAt(letter).toLowerCase() ? digits.charAt(letter).toUpperCase() : digits.charAt(letter).toLowerCase()}${digits.slice(letter + 1)}`;
  const invalid: [string, unknown][] = [
    ['ethereum', '<img src=x onerror=alert(1)>'],
    ['ethereum', `0x${'a'.repeat(10_000)}`],
    ['ethereum', 42],
    ['ethereum', null],
    ['ethereum', { address: ethereum.address }],
    ['ethereum', ethereum.address.slice(0, -1)],
    ['ethereum', ethereum.address.slice(2)],
    ['ethereum', `${ethereum.address} `],
    ['ethereum', flipped],
    ['solana', '<script>alert(1)</script>'],
    ['solana', '1'.repeat(10_000)],
    ['solana', 7],
    ['solana', ethereum.address],
    ['solana', 'O0Il'.repeat(10)],
    // Valid base58 but 31 bytes.
    ['solana', '2'.repeat(43).slice(0, 42)],
  ];

  it('answers 400 invalid_crypto_wallet_address for markup, 10,000 characters, non-strings, bad checksums and wrong lengths', async () => {
    if (letter >= 0) expect(canonicalAddress('ethereum', flipped)).toBeNull();
    for (const [type, address] of invalid) {
      const body = { crypto_wallet_address: address, crypto_wallet_type: type };
      const startReply = expectStytchError(await start(body), 400, 'invalid_crypto_wallet_address');
      // The refusal never echoes the input.
      if (typeof address === 'string') expect(str(startReply['error_message'])).not.toContain(address);
      expectStytchError(await finish({ ...body, signature: '0x' }), 400, 'invalid_crypto_wallet_address');
    }
    expect(sandbox.state.cryptoWalletChallenges.size).toBe(0);
    expectNobodySignedIn();
  });

  it('accepts all-lower-case and all-upper-case Ethereum addresses (no checksum to check)', () => {
    expect(canonicalAddress('ethereum', ethereum.address.toLowerCase())).toBe(ethereum.address);
    expect(canonicalAddress('ethereum', `0x${digits.toUpperCase()}`)).toBe(ethereum.address);
  });

  it('answers 400 invalid_wallet_type for an unknown or missing type', async () => {
    for (const type of ['bitcoin', 'Ethereum', '', 1, null, undefined]) {
      expectStytchError(await start({ crypto_wallet_address: ethereum.address, crypto_wallet_type: type }), 400, 'invalid_wallet_type');
      expectStytchError(await finish({ crypto_wallet_address: ethereum.address, crypto_wallet_type: type, signature: '0x' }), 400, 'invalid_wallet_type');
    }
  });

  it('checks signatures with the verifier directly: r‖s‖v of personal_sign, base58 ed25519', () => {
    const solana = new TestSolanaWallet();
    expect(verifyWalletSignature('ethereum', ethereum.address, 'hello', ethereum.personalSign('hello'))).toBe(true);
    expect(verifyWalletSignature('ethereum', ethereum.address, 'hello', ethereum.personalSign('hello!'))).toBe(false);
    expect(verifyWalletSignature('solana', solana.address, 'hello', solana.signChallenge('hello'))).toBe(true);
    expect(verifyWalletSignature('solana', solana.address, 'hello', solana.signChallenge('hellO'))).toBe(false);
  });
});

describe('secondary: adding a wallet to the signed-in user', () => {
  it('adds the wallet and its factor to the caller\'s session, and the wallet then signs that user in', async () => {
    const { userId, token, sessionId } = await passwordUser();
    const wallet = new TestEthereumWallet();
    const started = data(await startFor(wallet, token));
    expect(started['user_id']).toBe(userId);
    const answer = data(await finishFor(wallet, wallet.personalSign(str(started['challenge'])), token));
    expect(answer).toMatchObject({ user_id: userId, session_token: token, session: { session_id: sessionId } });
    expect(factorsOf(answer).map((factor) => factor['delivery_method'])).toEqual(['knowledge', 'crypto_wallet']);
    const user = obj(answer['user']);
    expect(arr(user['emails'])).toHaveLength(1);
    expect(arr(user['crypto_wallets'])).toEqual([expect.objectContaining({ crypto_wallet_address: wallet.address, verified: true })]);

    // The solana wallet too, then each signs the same user in on its own.
    const solana = new TestSolanaWallet();
    await signInWith(solana, token);
    expect((await signInWith(wallet))['user_id']).toBe(userId);
    expect((await signInWith(solana))['user_id']).toBe(userId);
    expect(sandbox.state.users.size).toBe(1);
  });

  it('needs a live session, and refuses a wallet that belongs to another user', async () => {
    const wallet = new TestEthereumWallet();
    expectStytchError(await call('/crypto_wallets/authenticate/start/secondary', { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' }), 401, 'user_unauthenticated');
    expectStytchError(await startFor(wallet, 'not-a-session'), 401, 'unauthorized_credentials');

    const owner = await signInWith(wallet);
    const { token } = await passwordUser();
    expectStytchError(await finishFor(wallet, wallet.personalSign(await challengeFor(wallet, token)), token), 409, 'duplicate_wallet_address');
    expect(arr(obj(sandbox.state.users.get(str(owner['user_id']))?.user)['crypto_wallets'])).toHaveLength(1);
  });

  it('refuses when the session that started it has ended since', async () => {
    const { token } = await passwordUser();
    const wallet = new TestSolanaWallet();
    const challenge = await challengeFor(wallet, token);
    data(await call('/sessions/revoke', {}, token));
    expectStytchError(await finishFor(wallet, wallet.signChallenge(challenge)), 401, 'unauthorized_credentials');
    expect(sandbox.state.users.size).toBe(1);
  });
});

describe('deleting a wallet (user.deleteCryptoWallet)', () => {
  it('removes the caller\'s own wallet, answers __user, and the address then makes a new user', async () => {
    const wallet = new TestSolanaWallet();
    const first = await signInWith(wallet);
    const token = str(first['session_token']);
    const id = str(obj(arr(obj(first['user'])['crypto_wallets'])[0])['crypto_wallet_id']);
    const stranger = await passwordUser();
    expectStytchError(await sdkCall('DELETE', `/users/crypto_wallets/${id}`, { sessionToken: stranger.token }), 404, 'crypto_wallet_not_found');
    expectStytchError(await sdkCall('DELETE', `/users/crypto_wallets/${id}`), 401, 'user_unauthenticated');
    const answer = data(await sdkCall('DELETE', `/users/crypto_wallets/${id}`, { sessionToken: token }));
    expect(obj(answer['__user'])['crypto_wallets']).toEqual([]);
    expectStytchError(await sdkCall('DELETE', `/users/crypto_wallets/${id}`, { sessionToken: token }), 404, 'crypto_wallet_not_found');
    expect((await signInWith(wallet))['user_id']).not.toBe(first['user_id']);
  });
});

describe('the inbox', () => {
  it('lists wallet users with address and type, escaped', async () => {
    const [ethereum, solana] = [new TestEthereumWallet(), new TestSolanaWallet()];
    await signInWith(ethereum);
    await signInWith(solana);
    const html = await (await fetch(`${ORIGIN}/__sandbox/`)).text();
    expect(html).toContain('<h2 id="wallets-heading">Crypto wallets (2)</h2>');
    expect(html).toContain(`<td data-label="Address"><code>${ethereum.address}</code></td><td data-label="Type">ethereum</td>`);
    expect(html).toContain(`<td data-label="Address"><code>${solana.address}</code></td><td data-label="Type">solana</td>`);
    // Markup planted in the store (no endpoint lets it in) is still only text.
    const user = [...sandbox.state.users.values()][0];
    user?.user.crypto_wallets.push({ crypto_wallet_id: 'crypto-wallet-test-x', crypto_wallet_address: '<img src=x onerror=alert(1)>', crypto_wallet_type: '<b>', verified: false });
    const hostile = await (await fetch(`${ORIGIN}/__sandbox/`)).text();
    expect(hostile).not.toMatch(/<img|<b>/);
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('faults and project settings', () => {
  const ENDPOINTS = ['/crypto_wallets/authenticate/start/primary', '/crypto_wallets/authenticate/start/secondary', '/crypto_wallets/authenticate'];

  it('applies scripted errors, Retry-After and hangs to every crypto wallet endpoint', async () => {
    for (const path of ENDPOINTS) {
      expect((await controlCall('POST', '/faults', { path: `/sdk/v1${path}`, method: 'POST', status: 500, times: 1 })).status).toBe(201);
      expectStytchError(await call(path, {}), 500, 'internal_server_error');
      expect((await controlCall('POST', '/faults', { path: `/sdk/v1${path}`, method: 'POST', status: 429, retry_after_seconds: 7, times: 1 })).status).toBe(201);
      const throttled = await call(path, {});
      expectStytchError(throttled, 429, 'too_many_requests');
      expect(throttled.headers.get('Retry-After')).toBe('7');
      // Used up: the endpoint answers for itself again (not signed in, or no wallet type).
      expect([400, 401]).toContain((await call(path, {})).status);

      expect((await controlCall('POST', '/faults', { path: `/sdk/v1${path}`, method: 'POST', hang: true })).status).toBe(201);
      const hung = fetch(`${ORIGIN}/__sandbox/stytch/sdk/v1${path}`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(100) });
      await expect(hung).rejects.toThrow(/abort|timeout/i);
      await controlCall('DELETE', '/faults');
    }
    expect(sandbox.state.hangs.size).toBe(0);
  });

  it('a fault on authenticate leaves the challenge unspent, so a retry signs in', async () => {
    const wallet = new TestEthereumWallet();
    const signature = wallet.personalSign(await challengeFor(wallet));
    await controlCall('POST', '/faults', { path: '/sdk/v1/crypto_wallets/authenticate', method: 'POST', status: 503, times: 1 });
    expect((await finishFor(wallet, signature)).status).toBe(503);
    data(await finishFor(wallet, signature));
  });

  it('answers 403 when the project has crypto wallets off', async () => {
    await controlCall('PUT', '/project', { sdk_products: { crypto_wallets: false } });
    const wallet = new TestSolanaWallet();
    expectStytchError(await startFor(wallet), 403, 'endpoint_not_authorized_for_sdk');
    expectStytchError(await finishFor(wallet, 'x'), 403, 'endpoint_not_authorized_for_sdk');
  });

  it('forgets challenges on reset', async () => {
    await challengeFor(new TestEthereumWallet());
    sandbox.reset();
    expect(sandbox.state.cryptoWalletChallenges.size).toBe(0);
  });
});
