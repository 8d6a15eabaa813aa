import { describe, expect, it } from 'vitest';
import { parseStytchSession, parseStytchStoredState } from './stytch-session.schema';

// The user's crypto wallet (issue 18) as the schema reads it. The hostile values another tab can
// write are stytch-session.adapter.test.ts's, through the SDK; these are the parser's own rows.

const ETHEREUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA = 'GfEHGNnNLtHfyrj8qTq5qUwQ9KccnFUCA5DPhWE5gQQo';
const SESSION = { session_id: 'session-test-1', user_id: 'user-test-1', expires_at: '2099-01-01T00:00:00Z' };

const walletEntry = (address: unknown, type: unknown = 'ethereum') => ({
  crypto_wallet_id: 'crypto-wallet-test-1',
  crypto_wallet_address: address,
  crypto_wallet_type: type,
  verified: true,
});

/** A wallet-only user (no e-mail, no phone), as a wallet sign-up creates one. */
const user = (wallets: unknown, extra: Record<string, unknown> = {}) => ({
  user_id: 'user-test-1',
  emails: [],
  phone_numbers: [],
  ...(wallets === undefined ? {} : { crypto_wallets: wallets }),
  ...extra,
});

const parse = (wallets: unknown) => parseStytchSession(user(wallets), SESSION);
const refused = { ok: false, problem: expect.stringMatching(/crypto_wallets/) };

describe("Stytch session schema: the user's crypto wallet", () => {
  it('reads an Ethereum or Solana wallet as cryptoWallet, and only the first of several', () => {
    expect(parse([walletEntry(ETHEREUM)])).toEqual({
      ok: true,
      value: { user: { userId: 'user-test-1', email: null, cryptoWallet: { address: ETHEREUM, chain: 'ethereum' }, roles: [], untrustedMetadata: {} }, session: { sessionId: 'session-test-1', expiresAt: SESSION.expires_at } },
    });
    expect(parse([walletEntry(SOLANA, 'solana'), walletEntry(ETHEREUM)])).toMatchObject({ ok: true, value: { user: { cryptoWallet: { address: SOLANA, chain: 'solana' } } } });
  });

  it('reads no wallet from an absent, null or empty list', () => {
    for (const wallets of [undefined, null, []]) {
      const parsed = parse(wallets);
      expect(parsed).toMatchObject({ ok: true, value: { user: { userId: 'user-test-1' } } });
      expect(parsed.ok && parsed.value?.user).not.toHaveProperty('cryptoWallet');
    }
  });

  it('keeps the e-mail and phone of a user who also has a wallet', () => {
    const withAll = user([walletEntry(SOLANA, 'solana')], {
      emails: [{ email_id: 'email-test-1', email: 'ada@example.com', verified: true }],
      phone_numbers: [{ phone_id: 'phone-test-1', phone_number: '+12015550123', verified: true }],
    });
    expect(parseStytchSession(withAll, SESSION)).toMatchObject({
      ok: true,
      value: { user: { email: 'ada@example.com', phoneNumber: '+12015550123', cryptoWallet: { address: SOLANA, chain: 'solana' } } },
    });
  });

  it.each([
    ['a string', 'x'],
    ['an object', { crypto_wallet_address: ETHEREUM, crypto_wallet_type: 'ethereum' }],
    ['a number', 1],
    ['a null entry', [null]],
    ['a string entry', [ETHEREUM]],
    ['an entry without an address', [{ crypto_wallet_type: 'ethereum' }]],
    ['an entry without a type', [{ crypto_wallet_address: ETHEREUM }]],
    ['a numeric address', [walletEntry(1)]],
    ['an empty address', [walletEntry('')]],
    ['a numeric type', [walletEntry(ETHEREUM, 1)]],
    ['an empty type', [walletEntry(ETHEREUM, '')]],
    ['a 10,000-character address', [walletEntry(`0x${'a'.repeat(9_998)}`)]],
    ['a 101-character address', [walletEntry('a'.repeat(101))]],
    ['a well-formed first entry and a junk second one', [walletEntry(ETHEREUM), { crypto_wallet_address: null }]],
  ])('refuses %s as malformed (signed out, as junk e-mails are)', (_label, wallets) => {
    expect(parse(wallets)).toEqual(refused);
  });

  it('bounds the address at 100 characters', () => {
    const longest = 'a'.repeat(100);
    expect(parse([walletEntry(longest)])).toMatchObject({ ok: true, value: { user: { cryptoWallet: { address: longest } } } });
  });

  it('leaves out a wallet of a type the product does not know, without signing the user out', () => {
    for (const type of ['bitcoin', 'Ethereum', 'ethereum ', '__proto__']) {
      const parsed = parse([walletEntry(ETHEREUM, type)]);
      expect(parsed).toMatchObject({ ok: true, value: { user: { userId: 'user-test-1' } } });
      expect(parsed.ok && parsed.value?.user).not.toHaveProperty('cryptoWallet');
    }
  });

  it('reads own properties only, and copies nothing but the two fields', () => {
    const inherited = `{"user_id":"user-test-1","__proto__":{"crypto_wallets":[{"crypto_wallet_address":"${ETHEREUM}","crypto_wallet_type":"ethereum"}]}}`;
    const fromStorage = parseStytchStoredState(`{"session":${JSON.stringify(SESSION)},"user":${inherited}}`);
    expect(fromStorage).toMatchObject({ ok: true, value: { user: { userId: 'user-test-1' } } });
    expect(fromStorage.ok && fromStorage.value?.user).not.toHaveProperty('cryptoWallet');

    const entryFromJson = JSON.parse(`{"__proto__":{"crypto_wallet_address":"${ETHEREUM}"},"crypto_wallet_type":"ethereum"}`) as unknown;
    expect(parse([entryFromJson])).toEqual(refused);

    const parsed = parse([{ ...walletEntry(ETHEREUM), extra: 'x'.repeat(1_000) }]);
    expect(parsed.ok && parsed.value?.user.cryptoWallet).toEqual({ address: ETHEREUM, chain: 'ethereum' });
  });
});
