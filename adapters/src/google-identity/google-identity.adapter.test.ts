// @vitest-environment jsdom
import { authError, type GooglePromptMoment, type GoogleIdentityPort } from '@vestibule/core';
import { FakeGoogleIdentity } from '@vestibule/test/fakes';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createGoogleIdentity,
  toPromptMoment,
  type GoogleAccountsId,
  type GoogleIdentityWindow,
  type GooglePromptNotification,
} from './google-identity.adapter';

const SCRIPT_URL = 'https://accounts.example/gsi/client';
const request = { clientId: 'client-1.apps.googleusercontent.com', parentId: null, cancelOnTapOutside: true };

/** A stand-in for Google's `google.accounts.id` that records calls and lets a test notify. */
function fakeGoogle() {
  const initialized: Record<string, unknown>[] = [];
  const listeners: ((notification: GooglePromptNotification) => void)[] = [];
  let cancels = 0;
  const id: GoogleAccountsId = {
    initialize: (config) => initialized.push(config),
    prompt: (listener) => {
      if (listener) listeners.push(listener);
    },
    cancel: () => {
      cancels++;
    },
  };
  return {
    id,
    initialized,
    get cancels() {
      return cancels;
    },
    notify(notification: GooglePromptNotification) {
      listeners.at(-1)?.(notification);
    },
    /** What Google does when an account is chosen: the callback of the latest initialize. */
    returnCredential(credential: string) {
      const callback = initialized.at(-1)?.['callback'];
      if (typeof callback !== 'function') throw new Error('no callback');
      (callback as (response: unknown) => void)({ credential, select_by: 'btn' });
    },
  };
}

const displayedMoment: GooglePromptNotification = { isDisplayMoment: () => true, isDisplayed: () => true, isNotDisplayed: () => false };
const skipped = (reason: string): GooglePromptNotification => ({
  isDisplayMoment: () => false,
  isNotDisplayed: () => false,
  isSkippedMoment: () => true,
  getSkippedReason: () => reason,
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createGoogleIdentity().load', () => {
  let doc: Document;
  let win: GoogleIdentityWindow;

  beforeEach(() => {
    doc = document.implementation.createHTMLDocument('page');
    win = {};
  });

  const scripts = () => [...doc.querySelectorAll('script')];
  const arrive = (script: HTMLScriptElement | undefined) => {
    win.google = { accounts: { id: fakeGoogle().id } };
    script?.dispatchEvent(new Event('load'));
  };

  it('inserts one async script for concurrent loads and resolves once google.accounts.id exists', async () => {
    const google = createGoogleIdentity({ scriptUrl: SCRIPT_URL, document: doc, window: win });
    const first = google.load();
    const second = google.load();
    expect(scripts()).toHaveLength(1);
    const script = scripts()[0];
    expect(script?.src).toBe(SCRIPT_URL);
    expect(script?.async).toBe(true);
    arrive(script);
    expect(await first).toEqual({ ok: true, value: undefined });
    expect(await second).toEqual({ ok: true, value: undefined });
    expect(await google.load()).toEqual({ ok: true, value: undefined });
    expect(scripts()).toHaveLength(1);
  });

  it('inserts nothing when the page already has Google’s API', async () => {
    win.google = { accounts: { id: fakeGoogle().id } };
    expect(await createGoogleIdentity({ document: doc, window: win }).load()).toEqual({ ok: true, value: undefined });
    expect(scripts()).toHaveLength(0);
  });

  it('fails with network_unreachable when the script cannot load, and retries with a fresh element', async () => {
    const google = createGoogleIdentity({ scriptUrl: SCRIPT_URL, document: doc, window: win });
    const failed = google.load();
    scripts()[0]?.dispatchEvent(new Event('error'));
    expect(await failed).toMatchObject({ ok: false, error: { code: 'network_unreachable', retryable: true } });
    expect(scripts()).toHaveLength(0);

    const retried = google.load();
    expect(scripts()).toHaveLength(1);
    arrive(scripts()[0]);
    expect(await retried).toEqual({ ok: true, value: undefined });
  });

  it('fails with invalid_response when the script loads without the API', async () => {
    const google = createGoogleIdentity({ scriptUrl: SCRIPT_URL, document: doc, window: win });
    const loaded = google.load();
    scripts()[0]?.dispatchEvent(new Event('load'));
    expect(await loaded).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    expect(scripts()).toHaveLength(0);
  });

  it('honours an abort signal without stopping the script for later loads', async () => {
    const google = createGoogleIdentity({ scriptUrl: SCRIPT_URL, document: doc, window: win });
    const preAborted = new AbortController();
    preAborted.abort();
    expect(await google.load({ signal: preAborted.signal })).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(scripts()).toHaveLength(0);

    const controller = new AbortController();
    const waiting = google.load({ signal: controller.signal });
    const other = google.load();
    controller.abort();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'timeout', cause: 'aborted' } });
    arrive(scripts()[0]);
    expect(await other).toEqual({ ok: true, value: undefined });
    expect(await google.load()).toEqual({ ok: true, value: undefined });
    expect(scripts()).toHaveLength(1);
  });
});

describe('createGoogleIdentity().prompt', () => {
  let google: ReturnType<typeof fakeGoogle>;
  let moments: GooglePromptMoment[];
  const listener = (moment: GooglePromptMoment) => moments.push(moment);
  const port = () => createGoogleIdentity({ window: { google: { accounts: { id: google.id } } }, document });

  beforeEach(() => {
    google = fakeGoogle();
    moments = [];
  });

  it('initializes Google as Stytch does: floating with FedCM, no auto-select', () => {
    port().prompt(request, listener);
    expect(google.initialized).toEqual([
      {
        client_id: 'client-1.apps.googleusercontent.com',
        callback: expect.any(Function),
        auto_select: false,
        context: 'use',
        itp_support: true,
        use_fedcm_for_prompt: true,
        cancel_on_tap_outside: true,
      },
    ]);
  });

  it('embeds the prompt in its parent without FedCM', () => {
    port().prompt({ ...request, parentId: 'google-parent-prompt', cancelOnTapOutside: false }, listener);
    expect(google.initialized[0]).toMatchObject({ use_fedcm_for_prompt: false, prompt_parent_id: 'google-parent-prompt', cancel_on_tap_outside: false });
  });

  it('reports moments and the credential', () => {
    port().prompt(request, listener);
    google.notify(displayedMoment);
    google.returnCredential('id-token-1');
    google.notify({ isDisplayMoment: () => false, isNotDisplayed: () => false, isSkippedMoment: () => false, isDismissedMoment: () => true, getDismissedReason: () => 'credential_returned' });
    expect(moments).toEqual([{ type: 'displayed' }, { type: 'credential', credential: 'id-token-1' }, { type: 'dismissed', reason: 'credential_returned' }]);
  });

  it('cancels through Google and mutes everything after', () => {
    const cancel = port().prompt(request, listener);
    google.notify(displayedMoment);
    cancel();
    cancel();
    expect(google.cancels).toBe(1);
    google.notify(skipped('auto_cancel'));
    google.returnCredential('late');
    expect(moments).toEqual([{ type: 'displayed' }]);
  });

  it('mutes a prompt a newer one replaced, whose cancel then leaves the newer one alone', () => {
    const identity = port();
    const first: GooglePromptMoment[] = [];
    const cancelFirst = identity.prompt(request, (moment) => first.push(moment));
    identity.prompt(request, listener);
    google.notify(skipped('user_cancel'));
    cancelFirst();
    expect(google.cancels).toBe(0);
    expect(first).toEqual([]);
    expect(moments).toEqual([{ type: 'skipped', reason: 'user_cancel' }]);
  });

  it('reports notDisplayed later when Google is not loaded or throws', async () => {
    createGoogleIdentity({ window: {}, document }).prompt(request, listener);
    expect(moments).toEqual([]);
    await tick();
    expect(moments).toEqual([{ type: 'notDisplayed', reason: 'unknown_reason' }]);

    moments = [];
    const broken: GoogleAccountsId = {
      initialize: () => {
        throw new Error('broken');
      },
      prompt: () => undefined,
      cancel: () => undefined,
    };
    const cancel = createGoogleIdentity({ window: { google: { accounts: { id: broken } } }, document }).prompt(request, listener);
    await tick();
    expect(moments).toEqual([{ type: 'notDisplayed', reason: 'unknown_reason' }]);
    expect(cancel).not.toThrow();
  });
});

describe('toPromptMoment', () => {
  it.each<[string, GooglePromptNotification, GooglePromptMoment | null]>([
    ['displayed', displayedMoment, { type: 'displayed' }],
    [
      'not displayed',
      { isDisplayMoment: () => true, isDisplayed: () => false, isNotDisplayed: () => true, getNotDisplayedReason: () => 'unregistered_origin' },
      { type: 'notDisplayed', reason: 'unregistered_origin' },
    ],
    ['not displayed, no reason', { isDisplayMoment: () => true, isDisplayed: () => false }, { type: 'notDisplayed', reason: 'unknown_reason' }],
    ['skipped', skipped('tap_outside'), { type: 'skipped', reason: 'tap_outside' }],
    ['skipped, no reason method', { isSkippedMoment: () => true }, { type: 'skipped', reason: 'unknown_reason' }],
    ['dismissed', { isDismissedMoment: () => true, getDismissedReason: () => 'credential_returned' }, { type: 'dismissed', reason: 'credential_returned' }],
    // FedCM-era notifications may carry only the moment type.
    ['type only: skipped', { getMomentType: () => 'skipped', getSkippedReason: () => 'user_cancel' }, { type: 'skipped', reason: 'user_cancel' }],
    ['type only: dismissed', { getMomentType: () => 'dismissed' }, { type: 'dismissed', reason: 'unknown_reason' }],
    ['type only: display', { getMomentType: () => 'display' }, { type: 'displayed' }],
    ['nothing to go by', {}, null],
  ])('%s', (_name, notification, expected) => {
    expect(toPromptMoment(notification)).toEqual(expected);
  });
});

// The fake stands in for this adapter in core and UI tests: it must keep the same promises.
describe('FakeGoogleIdentity keeps the adapter’s promises', () => {
  const subjects: [string, () => { port: GoogleIdentityPort; emit: (moment: GooglePromptMoment) => void }][] = [
    [
      'adapter',
      () => {
        const google = fakeGoogle();
        const port = createGoogleIdentity({ window: { google: { accounts: { id: google.id } } }, document });
        return {
          port,
          emit: (moment) => {
            if (moment.type === 'credential') google.returnCredential(moment.credential);
            else if (moment.type === 'displayed') google.notify(displayedMoment);
            else if (moment.type === 'skipped') google.notify(skipped(moment.reason));
          },
        };
      },
    ],
    [
      'fake',
      () => {
        const fake = new FakeGoogleIdentity();
        return { port: fake, emit: (moment) => void fake.emit(moment) };
      },
    ],
  ];

  it.each(subjects)('%s: delivers moments to the live prompt only, and nothing after cancel', (_name, make) => {
    const { port, emit } = make();
    const first: GooglePromptMoment[] = [];
    const second: GooglePromptMoment[] = [];
    const cancelFirst = port.prompt(request, (moment) => first.push(moment));
    emit({ type: 'displayed' });
    const cancelSecond = port.prompt(request, (moment) => second.push(moment));
    emit({ type: 'credential', credential: 'token' });
    cancelFirst();
    emit({ type: 'skipped', reason: 'user_cancel' });
    cancelSecond();
    emit({ type: 'displayed' });
    expect(first).toEqual([{ type: 'displayed' }]);
    expect(second).toEqual([{ type: 'credential', credential: 'token' }, { type: 'skipped', reason: 'user_cancel' }]);
  });

  it('fake: scripts load results and records prompts and cancels', async () => {
    const fake = new FakeGoogleIdentity();
    expect(await fake.load()).toEqual({ ok: true, value: undefined });
    fake.loads.failNext(authError('network_unreachable'));
    expect(await fake.load()).toMatchObject({ ok: false, error: { code: 'network_unreachable' } });
    const release = fake.loads.holdNext();
    const held = fake.load();
    release({ ok: true, value: undefined });
    expect(await held).toEqual({ ok: true, value: undefined });
    expect(fake.loadCalls).toBe(3);

    const cancel = fake.prompt({ ...request, parentId: 'google-parent-prompt' }, () => undefined);
    expect(fake.lastRequest).toMatchObject({ parentId: 'google-parent-prompt' });
    expect(fake.prompting).toBe(true);
    expect(fake.emit({ type: 'displayed' })).toBe(true);
    cancel();
    cancel();
    expect(fake.cancels).toBe(1);
    expect(fake.prompting).toBe(false);
    expect(fake.emit({ type: 'displayed' })).toBe(false);
    expect(fake.prompts[0]).toMatchObject({ cancelled: true, moments: [{ type: 'displayed' }] });
  });
});
