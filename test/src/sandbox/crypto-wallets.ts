// Crypto wallet addresses and signatures, checked for real with exact-pinned, audited libraries
// (@noble/curves, @noble/hashes, @scure/base): what the sandbox's crypto_wallets endpoints
// (./crypto-wallet-handlers) and the test wallets (./test-wallets) share.
//
// - Ethereum: `0x` + 40 hex digits, EIP-55 checksummed when the case is mixed; `personal_sign`
//   signatures (EIP-191) are 65 bytes r‖s‖v, and the signer is recovered from them.
// - Solana: a base58 ed25519 public key (32 bytes); `signMessage` signatures are 64 bytes,
//   base58-encoded by the client, verified against the address.

import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, hex } from '@scure/base';

export type CryptoWalletType = 'ethereum' | 'solana';
export const CRYPTO_WALLET_TYPES: readonly CryptoWalletType[] = ['ethereum', 'solana'];

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// Base58 of 32 bytes is 32 to 44 characters; checked before decoding, which is quadratic.
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const ETHEREUM_SIGNATURE = /^(0x)?[0-9a-fA-F]{130}$/;
const SOLANA_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The EIP-55 form of an Ethereum address: each hex letter upper-cased where keccak(lower-case hex) has a nibble ≥ 8. */
function ethereumChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = hex.encode(keccak_256(utf8(lower)));
  let out = '0x';
  for (let index = 0; index < lower.length; index += 1) {
    const char = lower[index] ?? '';
    out += parseInt(hash[index] ?? '0', 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** The address of an uncompressed or compressed secp256k1 public key: keccak-256 of X‖Y, last 20 bytes. */
export function ethereumAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return ethereumChecksumAddress(`0x${hex.encode(keccak_256(uncompressed.subarray(1)).subarray(-20))}`);
}

/**
 * The address in the form the sandbox stores and shows (EIP-55 for Ethereum, as sent for
 * Solana), or null when it is not one of `type`. A mixed-case Ethereum address must carry a
 * correct checksum, as wallets and EIP-55 require: a typo is caught rather than accepted.
 */
export function canonicalAddress(type: CryptoWalletType, address: unknown): string | null {
  if (typeof address !== 'string') return null;
  if (type === 'ethereum') {
    if (!ETHEREUM_ADDRESS.test(address)) return null;
    const digits = address.slice(2);
    const checksummed = ethereumChecksumAddress(address);
    const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
    return mixed && checksummed !== address ? null : checksummed;
  }
  if (!SOLANA_ADDRESS.test(address)) return null;
  try {
    return base58.decode(address).length === 32 ? address : null;
  } catch {
    return null;
  }
}

/** EIP-191 version 0x45, what `personal_sign` signs: the prefix with the message's UTF-8 byte length, hashed with keccak-256. */
export function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8(message);
  const prefix = utf8(`\x19Ethereum Signed Message:\n${bytes.length}`);
  const joined = new Uint8Array(prefix.length + bytes.length);
  joined.set(prefix);
  joined.set(bytes, prefix.length);
  return keccak_256(joined);
}

/**
 * Whether `signature` is the wallet's signature of `message`: for Ethereum, the address recovered
 * from the `personal_sign` signature (v 27/28 or 0/1) is `address`; for Solana, the ed25519
 * signature (base58) verifies against the address's key. Malformed input is simply false.
 */
export function verifyWalletSignature(type: CryptoWalletType, address: string, message: string, signature: string): boolean {
  try {
    if (type === 'ethereum') {
      if (!ETHEREUM_SIGNATURE.test(signature)) return false;
      const bytes = hex.decode(signature.replace(/^0x/, '').toLowerCase());
      const v = bytes[64] ?? -1;
      const recovery = v >= 27 ? v - 27 : v;
      if (recovery !== 0 && recovery !== 1) return false;
      // noble's "recovered" layout is the recovery bit first, then r‖s.
      const recoverable = new Uint8Array(65);
      recoverable[0] = recovery;
      recoverable.set(bytes.subarray(0, 64), 1);
      const publicKey = secp256k1.recoverPublicKey(recoverable, personalMessageHash(message), { prehash: false });
      return ethereumAddressOf(publicKey).toLowerCase() === address.toLowerCase();
    }
    if (!SOLANA_SIGNATURE.test(signature)) return false;
    const bytes = base58.decode(signature);
    return bytes.length === 64 && ed25519.verify(bytes, utf8(message), base58.decode(address));
  } catch {
    // A point off the curve, an s out of range, …: not a signature of this wallet.
    return false;
  }
}
