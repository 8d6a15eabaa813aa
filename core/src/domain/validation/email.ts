import type { MessageKey } from '../i18n/message-ref';

/** Where an e-mail is being entered: SPEC §5 words the invalid message differently per product. */
export type EmailContext = 'otp' | 'magicLink' | 'password';

// Limits in UTF-8 octets (RFC 6531 §3.3 measures the RFC 5321 §4.5.3.1 limits so): the local
// part, the address (the 256-octet path of §4.5.3.1.3 less its angle brackets) and a domain
// label (RFC 1035 §2.3.4).
const MAX_LOCAL_OCTETS = 64;
const MAX_ADDRESS_OCTETS = 254;
const MAX_LABEL_OCTETS = 63;

// Anywhere: whitespace, control characters (C0, DEL, C1), bidi controls (they make an address
// display as another one) and lone surrogates (not Unicode, so no UTF-8 form).
const FORBIDDEN = /[\s\p{Cc}\p{Bidi_Control}\p{Cs}]/u;
// A domain label: letters, digits and hyphens (RFC 1035), or non-ASCII (an IDNA U-label).
const LABEL = /^[A-Za-z0-9\-\u{80}-\u{10FFFF}]+$/u;
// IDNA reads these full stops as label separators (RFC 3490 §3.1), so they would hide a label.
const IDNA_FULL_STOPS = /[\u3002\uff0e\uff61]/;
// SPEC §5: a top-level part of at least 2 letters, in any script (marks for scripts such as Devanagari).
const TOP_LEVEL = /^\p{L}[\p{L}\p{M}]+$/u;

/**
 * Whether `address` is an e-mail address by SPEC §5 within the limits of RFC 5321 and RFC 6531:
 * the one rule both the client and the sandbox apply, so they never disagree.
 *
 * - At most 254 UTF-8 octets, the local part at most 64.
 * - Local part: dot-separated, with no leading, trailing or consecutive dot; its other characters
 *   are as free as SPEC §5's pattern left them (any but `@`), non-ASCII included (RFC 6531).
 * - Domain: two labels or more, each 1–63 octets of letters, digits, hyphens (not first or last)
 *   or non-ASCII characters; the last label is at least 2 letters (any script).
 * - No whitespace, control or bidi control character anywhere, and no lone surrogate.
 *
 * The value is judged as given (nothing is trimmed). Work is bounded by the length limit, which
 * is checked first: a huge input costs nothing.
 */
export function isValidEmail(address: string): boolean {
  // UTF-8 never takes fewer octets than UTF-16 takes code units: longer is too long in octets too.
  if (address.length > MAX_ADDRESS_OCTETS) return false;
  if (FORBIDDEN.test(address) || utf8Octets(address) > MAX_ADDRESS_OCTETS) return false;
  const at = address.indexOf('@');
  if (at < 0) return false;
  // A second '@' fails the domain's labels.
  return isLocalPart(address.slice(0, at)) && isDomain(address.slice(at + 1));
}

/** The field message for an e-mail value, or `null` when it is acceptable. Empty is invalid (required). Spaces around what was typed are ignored (the address sent is trimmed). */
export function validateEmail(value: string, context: EmailContext): MessageKey | null {
  if (isValidEmail(value.trim())) return null;
  return context === 'otp' ? 'validation.emailInvalidOtp' : 'validation.emailInvalid';
}

function isLocalPart(local: string): boolean {
  // Splitting on '.' leaves an empty atom for each leading, trailing or doubled dot.
  return utf8Octets(local) <= MAX_LOCAL_OCTETS && local.split('.').every((atom) => atom !== '');
}

function isDomain(domain: string): boolean {
  if (IDNA_FULL_STOPS.test(domain)) return false;
  const labels = domain.split('.');
  const last = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every(isLabel) && TOP_LEVEL.test(last);
}

function isLabel(label: string): boolean {
  return LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-') && utf8Octets(label) <= MAX_LABEL_OCTETS;
}

function utf8Octets(text: string): number {
  let octets = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    octets += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return octets;
}
