// Issue 20: `session_token` and `session_jwt` never leave the page in telemetry or analytics. This
// is the pure half: the event bus (later) runs every payload through `scrubTokens` before any sink.

/** Containers nested deeper than this are replaced by {@link TOO_DEEP}. */
const MAX_DEPTH = 64;
const CYCLE = '[cycle]';
const TOO_DEEP = '[too deep]';
const UNREADABLE = '[unreadable]';
const REDACTED = '[redacted]';

// ---- Names -------------------------------------------------------------------------------------

/** A name is a credential's when, lower-cased and without punctuation, it ends in one of these. */
const CREDENTIAL_SUFFIXES = ['sessiontoken', 'sessionjwt'] as const;
/** Percent-encodings are undone at most this many times when a key is compared. */
const MAX_KEY_DECODING_ROUNDS = 8;
const PERCENT_ESCAPE = /%([0-9a-f]{2})/gi;

/** Byte-wise and tolerant: a malformed or non-ASCII sequence is never an error (the names are ASCII). */
function percentDecodeLoosely(text: string): string {
  return text.replace(PERCENT_ESCAPE, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function isCredentialKey(key: string): boolean {
  let decoded = key;
  for (let round = 0; round < MAX_KEY_DECODING_ROUNDS && decoded.includes('%'); round += 1) {
    const next = percentDecodeLoosely(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  const bare = decoded.toLowerCase().replace(/[^a-z0-9]/g, '');
  return CREDENTIAL_SUFFIXES.some((suffix) => bare.endsWith(suffix));
}

// ---- Strings -----------------------------------------------------------------------------------

/** `%`, then any number of `25`s: a character percent-encoded once, twice, … (`%5F`, `%255F`). */
const ENCODED = '%(?:25)*';

/** One character: itself (any case, the `i` flag) or percent-encoded any number of times. */
function anyEncoding(char: string): string {
  const codes = new Set([char.toLowerCase(), char.toUpperCase()].map((c) => c.charCodeAt(0).toString(16)));
  const literal = char.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return `(?:${literal}|${ENCODED}(?:${[...codes].join('|')}))`;
}

const word = (text: string): string => [...text].map(anyEncoding).join('');

/** `session_token`, `session-token`, `session.token`, `sessionToken`, `SESSION_JWT`, `session%5Ftoken`, … */
const NAME = `${word('session')}(?:${anyEncoding('_')}|${anyEncoding('-')}|${anyEncoding('.')})?(?:${word('token')}|${word('jwt')})`;
/** A quote around a name or value: plain, backslash-escaped (JSON in a string) or encoded. */
const QUOTE = `(?:\\\\?["']|${ENCODED}2[27])`;
/** `=` (a URL parameter) or `:` (JSON or a log line's `name: value`), plain or encoded. */
const SEPARATOR = `(?:=|:|${ENCODED}3[ad])`;
/**
 * Where the value ends: `&`, `#`, `;`, whitespace, quotes, brackets, `,`, `\`, `<`, `>`, plain or
 * encoded. Everything else — `%` escapes of other characters included — belongs to the value, so a
 * value that is cut short errs towards removing more, never less. Each character is matched once
 * and nothing is nested, so the work is linear in the string's length.
 */
const VALUE = `(?:[^&#;\\s"'\`<>,\\\\{}()[\\]%]|%(?!(?:25)*(?:2[0236789c]|3[bce]|5[bcd]|60|7[bd]|0[9ad])))*`;
/** What may come just before the name: the start of a parameter (`?`, `&`, `#`, `;`), plain or encoded. */
const LEAD = `([?&#;]|${ENCODED}(?:3f|26|23|3b))?`;
/** The `&` after the value, plain or encoded, taken with it so `?session_token=x&a=1` becomes `?a=1`. */
const TRAIL = `(&|${ENCODED}26)?`;

const PARAMETER = `${NAME}${QUOTE}?[ \\t]*${SEPARATOR}[ \\t]*${QUOTE}?${VALUE}`;
/** A run of credential parameters goes at once, so `?session_token=x&session_jwt=y&a=1` becomes `?a=1`. */
const CREDENTIAL_PARAMETERS = new RegExp(`${LEAD}${PARAMETER}(?:(?:&|${ENCODED}26)${PARAMETER})*${TRAIL}`, 'gi');

function removeCredentialParameters(text: string): string {
  return text.replace(CREDENTIAL_PARAMETERS, (_match, lead: string | undefined, trail: string | undefined) =>
    // The parameter goes with its own delimiters, leaving one only if another parameter follows:
    // `?session_token=x&a=1` → `?a=1`, `?a=1&session_token=x` → `?a=1`, `/p?session_token=x#top` →
    // `/p#top`. A delimiter counts only at the same level of encoding as the lead (`&` and `?` are
    // one character, `%26` and `%3F` three, `%2526` five): in `?r=https%3A%2F%2Fx%2F%3Fsession_token%3Dx&z=1`
    // the plain `&` is the outer URL's, and stays.
    lead !== undefined && trail !== undefined && lead.length === trail.length ? lead : (trail ?? ''),
  );
}

/**
 * Removing a parameter joins what was around it, which can spell a new one
 * (`session_token` + `session_jwt=x` + ` =secret`): the scan is repeated until nothing changes.
 * Each scan is linear and real text needs one or two; a string still changing after
 * {@link MAX_STRING_SCANS} is built to defeat the scrubber and is replaced whole.
 */
const MAX_STRING_SCANS = 8;

function scrubString(text: string): string {
  if (!/session|%/i.test(text)) return text;
  let scrubbed = text;
  for (let scan = 0; scan < MAX_STRING_SCANS; scan += 1) {
    const next = removeCredentialParameters(scrubbed);
    if (next === scrubbed) return scrubbed;
    scrubbed = next;
  }
  return REDACTED;
}

// ---- Values ------------------------------------------------------------------------------------

/** Keeps a `__proto__` key as plain data, as `JSON.parse` does, instead of setting a prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Walk {
  /** The containers on the path from the root: meeting one again is a cycle. */
  readonly ancestors: Set<object>;
  /** Containers already copied: a shared (not cyclic) reference is copied once, not once per path. */
  readonly copies: WeakMap<object, unknown>;
}

/** JSON's rule: functions, symbols and `undefined` are left out of objects and are `null` in arrays. */
const isOmitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

function scrubValue(value: unknown, key: string, depth: number, walk: Walk): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value !== 'object' || value === null) return value;

  const copied = walk.copies.get(value);
  if (copied !== undefined) return copied;
  if (walk.ancestors.has(value)) return CYCLE;
  if (depth >= MAX_DEPTH) return TOO_DEEP;

  walk.ancestors.add(value);
  let copy: unknown;
  try {
    copy = scrubContainer(value, key, depth, walk);
  } catch {
    // A getter, proxy trap or `toJSON` that throws: nothing of it is passed on.
    copy = UNREADABLE;
  } finally {
    walk.ancestors.delete(value);
  }
  walk.copies.set(value, copy);
  return copy;
}

function scrubContainer(value: object, key: string, depth: number, walk: Walk): unknown {
  const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    // As JSON.stringify does (a Date becomes its ISO string); what it returns is scrubbed in turn.
    return scrubValue(toJSON.call(value, key), key, depth + 1, walk);
  }
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    const copy: unknown[] = [];
    for (let index = 0; index < items.length; index += 1) {
      const item = scrubValue(items[index], String(index), depth + 1, walk);
      copy.push(isOmitted(item) ? null : item);
    }
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(value)) {
    const scrubbedName = scrubString(name);
    // The scrubbed name too: removing a parameter from a key may leave a credential's name.
    if (isCredentialKey(name) || isCredentialKey(scrubbedName)) continue;
    const item = scrubValue((value as Record<string, unknown>)[name], name, depth + 1, walk);
    if (!isOmitted(item)) define(copy, scrubbedName, item);
  }
  return copy;
}

/**
 * A copy of `value` with every session credential taken out, for telemetry and analytics
 * payloads (issue 20). The input is never changed.
 *
 * **Keys.** At any depth, a property whose key names a session token or JWT is dropped with its
 * value, whatever the value is: the key is compared after undoing percent-encoding, ignoring case
 * and punctuation, and matches when it ends in `sessiontoken` or `sessionjwt` — so
 * `session_token`, `SESSION_JWT`, `sessionToken`, `session-jwt`, `session%5Ftoken`, and prefixed
 * names such as `intermediate_session_token` or `stytch_session_jwt` are all dropped.
 *
 * **Strings** (values and the remaining keys). A parameter named as above, followed by `=` or `:`
 * and a value, is removed with its value wherever it appears: in a URL's query or fragment
 * (`?session_token=abc&x=1` → `?x=1`, `/p#session_jwt=abc` → `/p`), with its name, separator or
 * delimiters percent-encoded any number of times (`session%5Ftoken%3Dabc`, `session%255Ftoken`),
 * inside a URL that is itself encoded in another parameter
 * (`redirect=https%3A%2F%2Fx%2F%3Fsession_token%3Dabc` → `redirect=https%3A%2F%2Fx%2F`), or in
 * JSON or a log line held in a string (`"session_jwt":"abc"`). The value runs to the next `&`,
 * `#`, `;`, whitespace, quote, bracket or comma (plain or encoded). A string that merely is a
 * token, with no name before it, cannot be told apart from other text and is kept.
 *
 * **Everything else** follows `JSON.stringify`: own enumerable string keys only; functions,
 * symbols and `undefined` are left out of objects and are `null` in arrays; `toJSON` is called
 * (a `Date` becomes its ISO string); a `bigint` becomes its decimal string. A `__proto__` key
 * stays a plain property. Nothing throws and the work is bounded: a container met again on its
 * own path becomes `'[cycle]'`, one nested more than 64 deep becomes `'[too deep]'`, one whose
 * reading throws becomes `'[unreadable]'`, a container shared by several paths is copied once,
 * and strings are scanned in linear time (a few scans, as removing a parameter can join the text
 * around it into another; a string crafted to need more than 8 becomes `'[redacted]'`).
 *
 * @param value - Any value, typically an event's payload.
 * @returns A copy that is safe to pass to `JSON.stringify`, with no session token or JWT in it.
 */
export function scrubTokens(value: unknown): unknown {
  return scrubValue(value, '', 0, { ancestors: new Set(), copies: new WeakMap() });
}
