import { describe, expect, it } from 'vitest';
import { authError, fail, ok, type Result } from '../../domain/errors/auth-error';
import { providerError } from '../../domain/errors/provider-error';
import type { SafePath } from '../../domain/redirects/safe-redirect';
import type { AbortSignalLike, CallOptions } from '../../ports/call-options';
import type { PasskeyRegistration, PasskeysPort } from '../../ports/passkeys.port';
import { CALL_TIMEOUT_MS } from '../../testing/provider-faults';
import { until } from '../../testing/failure-view';
import { virtualTimeHost } from '../../testing/virtual-time-host';
import { openPasskeyRegistrationFlow } from './open-passkey-registration-flow';
import { PASSKEY_CEREMONY_TIMEOUT_MS } from './passkey-registration.effects';
import { passkeyRegistrationView } from './passkey-registration.view';
import type { PasskeyListView, PasskeyRegistrationView } from './passkey-registration.types';

/**
 * A provider's passkeys in memory, written for these tests: `register` answers what the test
 * queued (by default a new passkey), or never when told to hang; every call is recorded with the
 * signal it was given.
 */
function handWrittenPasskeys(initial: readonly PasskeyRegistration[]) {
  let passkeys = [...initial];
  let created = 0;
  const calls: Array<{ readonly method: string; readonly args: readonly unknown[]; readonly signal: AbortSignalLike | undefined }> = [];
  const registerAnswers: Array<Result<PasskeyRegistration> | 'hang'> = [];
  const record = (method: string, options: CallOptions | undefined, ...args: unknown[]) => void calls.push({ method, args, signal: options?.signal });
  const port: PasskeysPort = {
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
    register: (request, options) => {
      record('register', options, request);
      const answer = registerAnswers.shift();
      if (answer === 'hang') return new Promise(() => undefined);
      if (answer !== undefined) return Promise.resolve(answer);
      created++;
      const passkey = { id: `reg-new-${created}`, name: `WebAuthN new-${created}` };
      passkeys.push(passkey);
      return Promise.resolve(ok(passkey));
    },
    list: (options) => {
      record('list', options);
      return Promise.resolve(ok([...passkeys]));
    },
    rename: (id, name, options) => {
      record('rename', options, id, name);
      if (!passkeys.some((passkey) => passkey.id === id)) return Promise.resolve(fail(providerError('webauthn_registration_not_found', { status: 404 })));
      passkeys = passkeys.map((passkey) => (passkey.id === id ? { id, name } : passkey));
      return Promise.resolve(ok(undefined));
    },
    remove: (id, options) => {
      record('remove', options, id);
      passkeys = passkeys.filter((passkey) => passkey.id !== id);
      return Promise.resolve(ok(undefined));
    },
  };
  return { port, calls, registerAnswers, stored: () => passkeys };
}

function setUp(initial: readonly PasskeyRegistration[] = [{ id: 'reg-1', name: 'Laptop' }]) {
  const provider = handWrittenPasskeys(initial);
  const test = virtualTimeHost({ passkeys: provider.port });
  const flow = openPasskeyRegistrationFlow(test, 'account-passkeys', { donePath: '/' as SafePath, sessionDurationMinutes: 45 });
  flow.subscribe(() => undefined);
  const view = (): PasskeyRegistrationView => passkeyRegistrationView(flow.getSnapshot());
  const list = (): PasskeyListView => {
    const current = view();
    if (current.screen !== 'success') throw new Error(`expected the success screen, found ${current.screen}`);
    return current.list;
  };
  const names = () => {
    const current = list();
    return current.status === 'loaded' ? current.rows.map((row) => row.name) : current.status;
  };
  const toasts = () => test.core.toasts.store.getSnapshot().map((toast) => toast.message);
  return { ...provider, test, flow, view, list, names, toasts };
}

describe('/account/passkeys against a hand-written passkeys port (virtual time)', () => {
  it('creates a passkey, then lists it beside the others', async () => {
    const page = setUp();
    await page.test.advance(0);
    expect(page.view()).toEqual({ screen: 'start', creating: false, canCreate: true, error: null, retryInSeconds: null });
    page.flow.send({ type: 'createClicked' });
    page.flow.send({ type: 'createClicked' });
    expect(page.view()).toMatchObject({ creating: true, canCreate: false });
    await page.test.advance(0);
    expect(page.calls.filter((call) => call.method === 'register').map((call) => call.args)).toEqual([[{ sessionDurationMinutes: 45 }]]);
    expect(page.view()).toMatchObject({ screen: 'success', created: true });
    expect(page.names()).toEqual(['Laptop', 'WebAuthN new-1']);
  });

  it('skips to the list without creating anything', async () => {
    const page = setUp();
    page.flow.send({ type: 'skipClicked' });
    await page.test.advance(0);
    expect(page.view()).toMatchObject({ screen: 'success', created: false });
    expect(page.names()).toEqual(['Laptop']);
    expect(page.calls.map((call) => call.method)).toEqual(['list']);
  });

  it('is back on the start screen with no error when the visitor closes the sheet', async () => {
    const page = setUp();
    page.registerAnswers.push(fail(authError('passkey_cancelled')));
    page.flow.send({ type: 'createClicked' });
    await page.test.advance(0);
    expect(page.view()).toEqual({ screen: 'start', creating: false, canCreate: true, error: null, retryInSeconds: null });
    expect(page.test.reportedErrors).toEqual([]);
  });

  it('says the passkey is already registered (SPEC §8), and registers another on a second try', async () => {
    const page = setUp();
    page.registerAnswers.push(fail(providerError('duplicate_webauthn_registration', { status: 409, serverMessage: 'duplicate' })));
    page.flow.send({ type: 'createClicked' });
    await page.test.advance(0);
    const shown = page.view();
    expect(shown.screen === 'start' && shown.error && page.test.core.i18n.text(shown.error)).toBe(
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
    );
    page.flow.send({ type: 'createClicked' });
    await page.test.advance(0);
    expect(page.names()).toEqual(['Laptop', 'WebAuthN new-1']);
  });

  it('says any other create failure in the SPEC\'s words', async () => {
    const page = setUp();
    page.registerAnswers.push(fail(providerError('unable_to_register_webauthn_registration', { status: 400, serverMessage: 'Attestation failed.' })));
    page.flow.send({ type: 'createClicked' });
    await page.test.advance(0);
    const shown = page.view();
    expect(shown.screen === 'start' && shown.error && page.test.core.i18n.text(shown.error)).toBe(
      'Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.',
    );
  });

  it('leaves the sheet open for the ceremony, and ends a create that never answers with a message', async () => {
    const page = setUp();
    page.registerAnswers.push('hang');
    page.flow.send({ type: 'createClicked' });
    await page.test.advance(CALL_TIMEOUT_MS);
    expect(page.view()).toMatchObject({ creating: true });
    await page.test.advance(PASSKEY_CEREMONY_TIMEOUT_MS - 1);
    expect(page.view(), 'still creating just before the deadline').toMatchObject({ creating: true });
    await page.test.advance(1);
    expect(page.view()).toEqual({ screen: 'start', creating: false, canCreate: true, error: { key: 'error.timeout' }, retryInSeconds: null });
    expect(page.calls[0]?.signal?.aborted).toBe(true);
  });

  it('lets Skip leave a create on its way, aborting it', async () => {
    const page = setUp();
    page.registerAnswers.push('hang');
    page.flow.send({ type: 'createClicked' });
    await page.test.advance(1_000);
    page.flow.send({ type: 'skipClicked' });
    await page.test.advance(0);
    expect(page.calls[0]?.signal?.aborted).toBe(true);
    expect(page.names()).toEqual(['Laptop']);
  });

  it('renames a passkey: the provider gets the trimmed name, the row shows it', async () => {
    const page = setUp();
    page.flow.send({ type: 'skipClicked' });
    await page.test.advance(0);
    page.flow.send({ type: 'editClicked', id: 'reg-1' });
    page.flow.send({ type: 'nameChanged', value: '  Work laptop ' });
    page.flow.send({ type: 'saveClicked' });
    expect(page.list()).toMatchObject({ rows: [{ mode: 'editing', saving: true }] });
    await page.test.advance(0);
    expect(page.calls.at(-1)?.args).toEqual(['reg-1', 'Work laptop']);
    expect(page.list()).toEqual({ status: 'loaded', rows: [{ id: 'reg-1', name: 'Work laptop', mode: 'viewing', disabled: false }] });
    expect(page.stored()).toEqual([{ id: 'reg-1', name: 'Work laptop' }]);
  });

  it('deletes a passkey once confirmed', async () => {
    const page = setUp([
      { id: 'reg-1', name: 'Laptop' },
      { id: 'reg-2', name: 'Phone' },
    ]);
    page.flow.send({ type: 'skipClicked' });
    await page.test.advance(0);
    page.flow.send({ type: 'deleteClicked', id: 'reg-1' });
    expect(page.list()).toMatchObject({ rows: [{ mode: 'deleting', removing: false }, { mode: 'viewing', disabled: true }] });
    expect(page.calls.map((call) => call.method)).toEqual(['list']);
    page.flow.send({ type: 'deleteConfirmed' });
    await page.test.advance(0);
    expect(page.names()).toEqual(['Phone']);
    expect(page.stored()).toEqual([{ id: 'reg-2', name: 'Phone' }]);
  });

  it('reverts a rename the provider refused, with a toast saying why', async () => {
    const page = setUp();
    page.flow.send({ type: 'skipClicked' });
    await page.test.advance(0);
    page.flow.send({ type: 'editClicked', id: 'reg-1' });
    // Deleted elsewhere meanwhile: the provider no longer knows it.
    page.stored().splice(0);
    page.flow.send({ type: 'nameChanged', value: 'Gone' });
    page.flow.send({ type: 'saveClicked' });
    await until(page.test, () => expect(page.toasts()).toEqual([{ key: 'error.webauthn_registration_not_found' }]));
    expect(page.names()).toEqual(['Laptop']);
    expect(page.list()).toMatchObject({ rows: [{ mode: 'viewing' }] });
  });

  it("goes to the done path on 'Done', and back to the start screen on 'Set up another Passkey'", async () => {
    const page = setUp();
    page.flow.send({ type: 'skipClicked' });
    await page.test.advance(0);
    page.flow.send({ type: 'doneClicked' });
    expect(page.test.navigations).toEqual([{ path: '/', replace: false }]);
    page.flow.send({ type: 'setUpAnotherClicked' });
    expect(page.view()).toMatchObject({ screen: 'start', canCreate: true });
    page.flow.send({ type: 'createClicked' });
    await page.test.advance(0);
    expect(page.names()).toEqual(['Laptop', 'WebAuthN new-1']);
  });
});
