import { describe, expect, it } from 'vitest';
import { authError, fail } from '../../domain/errors/auth-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { PasskeyRegistration } from '../../ports/passkeys.port';
import { byName, expectFailureView, until, untilCalled, type FailureRow } from '../../testing/failure-view';
import { CALL_TIMEOUT_MS, PROVIDER_FAULTS, scriptedCall, type ProviderFault } from '../../testing/provider-faults';
import { virtualTimeHost } from '../../testing/virtual-time-host';
import { openPasskeyRegistrationFlow } from './open-passkey-registration-flow';
import { PASSKEY_CEREMONY_TIMEOUT_MS } from './passkey-registration.effects';
import { passkeyRegistrationView } from './passkey-registration.view';

// /account/passkeys' provider calls under every fault of the browser's fault matrix, on virtual
// time: a clear message, no spinner left, and a retry that calls again (after a 429's countdown).
// The create waits for the browser's sheet as well, so its hang ends later (its own row below).

const LAPTOP: PasskeyRegistration = { id: 'reg-1', name: 'Laptop' };

function setUp() {
  const register = scriptedCall((_request: { readonly sessionDurationMinutes: number }) => ({ id: 'reg-2', name: 'WebAuthN 2' }));
  const list = scriptedCall(() => [LAPTOP]);
  const rename = scriptedCall((_id: string, _name: string) => undefined);
  const remove = scriptedCall((_id: string) => undefined);
  const test = virtualTimeHost({ passkeys: { authenticate: () => Promise.resolve(fail(authError('unexpected'))), register, list, rename, remove } });
  const flow = openPasskeyRegistrationFlow(test, 'account-passkeys', { donePath: '/' as SafePath });
  flow.subscribe(() => undefined);
  const view = () => passkeyRegistrationView(flow.getSnapshot());
  return { test, flow, view, register, list, rename, remove };
}

type Page = ReturnType<typeof setUp>;

const startRow = (page: Page): FailureRow => ({
  read: () => {
    const view = page.view();
    if (view.screen !== 'start') throw new Error(`expected the start screen, found ${view.screen}`);
    return { message: view.error, kept: null, busy: view.creating, retryEnabled: view.canCreate, retryInSeconds: view.retryInSeconds };
  },
  retry: () => page.flow.send({ type: 'createClicked' }),
  calls: () => page.register.calls.length,
});

const listRow = (page: Page): FailureRow => ({
  read: () => {
    const view = page.view();
    if (view.screen !== 'success') throw new Error(`expected the success screen, found ${view.screen}`);
    const { list } = view;
    if (list.status === 'loading') return { message: null, kept: null, busy: true, retryEnabled: false, retryInSeconds: null };
    if (list.status === 'loaded') return { message: null, kept: null, busy: false, retryEnabled: false, retryInSeconds: null };
    return { message: list.message, kept: null, busy: false, retryEnabled: list.canRetry, retryInSeconds: list.retryInSeconds };
  },
  retry: () => page.flow.send({ type: 'listRetryClicked' }),
  calls: () => page.list.calls.length,
});

const answered = PROVIDER_FAULTS.filter((fault) => fault.error !== null);
const hang = PROVIDER_FAULTS.find((fault) => fault.error === null);

describe.each(byName(answered))("'Create a Passkey' under %s", (_name, fault) => {
  it('the message, no spinner, Create again (after the wait, for a 429)', async () => {
    const page = setUp();
    page.register.failNext(fault);
    page.flow.send({ type: 'createClicked' });
    await untilCalled(page.test, () => page.register.calls.length, 1);
    await expectFailureView(page.test, fault, startRow(page), { kept: null });
  });
});

describe("'Create a Passkey' that never answers", () => {
  it('keeps the sheet its time, then the timeout message, no spinner, Create again', async () => {
    const page = setUp();
    page.register.failNext(hang as ProviderFault);
    page.flow.send({ type: 'createClicked' });
    await untilCalled(page.test, () => page.register.calls.length, 1);
    // Moved to the call timeout's last millisecond, expectFailureView plays the hang out from there.
    await page.test.advance(PASSKEY_CEREMONY_TIMEOUT_MS);
    await expectFailureView(page.test, hang as ProviderFault, startRow(page), { kept: null });
  });
});

describe.each(byName(PROVIDER_FAULTS))('the list under %s', (_name, fault) => {
  it('the message in place of the list, no spinner, Try again (after the wait, for a 429)', async () => {
    const page = setUp();
    page.list.failNext(fault);
    page.flow.send({ type: 'skipClicked' });
    await untilCalled(page.test, () => page.list.calls.length, 1);
    await expectFailureView(page.test, fault, listRow(page), { kept: null });
    await page.test.advance(0);
    expect(page.view()).toMatchObject({ list: { status: 'loaded', rows: [{ name: 'Laptop' }] } });
  });
});

// A rename or a deletion that fails says so in a toast (SPEC §4) and the row reverts: no countdown
// holds the row (the toast says to wait), and pressing again calls again.
const ROW_CALLS = [
  {
    name: 'rename',
    call: (page: Page) => page.rename,
    act: (page: Page) => {
      page.flow.send({ type: 'editClicked', id: LAPTOP.id });
      page.flow.send({ type: 'nameChanged', value: 'Work laptop' });
      page.flow.send({ type: 'saveClicked' });
    },
  },
  {
    name: 'delete',
    call: (page: Page) => page.remove,
    act: (page: Page) => {
      page.flow.send({ type: 'deleteClicked', id: LAPTOP.id });
      page.flow.send({ type: 'deleteConfirmed' });
    },
  },
] as const;

describe.each(byName(ROW_CALLS))('%s', (_name, row) => {
  it.each(byName(PROVIDER_FAULTS))('under %s: a toast with the message, the row reverts, no spinner, pressing again calls again', async (_fault, fault) => {
    const page = setUp();
    page.flow.send({ type: 'skipClicked' });
    await page.test.advance(0);
    row.call(page).failNext(fault);
    row.act(page);
    expect(page.view()).toMatchObject({ list: { rows: [row.name === 'rename' ? { mode: 'editing', saving: true } : { mode: 'deleting', removing: true }] } });
    await untilCalled(page.test, () => row.call(page).calls.length, 1);
    if (fault.error === null) {
      await page.test.advance(CALL_TIMEOUT_MS - 1);
      expect(page.view(), 'still busy just before the call timeout').toMatchObject({ list: { rows: [{ mode: row.name === 'rename' ? 'editing' : 'deleting' }] } });
      await page.test.advance(1);
    }
    await until(page.test, () => expect(page.test.core.toasts.store.getSnapshot().map((toast) => toast.message)).toEqual([{ key: fault.message }]));
    expect(page.test.core.i18n.text({ key: fault.message })).toBe(fault.words);
    expect(page.view()).toEqual({ screen: 'success', created: false, list: { status: 'loaded', rows: [{ id: LAPTOP.id, name: 'Laptop', mode: 'viewing', disabled: false }] } });
    row.act(page);
    await untilCalled(page.test, () => row.call(page).calls.length, 2);
  });
});
