import { describe, expect, it, vi } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import { authError, fail, ok, type Result } from '../../../domain/errors/auth-error';
import { PENDING_OAUTH_STORAGE_KEY, readPendingOAuth } from '../../../domain/oauth/oauth-buttons';
import { writePendingOAuth } from '../../../domain/oauth/pending-oauth-note';
import type { OAuthPort, OAuthStartRequest } from '../../../ports/oauth.port';
import { memoryStorage } from '../../../testing/memory-storage';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { openLoginWidget } from '../../open-login-widget';
import { widgetView } from '../../widget.view';
import { oauthSlot, type OAuthSlotView } from './oauth.slot';

function setUp(startAnswer: Result<void> = ok(undefined), prepareErrorDisplay?: () => Promise<void>) {
  const starts: OAuthStartRequest[] = [];
  let abandoned = 0;
  const storage = memoryStorage();
  const oauth: OAuthPort = {
    start: (request) => {
      starts.push(request);
      return Promise.resolve(startAnswer);
    },
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
    abandon: () => void (abandoned += 1),
    oneTapSettings: () => Promise.resolve(fail(authError('unexpected'))),
    oneTapSubmit: () => Promise.resolve(fail(authError('unexpected'))),
  };
  let stops = 0;
  const navigation = { navigate: () => undefined, replace: () => undefined, leave: () => undefined, stop: () => void (stops += 1) };
  const test = virtualTimeHost({ oauth, storage, navigation }, prepareErrorDisplay ? { prepareErrorDisplay } : {});
  const open = () => {
    const opened = openLoginWidget(test, `login-${Math.random()}`, {
      config: { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } },
      returnContext: { redirect: null, source: null }, products: ALL_PRODUCTS,
      slots: { oauth: oauthSlot },
    });
    opened.subscribe(() => undefined);
    flow = () => opened;
    return opened;
  };
  // The product chunk is a dynamic import: real module loading, not a timer.
  const settle = async () => {
    await vi.waitFor(() => expect(flow().getSnapshot().loading).toBeNull());
    await test.advance(0);
  };
  let flow = (): ReturnType<typeof openLoginWidget> => {
    throw new Error('open() first');
  };
  return { ...test, open, settle, starts, storage, abandoned: () => abandoned, stops: () => stops };
}

/** Google pressed while the error messages are still loading; `catalogueArrived` lets them arrive. */
async function googleClickedWhileCatalogueLoads() {
  let catalogueArrived = () => undefined as void;
  const test = setUp(ok(undefined), () => new Promise<void>((resolve) => (catalogueArrived = resolve)));
  const flow = test.open();
  await test.advance(0);
  flow.send(PRESS_GOOGLE);
  await test.settle();
  return { test, flow, catalogueArrived: () => catalogueArrived() };
}

const mainOf = (view: ReturnType<typeof widgetView>) => {
  if (view.screen !== 'main') throw new Error('expected Main');
  return view.main;
};
const PRESS_GOOGLE = { type: 'slotEvent', slot: 'oauth', event: { type: 'pressed', provider: 'google' } } as const;
/** The OAuth buttons as Main renders them: the slot's view and Main's message in it. */
const oauthOf = (view: ReturnType<typeof widgetView>) => {
  const slot = mainOf(view).slots.find((candidate) => candidate.id === 'oauth');
  return slot && { ...(slot.view as OAuthSlotView), error: slot.message };
};

describe('an OAuth round trip from Main (virtual time)', () => {
  it('notes the round trip, and what was typed, in this tab before the page leaves', async () => {
    const test = setUp();
    const flow = test.open();
    await test.advance(0);
    flow.send({ type: 'emailChanged', value: 'ada@exa' });
    flow.send(PRESS_GOOGLE);
    await test.settle();
    expect(test.starts).toHaveLength(1);
    expect(readPendingOAuth(test.storage.values.get(PENDING_OAUTH_STORAGE_KEY) ?? null)).toEqual({ provider: 'google', email: 'ada@exa' });
  });

  it('leaves only once the messages Main may need afterwards have loaded (a page restored by Back gets no late chunk)', async () => {
    const { test, catalogueArrived } = await googleClickedWhileCatalogueLoads();
    await test.advance(1000);
    expect(test.starts).toHaveLength(0);
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
    catalogueArrived();
    await test.advance(0);
    expect(test.starts).toHaveLength(1);
  });

  it('never starts a round trip cancelled while those messages were loading', async () => {
    const { test, flow, catalogueArrived } = await googleClickedWhileCatalogueLoads();
    // The page came back from the back-forward cache meanwhile: the round trip is over.
    flow.send({ type: 'pageRestored' });
    catalogueArrived();
    await test.advance(0);
    expect(test.starts).toHaveLength(0);
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
  });

  it('drops the note when the start itself failed (the page never left)', async () => {
    const test = setUp(fail(authError('server_error')));
    const flow = test.open();
    await test.advance(0);
    flow.send(PRESS_GOOGLE);
    await test.settle();
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
    expect(oauthOf(widgetView(flow.getSnapshot()))?.error).toEqual({ key: 'error.server_error' });
  });

  it('on a Main opened again with the note still there: says so, forgets the note and the proof', async () => {
    const test = setUp();
    test.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: 'google', email: 'ada@exa' }));
    const flow = test.open();
    await test.advance(0);
    expect(oauthOf(widgetView(flow.getSnapshot()))?.error).toEqual({ key: 'error.oauthNotCompleted', params: { provider: 'Google' } });
    expect(mainOf(widgetView(flow.getSnapshot())).emailForm?.value).toBe('ada@exa');
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
    expect(test.abandoned()).toBe(1);
  });

  it('on a Main the return page sent back after a cancel at the provider: says it was cancelled, forgets the note and the proof', async () => {
    const test = setUp();
    test.storage.set(PENDING_OAUTH_STORAGE_KEY, writePendingOAuth({ provider: 'google', email: 'ada@example.com', outcome: 'cancelled' }));
    const flow = test.open();
    await test.advance(0);
    expect(oauthOf(widgetView(flow.getSnapshot()))?.error).toEqual({ key: 'error.oauthCancelled', params: { provider: 'Google' } });
    expect(mainOf(widgetView(flow.getSnapshot())).emailForm?.value).toBe('ada@example.com');
    expect(test.storage.values.has(PENDING_OAUTH_STORAGE_KEY)).toBe(false);
  });

  it('gives the button back with a message when the provider page never loads (15 s), stopping that load', async () => {
    const test = setUp();
    const flow = test.open();
    await test.advance(0);
    flow.send(PRESS_GOOGLE);
    await test.settle();
    await test.advance(14_999);
    expect(oauthOf(widgetView(flow.getSnapshot()))?.buttons[0]?.busy).toBe(true);
    expect(test.stops()).toBe(0);
    await test.advance(1);
    expect(oauthOf(widgetView(flow.getSnapshot()))).toMatchObject({ disabled: false, error: { key: 'error.oauthDidNotOpen' } });
    // The provider's page may still be on its way: it is stopped, so it cannot replace Main later.
    expect(test.stops()).toBe(1);
  });
});
