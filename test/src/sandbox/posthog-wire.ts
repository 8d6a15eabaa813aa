// What posthog-js puts on the wire, decoded without Node APIs (the handlers must also run in a
// browser worker, ./wire). posthog-js (packages/browser/src/request.ts) sends one of:
//   - `?compression=gzip-js`: the JSON gzipped, as Content-Type text/plain (fflate's gzipSync, or
//     the browser's CompressionStream);
//   - `?compression=base64`: a form body `data=<percent-encoded base64 of the UTF-8 JSON>`;
//   - no compression: the JSON itself, as application/json.
// sendBeacon (on leaving the page) sends the same bodies with `beacon=1` added to the query.
// The JSON is one event, an array of events (request batching, recordings on /s/), or a
// `{api_key, batch: [...]}` envelope (/batch/, as the server-side and lite clients send it).

import type { JsonObject } from './model';
import { SandboxError, isJsonObject } from './wire';

/** Larger bodies (as sent, before decompression) are refused with 413, like the node middleware's limit. */
export const POSTHOG_MAX_BODY_BYTES = 1024 * 1024;
/** A gzip body may not inflate beyond this: 1 MB of zeros gzips to about 1 kB. */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/** One captured event as the sink keeps it (the properties exactly as sent, nothing scrubbed). */
export interface DecodedEvent {
  event: string;
  distinct_id: string | null;
  properties: JsonObject;
  uuid?: string;
  /** Every other top-level field the client sent (`timestamp`, `$set`, `$set_once`, …), so nothing sent is hidden. */
  extras?: JsonObject;
}

const malformed = (why: string): SandboxError => new SandboxError(400, 'bad_request', `The PostHog body is malformed: ${why}.`);

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Inflates a gzip body through the platform's DecompressionStream, stopping at MAX_DECODED_BYTES. */
async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > MAX_DECODED_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new SandboxError(413, 'request_too_large', `The PostHog body inflates beyond ${MAX_DECODED_BYTES} bytes.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof SandboxError) throw error;
    throw malformed('compression=gzip-js, but the body is not valid gzip');
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function utf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformed(`${what} is not UTF-8 text`);
  }
}

/** posthog-js's _base64Encode: standard base64 of the UTF-8 text. A `+` lost to form decoding comes back. */
function fromBase64(text: string): string {
  let binary: string;
  try {
    binary = atob(text.trim().replace(/ /g, '+'));
  } catch {
    throw malformed('the data is not valid base64');
  }
  return utf8(Uint8Array.from(binary, (char) => char.charCodeAt(0)), 'the base64 data');
}

/**
 * The JSON text of a body: gunzipped when the query says gzip (or the bytes are gzip whatever the
 * query says, as PostHog's own capture service does), `data=` taken out of a form, and base64
 * decoded when the query or the form's content says so.
 */
export async function decodePosthogBody(bytes: Uint8Array<ArrayBuffer>, compression: string | null, contentType: string): Promise<string> {
  if (compression !== null && !['gzip-js', 'gzip', 'base64'].includes(compression)) {
    throw malformed(`compression=${compression} is not one posthog-js uses (gzip-js, base64)`);
  }
  const gzipped = compression === 'gzip-js' || compression === 'gzip' || isGzip(bytes);
  let text = utf8(gzipped ? await gunzip(bytes) : bytes, gzipped ? 'the inflated body' : 'the body');
  const form = contentType.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded' || /^data=/.test(text);
  if (form) {
    const data = new URLSearchParams(text).get('data');
    if (data === null) throw malformed('a form body without its data= field');
    text = data;
  }
  const trimmed = text.trimStart();
  if (compression === 'base64' || (form && !trimmed.startsWith('{') && !trimmed.startsWith('['))) text = fromBase64(text);
  return text;
}

function eventOf(value: unknown, index: number, defaultName: string | null): DecodedEvent {
  if (!isJsonObject(value)) throw malformed(`event ${index} is not an object`);
  const { event, distinct_id: topId, properties, uuid, ...extras } = value;
  const name = typeof event === 'string' && event !== '' ? event : defaultName;
  if (name === null) throw malformed(`event ${index} has no event name`);
  if (properties !== undefined && properties !== null && !isJsonObject(properties)) throw malformed(`event ${index} has properties that are not an object`);
  const props: JsonObject = isJsonObject(properties) ? properties : {};
  const id = [topId, props['distinct_id'], props['$distinct_id'], extras['$distinct_id']].find((candidate) => typeof candidate === 'string' || typeof candidate === 'number');
  const decoded: DecodedEvent = { event: name, distinct_id: id === undefined ? null : String(id), properties: props };
  if (typeof uuid === 'string') decoded.uuid = uuid;
  else if (uuid !== undefined) extras['uuid'] = uuid;
  if (event !== undefined && event !== name) extras['event'] = event;
  if (Object.keys(extras).length > 0) decoded.extras = extras;
  return decoded;
}

/**
 * The events in a decoded JSON text: one event, an array, or a `{batch: [...]}` envelope.
 * `defaultName` names events that carry none (the legacy /engage/ people updates); null refuses them.
 */
export function parsePosthogEvents(text: string, defaultName: string | null): DecodedEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw malformed('the (decoded) body is not valid JSON');
  }
  const batch = isJsonObject(body) && Array.isArray(body['batch']) ? (body['batch'] as unknown[]) : null;
  const items = batch ?? (Array.isArray(body) ? body : [body]);
  return items.map((item, index) => eventOf(item, index, defaultName));
}
