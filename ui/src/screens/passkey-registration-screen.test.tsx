import { authError, createAuthCore, fail, ok, providerError, type AuthCore, type PasskeyRegistration, type PasskeysPort, type Result, type SafePath } from '@vestibule/core';
import { ENGLISH_CATALOGUES } from '@vestibule/core/english-catalogues';
import { createFakePorts, sessionFor, type FakePorts } from '@vestibule/test/fakes';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { reactModes } from '../test-utils';
import { PasskeyRegistrationScreen } from './passkey-registration-screen';

// /account/passkeys as a user meets it (SPEC §2, §3, §4, §6, §8): found by role and visible text,
// driven by the keyboard where the issue asks for it. The passkeys port is written here, by hand
// (the shared fake belongs to the adapter's work): answers a test queues, or the stored list.

const DONE = '/' as SafePath;
const LOGIN = '/login?redirect=%2Faccount%2Fpasskeys' as SafePath;
const SIGNED_OUT = 'Error: Cannot use PasskeyRegistration component without active user authenticated.';
const DUPLICATE = 'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
const NOT_CREATED = 'Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.';
const DELETE_WARNING = 'Once deleted, the passkey cannot be restored.';
const NETWORK = 'We could not reach the server. Check your connection and try again.';

/** A call the test answers when it chooses. */
interface Pending<T> {
  readonly promise: Promise<Result<T>>;
  answer(result: Result<T>): void;
}
function pending<T>(): Pending<T> {
  let answer: (result: Result<T>) => void = () => undefined;
  const promise = new Promise<Result<T>>((resolve) => (answer = resolve));
  return { promise, answer: (result) => act(() => answer(result)) };
}

function handWrittenPasskeys(initial: readonly PasskeyRegistration[]) {
  let stored = [...initial];
  let created = 0;
  const calls: string[] = [];
  const next = { register: [] as Array<Result<PasskeyRegistration> | Pending<PasskeyRegistration>>, rename: [] as Array<Result<void>>, remove: [] as Array<Result<void>> };
  const answer = <T,>(queued: Result<T> | Pending<T> | undefined, otherwise: () => Result<T>): Promise<Result<T>> =>
    queued === undefined ? Promise.resolve(otherwise()) : 'promise' in queued ? queued.promise : Promise.resolve(queued);
  const port: PasskeysPort = {
    authenticate: () => Promise.resolve(fail(authError('unexpected'))),
    register: () => {
      calls.push('register');
      return answer(next.register.shift(), () => {
        created++;
        const passkey = { id: `reg-new-${created}`, name: `New passkey ${created}` };
        stored.push(passkey);
        return ok(passkey);
      });
    },
    list: () => {
      calls.push('list');
      return Promise.resolve(ok([...stored]));
    },
    rename: (id, name) => {
      calls.push(`rename ${id} ${name}`);
      return answer(next.rename.shift(), () => {
        stored = stored.map((passkey) => (passkey.id === id ? { id, name } : passkey));
        return ok(undefined);
      });
    },
    remove: (id) => {
      calls.push(`remove ${id}`);
      return answer(next.remove.shift(), () => {
        stored = stored.filter((passkey) => passkey.id !== id);
        return ok(undefined);
      });
    },
  };
  return { port, calls, next };
}

interface PageOptions {
  readonly signedIn?: boolean;
  readonly passkeys?: readonly PasskeyRegistration[];
  readonly strict?: boolean;
}

async function openPage({ signedIn = true, passkeys = [{ id: 'reg-1', name: 'Laptop' }], strict = false }: PageOptions = {}) {
  const provider = handWrittenPasskeys(passkeys);
  const ports: FakePorts = createFakePorts(signedIn ? { session: sessionFor('ada@example.com') } : {});
  const core: AuthCore = createAuthCore({ ...ports, passkeys: provider.port }, { origin: 'http://localhost:5173', preloadedMessages: { en: ENGLISH_CATALOGUES } });
  const page = (
    <AuthCoreProvider core={core}>
      <Suspense fallback={null}>
        <PasskeyRegistrationScreen donePath={DONE} loginPath={LOGIN} sessionDurationMinutes={30} />
      </Suspense>
    </AuthCoreProvider>
  );
  await act(async () => void render(strict ? <StrictMode>{page}</StrictMode> : page));
  return { ...provider, ports, core, user: userEvent.setup() };
}

/** The page opened and skipped to the list, its rows shown. */
async function openList(options: PageOptions = {}) {
  const page = await openPage(options);
  await page.user.click(await screen.findByRole('button', { name: 'Skip' }));
  await screen.findByRole('heading', { name: 'Your Passkeys' });
  return page;
}

const row = (name: string) => {
  const found = screen.getAllByRole('listitem').find((item) => item.textContent?.includes(name));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};

describe.each(reactModes)('/account/passkeys in %s', (_mode, strict) => {
  it('signed out: the SPEC §6 error, and a way to sign in that comes back here', async () => {
    const page = await openPage({ signedIn: false, strict });
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNED_OUT);
    const signIn = screen.getByRole('link', { name: 'Log in to manage your Passkeys' });
    expect(signIn).toHaveAttribute('href', LOGIN);
    await page.user.click(signIn);
    expect(page.ports.navigation.navigations).toEqual([{ kind: 'navigate', path: LOGIN }]);
    expect(page.calls).toEqual([]);
  });

  it('creates a passkey: busy once, whatever is pressed meanwhile, then the list with it', async () => {
    const page = await openPage({ strict });
    const sheet = pending<PasskeyRegistration>();
    page.next.register.push(sheet);
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toHaveFocus();
    await page.user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    const busy = screen.getByRole('button', { name: 'Creating a Passkey…' });
    expect(busy).toBeDisabled();
    await page.user.click(busy);
    expect(page.calls).toEqual(['register']);
    sheet.answer(ok({ id: 'reg-2', name: 'WebAuthN 2' }));
    expect(await screen.findByRole('heading', { name: 'Your Passkeys' })).toHaveFocus();
    expect(screen.getByText('Your Passkey was created.')).toHaveAttribute('role', 'status');
    await screen.findByRole('list', { name: 'Your Passkeys' });
  });

  it('is back on the start screen, with no error, when the sheet is closed', async () => {
    const page = await openPage({ strict });
    page.next.register.push(fail(authError('passkey_cancelled')));
    await page.user.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create a Passkey' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create a Passkey' })).toHaveFocus();
  });

  it.each([
    ['a passkey already registered', providerError('duplicate_webauthn_registration', { status: 409 }), DUPLICATE],
    ['another refusal', providerError('unable_to_register_webauthn_registration', { status: 400, serverMessage: 'Bad attestation.' }), NOT_CREATED],
    ['a network failure', authError('network_unreachable'), NETWORK],
  ])('says why after %s, and Create tries again', async (_name, error, words) => {
    const page = await openPage({ strict });
    page.next.register.push(fail(error));
    await page.user.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    await page.user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    await screen.findByRole('heading', { name: 'Your Passkeys' });
    expect(page.calls.filter((call) => call === 'register')).toHaveLength(2);
  });

  it("'Done' leads to the done path", async () => {
    const page = await openList({ strict });
    await page.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(page.ports.navigation.paths).toEqual([DONE]);
  });
});

describe('names are user input (SPEC §3): shown as isolated text', () => {
  const MARKUP = '<img src=x onerror="alert(1)"><b>bold</b>';
  const OVERRIDE = 'Laptop\u202Egnp.exe';
  const LONG = 'W'.repeat(10_000);

  it('markup, a right-to-left override and 10,000 characters each show as text in a <bdi>, whole', async () => {
    await openList({ passkeys: [{ id: 'a', name: MARKUP }, { id: 'b', name: OVERRIDE }, { id: 'c', name: LONG }] });
    const list = screen.getByRole('list', { name: 'Your Passkeys' });
    expect(list.querySelector('img, b')).toBeNull();
    const names = [...list.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
    expect(names).toEqual([MARKUP, 'Laptop[U+202E]gnp.exe', LONG]);
    expect(list.textContent).not.toMatch(/\p{Bidi_Control}/u);
  });

  it('a hostile name is edited as it is, and a rename to one is shown the same way', async () => {
    const page = await openList();
    await page.user.click(within(row('Laptop')).getByRole('button', { name: 'Edit' }));
    const field = screen.getByRole('textbox', { name: 'Passkey name' });
    await page.user.clear(field);
    await page.user.type(field, '<script>x</script>{Enter}');
    await waitFor(() => expect(page.calls).toContain('rename reg-1 <script>x</script>'));
    expect(await screen.findByText('<script>x</script>')).toBeInTheDocument();
    expect(document.querySelector('li script')).toBeNull();
  });
});

describe('the rows, keyboard only (SPEC §3, §4)', () => {
  const TWO = [
    { id: 'reg-1', name: 'Laptop' },
    { id: 'reg-2', name: 'Phone' },
  ];

  it('renames: Tab to Edit, Enter puts focus in the name, Enter saves, focus back on Edit', async () => {
    const page = await openList({ passkeys: TWO });
    const edit = within(row('Laptop')).getByRole('button', { name: 'Edit' });
    // From the heading, Tab reaches the first row's Edit.
    await page.user.tab();
    expect(edit).toHaveFocus();
    await page.user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'Passkey name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Laptop');
    // While one row is edited the others are disabled.
    for (const control of within(row('Phone')).getAllByRole('button')) expect(control).toBeDisabled();
    await page.user.keyboard('{Control>}a{/Control}Work laptop{Enter}');
    await waitFor(() => expect(within(row('Work laptop')).getByRole('button', { name: 'Edit' })).toHaveFocus());
    expect(page.calls).toContain('rename reg-1 Work laptop');
    for (const control of within(row('Phone')).getAllByRole('button')) expect(control).toBeEnabled();
  });

  it('Cancel (or Escape) leaves the name as it was, focus back on Edit', async () => {
    const page = await openList({ passkeys: TWO });
    within(row('Phone')).getByRole('button', { name: 'Edit' }).focus();
    await page.user.keyboard('{Enter}');
    await page.user.keyboard('Tablet');
    await page.user.keyboard('{Escape}');
    expect(within(row('Phone')).getByRole('button', { name: 'Edit' })).toHaveFocus();
    await page.user.keyboard('{Enter}');
    await page.user.keyboard('Tablet');
    // Tab past Save to Cancel.
    await page.user.tab();
    await page.user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await page.user.keyboard('{Enter}');
    expect(within(row('Phone')).getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(page.calls.filter((call) => call.startsWith('rename'))).toEqual([]);
  });

  it('refuses an empty name with a message next to the field; the row stays editable', async () => {
    const page = await openList();
    within(row('Laptop')).getByRole('button', { name: 'Edit' }).focus();
    await page.user.keyboard('{Enter}{Control>}a{/Control}{Backspace}{Enter}');
    const field = screen.getByRole('textbox', { name: 'Passkey name' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a name for this Passkey.');
    expect(field).toHaveFocus();
    await page.user.keyboard('Desk{Enter}');
    await screen.findByText('Desk');
    expect(page.calls).toContain('rename reg-1 Desk');
  });

  it('deletes: the warning with Cancel focused; Cancel goes back to Delete; confirmed, focus on the list', async () => {
    const page = await openList({ passkeys: TWO });
    within(row('Laptop')).getByRole('button', { name: 'Delete' }).focus();
    await page.user.keyboard('{Enter}');
    expect(screen.getByText(DELETE_WARNING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    for (const control of within(row('Phone')).getAllByRole('button')) expect(control).toBeDisabled();
    await page.user.keyboard('{Enter}');
    expect(screen.queryByText(DELETE_WARNING)).toBeNull();
    expect(within(row('Laptop')).getByRole('button', { name: 'Delete' })).toHaveFocus();

    await page.user.keyboard('{Enter}');
    await page.user.keyboard('{Shift>}{Tab}{/Shift}');
    const confirm = within(screen.getByRole('group')).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(DELETE_WARNING);
    await page.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your Passkeys' })).toHaveFocus());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(page.calls).toContain('remove reg-1');
  });

  it('after deleting the last passkey, says the list is empty and holds focus there', async () => {
    const page = await openList();
    within(row('Laptop')).getByRole('button', { name: 'Delete' }).focus();
    await page.user.keyboard('{Enter}{Shift>}{Tab}{/Shift}{Enter}');
    await waitFor(() => expect(screen.getByText('You have no Passkeys yet.')).toHaveFocus());
  });

  it('a failed rename: a toast with the error, the row reverts, focus back on Edit', async () => {
    const page = await openList({ passkeys: TWO });
    page.next.rename.push(fail(authError('network_unreachable')));
    within(row('Laptop')).getByRole('button', { name: 'Edit' }).focus();
    await page.user.keyboard('{Enter}{Control>}a{/Control}Desk{Enter}');
    expect(await screen.findByText(NETWORK)).toBeInTheDocument();
    expect(screen.queryByText('Desk')).toBeNull();
    expect(within(row('Laptop')).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('a failed delete: a toast with the error, the row stays, focus back on Delete', async () => {
    const page = await openList({ passkeys: TWO });
    page.next.remove.push(fail(providerError('webauthn_registration_not_found', { status: 404 })));
    within(row('Phone')).getByRole('button', { name: 'Delete' }).focus();
    await page.user.keyboard('{Enter}{Shift>}{Tab}{/Shift}{Enter}');
    expect(
      await screen.findByText('Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(within(row('Phone')).getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it("every control of the success screen is reached with Tab, in order", async () => {
    const page = await openList({ passkeys: TWO });
    const order: string[] = [];
    for (let press = 0; press < 6; press++) {
      await page.user.tab();
      const active = document.activeElement;
      order.push(`${active?.textContent ?? ''}${active?.closest('li') ? ` (${active.closest('li')?.querySelector('bdi')?.textContent ?? ''})` : ''}`);
    }
    expect(order).toEqual(['Edit (Laptop)', 'Delete (Laptop)', 'Edit (Phone)', 'Delete (Phone)', 'Set up another Passkey', 'Done']);
    await page.user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toHaveFocus();
    await page.user.tab();
    expect(screen.getByRole('button', { name: 'Create a Passkey' })).toHaveFocus();
    await page.user.tab();
    expect(screen.getByRole('button', { name: 'Skip' })).toHaveFocus();
  });
});
