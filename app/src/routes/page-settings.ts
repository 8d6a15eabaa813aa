// The page settings an integrator's server may render into a page it serves (SPEC §4: "a trusted
// auth token and a token profile id"), as a JSON data block — never executed, so the strict CSP
// stays as it is:
//
//   <script type="application/json" id="vestibule-page-settings">
//     {"trustedAuthToken":"…","tokenProfileId":"…"}
//   </script>
//
// Anything else (no block, malformed JSON, wrong types, over-long values) is no settings.

export const PAGE_SETTINGS_ELEMENT_ID = 'vestibule-page-settings';

/** Longest token or profile id read (a JWT is a few kB at most). */
const MAX_SETTING_LENGTH = 8192;

/** The identity-provider page's attestation settings. */
export interface PageAttestation {
  readonly token: string;
  readonly profileId: string;
}

const isSetting = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_SETTING_LENGTH;

/** Reads the page's trusted auth token and token profile id from its settings block, or `null`. */
export function readPageAttestation(doc: Pick<Document, 'getElementById'>): PageAttestation | null {
  const text = doc.getElementById(PAGE_SETTINGS_ELEMENT_ID)?.textContent;
  if (typeof text !== 'string' || text.length > 4 * MAX_SETTING_LENGTH) return null;
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return null;
  const token = Object.hasOwn(settings, 'trustedAuthToken') ? (settings as Record<string, unknown>)['trustedAuthToken'] : undefined;
  const profileId = Object.hasOwn(settings, 'tokenProfileId') ? (settings as Record<string, unknown>)['tokenProfileId'] : undefined;
  return isSetting(token) && isSetting(profileId) ? { token, profileId } : null;
}
