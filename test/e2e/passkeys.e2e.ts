import type { CDPSession } from '@playwright/test';
import { expect, requestLoginLink, test, untilInteractive, type Page } from './fixtures';

// Issue 17: passkeys end to end, WebAuthn for real — Chromium's virtual authenticator (CDP) on
// one side, the sandbox verifying attestations and assertions on the other.

const PASSKEYS = '/playground?products=emailMagicLinks,passkeys';
const EMAIL = 'pat@example.com';

/** A platform authenticator with resident keys and user verification, always touched. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/**
 * While `on`, this browser offers no passkey autofill (so Main's passkey button is what signs in);
 * the tab's own authenticator keeps its passkeys either way. Takes effect from the next page load.
 */
async function withoutAutofill(page: Page, on: boolean) {
  if (on) {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e:no-autofill') !== null) Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) });
    });
  }
  await page.evaluate((value) => (value ? sessionStorage.setItem('e2e:no-autofill', '1') : sessionStorage.removeItem('e2e:no-autofill')), on);
}

async function signInByLink(page: Page, sandbox: { latestLinkTo(email: string): Promise<string> }) {
  await page.goto('/login');
  await requestLoginLink(page, EMAIL);
  await page.goto(await sandbox.latestLinkTo(EMAIL), { waitUntil: 'commit' });
  await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
}

async function logOut(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const row = (page: Page, name: string | RegExp) => page.getByRole('listitem').filter({ hasText: name });

test.describe('passkeys', () => {
  test('register, refuse a duplicate, rename, sign in by button and by autofill, delete, then the passkey is not found', async ({ page, sandbox }) => {
    test.setTimeout(90_000);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await signInByLink(page, sandbox);

    // The signed-in home links to the list; a first passkey.
    await page.getByRole('link', { name: 'Manage your Passkeys' }).click();
    await expect(page.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible();
    await page.getByRole('button', { name: 'Create a Passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Your Passkeys' })).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveCount(1);

    // The same authenticator again: the duplicate message.
    await page.getByRole('button', { name: 'Set up another Passkey' }).click();
    await page.getByRole('button', { name: 'Create a Passkey' }).click();
    await expect(page.getByText('The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.')).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('listitem')).toHaveCount(1);

    // Rename it; a hostile name stays text.
    await page.getByRole('listitem').getByRole('button', { name: 'Edit' }).click();
    const name = page.getByRole('textbox', { name: 'Passkey name' });
    await name.fill('<b>Work laptop</b>');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row(page, '<b>Work laptop</b>')).toBeVisible();
    await logOut(page);

    // Sign in with the passkey button (as in a browser without autofill).
    await withoutAutofill(page, true);
    await page.goto(PASSKEYS);
    await untilInteractive(page);
    // The e-mail field is where autofill offers passkeys, where the browser has it.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByRole('button', { name: 'Login with a Passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByText('You have successfully logged in.')).toBeVisible();
    await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
    await logOut(page);

    // Again through autofill: the e-mail field offers the passkey (the virtual authenticator picks it).
    await withoutAutofill(page, false);
    await page.goto(PASSKEYS);
    // Nothing pressed: the passkey picked in the field's autofill signs in by itself.
    await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible({ timeout: 15_000 });

    // Delete it; the authenticator still holds it, so signing in with it is refused as unknown.
    await page.goto('/account/passkeys');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('listitem').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
    await page.getByRole('group').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('listitem')).toHaveCount(0);
    await logOut(page);
    await withoutAutofill(page, true);
    await page.goto(PASSKEYS);
    await untilInteractive(page);
    await page.getByRole('button', { name: 'Login with a Passkey' }).click();
    await expect(page.getByText('Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.')).toBeVisible();
    // The Signal API told the browser the credential is unknown: it left the authenticator, so
    // autofill no longer offers it.
    await expect.poll(async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length).toBe(0);
  });

  test('the list works from the keyboard alone', async ({ page, sandbox }) => {
    await virtualAuthenticator(page);
    await signInByLink(page, sandbox);
    await page.goto('/account/passkeys');
    await expect(page.getByRole('button', { name: 'Create a Passkey' })).toBeVisible();
    await page.getByRole('button', { name: 'Create a Passkey' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listitem')).toHaveCount(1);
    const edit = page.getByRole('listitem').getByRole('button', { name: 'Edit' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const name = page.getByRole('textbox', { name: 'Passkey name' });
    await expect(name).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Phone');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Phone')).toBeVisible();
    await expect(edit).toBeFocused();
  });

  test('signed out, the page says so and its sign-in comes back here', async ({ page }) => {
    await page.goto('/account/passkeys');
    await expect(page.getByText('Error: Cannot use PasskeyRegistration component without active user authenticated.')).toBeVisible();
    await page.getByRole('link', { name: 'Log in to manage your Passkeys' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fpasskeys$/);
  });
});
