import { describe, expect, it } from 'vitest';
import { MAX_ANALYTICS_EVENTS, SANDBOX_POSTHOG_PATH } from './posthog-handlers';
import { POSTHOG_MAX_BODY_BYTES } from './posthog-wire';
import { ORIGIN, SANDBOX_TEST_START, arr, controlCall, expectStytchError, obj, sandboxUnderTest, type JsonReply } from './test-support';

const { sandbox, clock } = sandboxUnderTest(SANDBOX_TEST_START);

/** An event as posthog-js builds it: the distinct id and token inside the properties. */
const pageEvent = (event: string, properties: Record<string, unknown> = {}): Record<string, unknown> => ({
  uuid: '01960d3c-5a4b-7000-8000-000000000001',
  event,
  properties: { distinct_id: 'visitor-1', token: 'phc_sandbox', $lib: 'web', ...properties },
  timestamp: '2026-03-01T09:00:00.000Z',
});

async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** posthog-js's base64 encoding: standard base64 of the UTF-8 JSON. */
function base64(text: string): string {
  return btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
}

async function post(path: string, body: BodyInit, contentType: string, query = ''): Promise<JsonReply> {
  const response = await fetch(`${ORIGIN}${SANDBOX_POSTHOG_PATH}${path}?_=1772355600000&ver=1.449.2${query}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

async function listed(): Promise<Record<string, unknown>[]> {
  const answer = await controlCall('GET', '/analytics');
  expect(answer.status).toBe(200);
  return arr(obj(answer.json)['events']).map(obj);
}

describe('the PostHog sink decodes what posthog-js sends', () => {
  it('takes a gzip-js batch (text/plain gzip) and answers {status: 1}', async () => {
    const body = await gzip(JSON.stringify([pageEvent('$pageview', { $current_url: `${ORIGIN}/login` }), pageEvent('login_screen_rendered')]));
    const answer = await post('/e/', body, 'text/plain', '&compression=gzip-js');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 1 });
    expect(await listed()).toEqual([
      {
        received_at: '2026-03-01T09:00:00.000Z',
        path: '/e/',
        event: '$pageview',
        distinct_id: 'visitor-1',
        properties: { distinct_id: 'visitor-1', token: 'phc_sandbox', $lib: 'web', $current_url: `${ORIGIN}/login` },
        uuid: '01960d3c-5a4b-7000-8000-000000000001',
        extras: { timestamp: '2026-03-01T09:00:00.000Z' },
      },
      expect.objectContaining({ event: 'login_screen_rendered', path: '/e/' }),
    ]);
  });

  it('recognises a gzip body by its bytes even when the query does not say so (sendBeacon on leaving)', async () => {
    const answer = await post('/e/', await gzip(JSON.stringify(pageEvent('$pageleave'))), 'text/plain', '&beacon=1');
    expect(answer.json).toEqual({ status: 1 });
    expect((await listed()).map((event) => event['event'])).toEqual(['$pageleave']);
  });

  it('takes a base64 form body (data=…), non-ASCII text intact', async () => {
    const data = base64(JSON.stringify(pageEvent('email_sent', { greeting: 'Grüße, 東京 ✓' })));
    const answer = await post('/e/', `data=${encodeURIComponent(data)}`, 'application/x-www-form-urlencoded', '&compression=base64');
    expect(answer.json).toEqual({ status: 1 });
    const [event] = await listed();
    expect(event).toMatchObject({ event: 'email_sent', distinct_id: 'visitor-1', properties: { greeting: 'Grüße, 東京 ✓' } });
  });

  it('takes plain JSON on the newer ingestion path and the batch envelope on /batch/', async () => {
    expect((await post('/i/v0/e/', JSON.stringify(pageEvent('one')), 'application/json')).json).toEqual({ status: 1 });
    const batch = { api_key: 'phc_sandbox', batch: [{ event: 'two', distinct_id: 'server-1', properties: {} }, { event: 'three', distinct_id: 42 }] };
    expect((await post('/batch/', JSON.stringify(batch), 'application/json')).json).toEqual({ status: 1 });
    expect((await listed()).map(({ path, event, distinct_id }) => ({ path, event, distinct_id }))).toEqual([
      { path: '/i/v0/e/', event: 'one', distinct_id: 'visitor-1' },
      { path: '/batch/', event: 'two', distinct_id: 'server-1' },
      { path: '/batch/', event: 'three', distinct_id: '42' },
    ]);
  });

  it('keeps recordings (/s/) and names legacy /engage/ updates', async () => {
    await post('/s/', await gzip(JSON.stringify([pageEvent('$snapshot', { $snapshot_data: [{ type: 2 }] })])), 'text/plain', '&compression=gzip-js');
    await post('/engage/', JSON.stringify({ $distinct_id: 'visitor-1', $set: { plan: 'free' } }), 'application/json');
    expect(await listed()).toEqual([
      expect.objectContaining({ path: '/s/', event: '$snapshot' }),
      expect.objectContaining({ path: '/engage/', event: '$engage', distinct_id: 'visitor-1', properties: {}, extras: { $distinct_id: 'visitor-1', $set: { plan: 'free' } } }),
    ]);
  });

  it('answers flags and decide with no flags, and remote config with everything off', async () => {
    for (const path of ['/flags/?v=2&config=true', '/decide/?v=3']) {
      const response = await fetch(`${ORIGIN}${SANDBOX_POSTHOG_PATH}${path}`, { method: 'POST', body: JSON.stringify({ token: 'phc_sandbox', distinct_id: 'visitor-1' }) });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ flags: {}, featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false, sessionRecording: false });
    }
    const config = await fetch(`${ORIGIN}${SANDBOX_POSTHOG_PATH}/array/phc_sandbox/config`);
    expect(await config.json()).toMatchObject({ supportedCompression: ['gzip', 'gzip-js'], hasFeatureFlags: false, sessionRecording: false });
    // Neither is an event.
    expect(await listed()).toEqual([]);
  });
});

describe('the PostHog sink refuses what it cannot read, with 400 and the reason', () => {
  const refused = async (answer: Promise<JsonReply>, status: number, type: string, says: RegExp): Promise<void> => {
    const body = expectStytchError(await answer, status, type);
    expect(body['error_message']).toMatch(says);
    expect(await listed()).toEqual([]);
  };

  it('a body that says gzip-js but is not gzip, or is cut short', async () => {
    await refused(post('/e/', 'not gzip at all', 'text/plain', '&compression=gzip-js'), 400, 'bad_request', /not valid gzip/);
    const cut = (await gzip(JSON.stringify(pageEvent('x')))).slice(0, 20);
    await refused(post('/e/', cut, 'text/plain', '&compression=gzip-js'), 400, 'bad_request', /not valid gzip/);
  });

  it('JSON that is not JSON, events that are not events, base64 that is not base64', async () => {
    await refused(post('/e/', '{"event": ', 'application/json'), 400, 'bad_request', /not valid JSON/);
    await refused(post('/e/', await gzip('[{"event":'), 'text/plain', '&compression=gzip-js'), 400, 'bad_request', /not valid JSON/);
    await refused(post('/e/', JSON.stringify([pageEvent('ok'), 7]), 'application/json'), 400, 'bad_request', /event 1 is not an object/);
    await refused(post('/e/', JSON.stringify({ properties: {} }), 'application/json'), 400, 'bad_request', /no event name/);
    await refused(post('/e/', JSON.stringify({ event: 'x', properties: 'y' }), 'application/json'), 400, 'bad_request', /properties that are not an object/);
    await refused(post('/e/', 'data=%%%not-base64', 'application/x-www-form-urlencoded', '&compression=base64'), 400, 'bad_request', /not valid base64/);
    await refused(post('/e/', 'other=1', 'application/x-www-form-urlencoded'), 400, 'bad_request', /without its data= field/);
    await refused(post('/e/', JSON.stringify(pageEvent('x')), 'application/json', '&compression=lz64'), 400, 'bad_request', /compression=lz64/);
  });

  it('bodies over 1 MB (413), and gzip that would inflate without bound', async () => {
    const big = JSON.stringify(pageEvent('big', { pad: 'x'.repeat(POSTHOG_MAX_BODY_BYTES) }));
    await refused(post('/e/', big, 'application/json'), 413, 'request_too_large', /limited to 1048576 bytes/);
    const bomb = await gzip(JSON.stringify(pageEvent('bomb', { pad: ' '.repeat(20 * 1024 * 1024) })));
    expect(bomb.byteLength).toBeLessThan(POSTHOG_MAX_BODY_BYTES);
    await refused(post('/e/', bomb, 'text/plain', '&compression=gzip-js'), 413, 'request_too_large', /inflates beyond/);
  });

  it('a path that is not a PostHog endpoint', async () => {
    await refused(post('/nope/', '{}', 'application/json'), 404, 'sandbox_path_not_found', /PostHog sink has no POST \/__sandbox\/posthog\/nope\//);
  });
});

describe('the analytics control API', () => {
  it('lists newest last, keeps only the newest 1,000, and DELETE empties it', async () => {
    const events = Array.from({ length: MAX_ANALYTICS_EVENTS + 5 }, (_, index) => ({ event: `e${index}`, properties: { distinct_id: 'v' } }));
    clock.now += 1000;
    await post('/e/', await gzip(JSON.stringify(events)), 'text/plain', '&compression=gzip-js');
    const kept = await listed();
    expect(kept).toHaveLength(MAX_ANALYTICS_EVENTS);
    expect(kept[0]).toMatchObject({ event: 'e5', received_at: '2026-03-01T09:00:01.000Z' });
    expect(kept.at(-1)).toMatchObject({ event: `e${MAX_ANALYTICS_EVENTS + 4}` });

    expect((await controlCall('DELETE', '/analytics')).status).toBe(204);
    expect(await listed()).toEqual([]);
  });

  it('is emptied by a sandbox reset', async () => {
    await post('/e/', JSON.stringify(pageEvent('before-reset')), 'application/json');
    expect(await listed()).toHaveLength(1);
    expect((await controlCall('POST', '/reset')).status).toBe(204);
    expect(await listed()).toEqual([]);
    expect(sandbox.state.analyticsEvents).toEqual([]);
  });
});

describe('the inbox shows analytics events', () => {
  it('lists name, distinct id, time and compact properties, escaped and truncated', async () => {
    await post('/e/', JSON.stringify(pageEvent('<img src=x onerror=alert(1)>', { distinct_id: '"><b>id</b>', note: '<script>', pad: 'y'.repeat(400) })), 'application/json');
    const html = await (await fetch(`${ORIGIN}/__sandbox/`)).text();
    expect(html).toContain('<h2 id="analytics-heading">Analytics events (1)</h2>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;b&gt;id&lt;/b&gt;');
    expect(html).toContain('2026-03-01T09:00:00.000Z');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>id</b>');
    const properties = /<td data-label="Properties"><code>([^<]*)<\/code><\/td>/.exec(html)?.[1] ?? '';
    expect(properties.startsWith('{&quot;distinct_id&quot;:')).toBe(true);
    expect(properties.endsWith('…')).toBe(true);
    expect(properties).not.toContain('y'.repeat(300));
  });

  it('says when there are none and lists the control route', async () => {
    const html = await (await fetch(`${ORIGIN}/__sandbox/`)).text();
    expect(html).toContain('Analytics events (0)');
    expect(html).toContain('No analytics events yet.');
    expect(html).toContain('<td>/__sandbox/api/analytics</td>');
  });
});
