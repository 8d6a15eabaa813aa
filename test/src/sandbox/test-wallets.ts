// Software crypto wallets for tests, each holding a real private key: they sign the way MetaMask
// (`personal_sign`, EIP-191) and Phantom (`signMessage`, ed25519) do, so the sandbox's
// verification runs for real. Only @noble/@scure code and web-platform globals, so the same
// helpers can run in Node (sandbox, contract suites) and be bundled into a page (e2e wallets).

import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58, hex } from '@scure/base';
import { ethereumAddressOf, personalMessageHash } from './crypto-wallets';

/** An EIP-1193-style wallet's key: its EIP-55 address and `personal_sign`. */
export class TestEthereumWallet {
  readonly secretKey: Uint8Array;
  /** EIP-55 checksummed, as MetaMask reports it. */
  readonly address: string;

  /** @param secretKey 32 bytes; a fresh random key by default. */
  constructor(secretKey: Uint8Array = secp256k1.utils.randomSecretKey()) {
    this.secretKey = secretKey;
    this.address = ethereumAddressOf(secp256k1.getPublicKey(secretKey, false));
  }

  /** `personal_sign(message)`: `0x` + r‖s‖v in hex, v 27 or 28 (legacy, as MetaMask answers). */
  personalSign(message: string): string {
    const recovered = secp256k1.sign(personalMessageHash(message), this.secretKey, { prehash: false, format: 'recovered' });
    // noble puts the recovery bit first; Ethereum puts it last, plus 27.
    const ethereum = new Uint8Array(65);
    ethereum.set(recovered.subarray(1), 0);
    ethereum[64] = 27 + (recovered[0] ?? 0);
    return `0x${hex.encode(ethereum)}`;
  }
}

/** A Phantom-style wallet's key: its base58 address and `signMessage`. */
export class TestSolanaWallet {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
  /** The base58 public key, as `publicKey.toBase58()` reports it. */
  readonly address: string;

  /** @param secretKey 32-byte ed25519 seed; a fresh random key by default. */
  constructor(secretKey: Uint8Array = ed25519.utils.randomSecretKey()) {
    this.secretKey = secretKey;
    this.publicKey = ed25519.getPublicKey(secretKey);
    this.address = base58.encode(this.publicKey);
  }

  /** `signMessage(bytes)`: the raw 64-byte ed25519 signature, as Phantom resolves `{signature}`. */
  signMessage(message: Uint8Array): Uint8Array {
    return ed25519.sign(message, this.secretKey);
  }

  /** The challenge's UTF-8 bytes signed, base58-encoded as the client sends the signature to Stytch. */
  signChallenge(challenge: string): string {
    return base58.encode(this.signMessage(new TextEncoder().encode(challenge)));
  }
}
