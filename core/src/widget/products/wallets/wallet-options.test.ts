import { describe, expect, it } from 'vitest';
import { WALLET_OPTIONS, allocateWallets, oauthButtonCount, parseWalletAddress, parseWalletSignature, walletButtonsOnMain } from './wallet-options';

describe("Main's wallet buttons (SPEC §9: at most 6 − OAuth providers − 1)", () => {
  it.each([
    [0, 5, ['metamask', 'phantom', 'coinbase', 'binance', 'vessel'], ['otherEthereum', 'otherSolana']],
    [1, 4, ['metamask', 'phantom', 'coinbase', 'binance'], ['vessel', 'otherEthereum', 'otherSolana']],
    [2, 3, ['metamask', 'phantom', 'coinbase'], ['binance', 'vessel', 'otherEthereum', 'otherSolana']],
    [3, 2, ['metamask', 'phantom'], ['coinbase', 'binance', 'vessel', 'otherEthereum', 'otherSolana']],
    [4, 1, ['metamask'], ['phantom', 'coinbase', 'binance', 'vessel', 'otherEthereum', 'otherSolana']],
    [5, 0, [], ['metamask', 'phantom', 'coinbase', 'binance', 'vessel', 'otherEthereum', 'otherSolana']],
    [6, 0, [], ['metamask', 'phantom', 'coinbase', 'binance', 'vessel', 'otherEthereum', 'otherSolana']],
  ])('with %i OAuth providers: %i wallet buttons, the rest behind "Continue with other wallet"', (providers, buttons, onMain, other) => {
    expect(walletButtonsOnMain(providers)).toBe(buttons);
    expect(allocateWallets(providers)).toEqual({ onMain, other });
  });

  it('leaves nothing behind "Continue with other wallet" when every option fits', () => {
    expect(allocateWallets(0, WALLET_OPTIONS.slice(0, 3))).toEqual({ onMain: ['metamask', 'phantom', 'coinbase'], other: [] });
  });

  it('counts the OAuth buttons only when OAuth is configured', () => {
    const providers = [{ type: 'google' as const }, { type: 'github' as const }];
    expect(oauthButtonCount({ products: ['oauth', 'crypto'], oauthOptions: { providers } })).toBe(2);
    expect(oauthButtonCount({ products: ['crypto'], oauthOptions: { providers } })).toBe(0);
    expect(oauthButtonCount({ products: ['oauth', 'crypto'] })).toBe(0);
  });

  it('offers SPEC §3\'s seven wallets, Phantom and the generic Solana wallet on solana, the rest on ethereum', () => {
    expect(WALLET_OPTIONS.map((option) => [option.id, option.chain])).toEqual([
      ['metamask', 'ethereum'],
      ['phantom', 'solana'],
      ['coinbase', 'ethereum'],
      ['binance', 'ethereum'],
      ['vessel', 'ethereum'],
      ['otherEthereum', 'ethereum'],
      ['otherSolana', 'solana'],
    ]);
  });
});

describe('addresses a wallet answers (untrusted input)', () => {
  it.each([
    ['a lowercase Ethereum address', 'ethereum', '0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b'],
    ['an EIP-55 mixed-case Ethereum address', 'ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a Solana public key', 'solana', 'BPFLoaderUpgradeab1e11111111111111111111111'],
    ['a 32-character Solana key', 'solana', '11111111111111111111111111111111'],
  ] as const)('accepts %s', (_name, chain, address) => {
    expect(parseWalletAddress(chain, address)).toBe(address);
  });

  it.each([
    ['markup', 'ethereum', '<img src=x onerror=alert(1)>'],
    ['a 10,000-character address', 'ethereum', `0x${'a'.repeat(9_998)}`],
    ['a 10,000-character base58 string', 'solana', '1'.repeat(10_000)],
    ['a number', 'ethereum', 0x6a5e],
    ['an object', 'ethereum', { toString: () => '0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b' }],
    ['null', 'solana', null],
    ['an address one digit short', 'ethereum', '0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1'],
    ['no 0x prefix', 'ethereum', '6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1bff'],
    ['a non-hex digit', 'ethereum', '0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1g'],
    ['an Ethereum address for Solana', 'solana', '0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b'],
    ['a Solana key for Ethereum', 'ethereum', 'BPFLoaderUpgradeab1e11111111111111111111111'],
    ["base58's excluded 0, O, I and l", 'solana', 'BPFLoaderUpgradeab1e1111111111111111111O0Il'],
    ['a Solana key with a bidi control', 'solana', 'BPFLoaderUpgradeab1e1111111111111111111\u202e11'],
    ['surrounding blanks', 'ethereum', ' 0x6a5e8b2c7e4f0d1a9b3c5e7f9a1b3c5d7e9f0a1b '],
  ] as const)('refuses %s', (_name, chain, address) => {
    expect(parseWalletAddress(chain, address)).toBeNull();
  });
});

describe('signatures a wallet answers (untrusted input; the provider verifies them)', () => {
  it('accepts personal_sign\'s 65 bytes in hex and a base58 ed25519 signature', () => {
    expect(parseWalletSignature('ethereum', `0x${'1b'.repeat(65)}`)).not.toBeNull();
    expect(parseWalletSignature('solana', '5'.repeat(87))).not.toBeNull();
  });

  it.each([
    ['ethereum', `0x${'1b'.repeat(64)}`],
    ['ethereum', '<b>signed</b>'],
    ['ethereum', { signature: 'x' }],
    ['solana', 'x'.repeat(10_000)],
    ['solana', new Uint8Array(64)],
    ['solana', `0x${'1b'.repeat(65)}`],
  ] as const)('refuses a %s signature of the wrong shape (%#)', (chain, signature) => {
    expect(parseWalletSignature(chain, signature)).toBeNull();
  });
});
