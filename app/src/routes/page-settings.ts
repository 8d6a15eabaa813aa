import type { AnalyticsIdentity } from '@vestibule/core';

// The page settings an integrator's server may render into a page it serves, as a JSON data block
// — never executed, so the strict CSP stays as it is:
//
//   <script type="application/json" id="vestibule-page-settings">
//     {"trustedAuthToken":"…","tokenProfileId":"…","distinctId":"…","identifyPayload":{…}}
//   </script>
//
// SPEC §4: a trusted auth token and a token profile id (the identity-provider page's attestation).
// SPEC §1: a distinct id and an identify payload (who the visitor is, for product analytics).
// Anything else (no block, malformed JSON, wrong types, over-long values) is no settings.

export const PAGE_SETTINGS_ELEMENT_ID = 'vestibule-page-settings';

/** Longest token, profile id or distinct id read (a JWT is a few kB at most). */
const MAX_SETTING_LENGTH = 8192;

/** The identity-provider page's attestation settings. */
export interface PageAttestation {
  readonly token: string;
  readonly profileId: string;
}

const isSetting = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_SETTING_LENGTH;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The settings block's own (never inherited) values, or `null` without a well-formed block. */
function readPageSettings(doc: Pick<Document, 'getElementById'>): ((name: string) => unknown) | null {
  const text = doc.getElementById(PAGE_SETTINGS_ELEMENT_ID)?.textContent;
  if (typeof text !== 'string' || text.length > 4 * MAX_SETTING_LENGTH) return null;
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return null;
  }
  return isRecord(settings) ? (name) => (Object.hasOwn(settings, name) ? settings[name] : undefined) : null;
}

/** Reads the page's trusted auth token and token profile id from its settings block, or `null`. */
export function readPageAttestation(doc: Pick<Document, 'getElementById'>): PageAttestation | null {
  const setting = readPageSettings(doc);
  const token = setting?.('trustedAuthToken');
  const profileId = setting?.('tokenProfileId');
  return isSetting(token) && isSetting(profileId) ? { token, profileId } : null;
}

/**
 * Reads who the visitor is for product analytics (SPEC §1): a distinct id and an identify payload
 * (an object of person properties), both required; otherwise `null`. Analytics identifies them
 * when the id differs from its current one; the event bus scrubs the payload before it leaves.
 */
export function readPageIdentity(doc: Pick<Document, 'getElementById'>): AnalyticsIdentity | null {
  const setting = readPageSettings(doc);
  const distinctId = setting?.('distinctId');
  const properties = setting?.('identifyPayload');
  return isSetting(distinctId) && isRecord(properties) ? { distinctId, properties } : null;
}
