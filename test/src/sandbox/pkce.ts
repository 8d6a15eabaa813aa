// PKCE (S256) as Stytch checks it for magic links and password resets: the start request carries
// `code_challenge`, the finishing request proves it with `code_verifier`.

import { SandboxError, base64UrlEncode } from './wire';

/**
 * Throws 400 `pkce_expected_code_verifier` when no verifier was sent and 400 `pkce_mismatch`
 * when base64url(SHA-256(verifier)) is not the challenge. `subject` names what was started with
 * the challenge, for the message ("magic link", "password reset").
 */
export async function assertPkce(challenge: string, verifier: string | undefined, subject: string): Promise<void> {
  if (verifier === undefined) {
    throw new SandboxError(400, 'pkce_expected_code_verifier', `This ${subject} was started with a PKCE code_challenge; send the code_verifier.`);
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  if (base64UrlEncode(new Uint8Array(digest)) !== challenge) {
    throw new SandboxError(400, 'pkce_mismatch', `The code_verifier does not match the code_challenge of this ${subject}.`);
  }
}
