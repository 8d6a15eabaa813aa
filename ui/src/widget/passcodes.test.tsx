import { ALL_PRODUCTS, authError, fail, type PhoneFormView, type SafePath } from '@vestibule/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthCoreProvider } from '../provider';
import { reactModes, setup } from '../test-utils';
import { LoginWidget } from './login-widget';
import { preloadLoginWidget } from './slot-views';
import PhoneFormSlot from './products/passcodes/phone-form.slot-view';

/** Passcode entry and the phone library are lazily loaded chunks: under a loaded machine they can take over 1 s. */
const SCREEN_LOAD = { timeout: 5000 };

/** Passcode entry's live status (the toast region has one of its own). */
const entryStatus = () => within(screen.getByRole('textbox', { name: 'Passcode' }).closest('form')!).getByRole('status');

const returnContext = { redirect: '/orders' as SafePath, source: 'web' } as const;

// Main's passcode group fetched up front, as a page with phone methods would before it shows.
beforeAll(() => preloadLoginWidget({ products: ALL_PRODUCTS, config: { products: ['otp'], otpOptions: { methods: ['sms'] } } }));

describe.each(reactModes)('passcodes in the login widget (%s)', (_mode, strict) => {
  const start = (methods: readonly string[], products: readonly string[] = ['otp'], expiry: { expirationMinutes?: number } = {}) => {
    const harness = setup(strict);
    harness.renderUi(<LoginWidget products={ALL_PRODUCTS} flowKey="login" config={{ products: products as never, otpOptions: { methods: methods as never, ...expiry } }} returnContext={returnContext} />);
    return harness;
  };

  it("shows the tabs 'Text', 'WhatsApp', 'Email' in configured order, Text first, and moves with the arrow keys", async () => {
    start(['sms', 'whatsapp', 'email']);
    const tablist = await screen.findByRole('tablist', { name: 'How to receive your passcode' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Text', 'WhatsApp', 'Email']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('+1 United States');
    const user = userEvent.setup();
    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveFocus();
    // The e-mail tab is Main's own e-mail form.
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('textbox', { name: 'Email' }));
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument();
  });

  it("keeps the visitor on the e-mail tab (the others disabled) while Main's e-mail form is sending", async () => {
    const { ports } = start(['email', 'sms']);
    const user = userEvent.setup();
    ports.passcodes.sends.holdNext();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Text' })).toBeDisabled());
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no tabs for a single method', async () => {
    start(['whatsapp']);
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('formats the number as typed, sends a text to the E.164 number and opens Passcode entry, counting the configured expiry down', async () => {
    const { ports } = start(['sms', 'email'], ['otp'], { expirationMinutes: 2 });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Phone number' });
    await user.type(field, '2015550123');
    await waitFor(() => expect(field).toHaveValue('(201) 555-0123'), SCREEN_LOAD);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' }, SCREEN_LOAD)).toBeInTheDocument();
    expect(screen.getByText(/by text at/)).toHaveTextContent('A 6-digit passcode was sent to you by text at +12015550123.');
    // The code input takes focus, described by where the code went and how long it lasts.
    expect(screen.getByRole('textbox', { name: 'Passcode' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Passcode' })).toHaveAccessibleDescription('Your code expires in 2:00. A 6-digit passcode was sent to you by text at +12015550123.');
    expect(entryStatus()).toHaveTextContent('');
    expect(ports.passcodes.latestCode('+12015550123')).toMatch(/^\d{6}$/);
    const code = screen.getByRole('textbox', { name: 'Passcode' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(screen.getByText('Your code expires in 2:00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it("shows no countdown when the configuration leaves the expiry to the provider's project (SPEC §9)", async () => {
    const { ports } = start(['email']);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    const code = await screen.findByRole('textbox', { name: 'Passcode' }, SCREEN_LOAD);
    expect(ports.passcodes.sent.at(-1)?.request).toEqual({ channel: 'email', destination: 'ada@example.com' });
    // Described by where the code went only: no invented time.
    expect(code).toHaveAccessibleDescription('A 6-digit passcode was sent to you at ada@example.com.');
    expect(screen.queryByText(/expire/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('keeps an invalid number with the E.164 message next to the field', async () => {
    const { ports } = start(['sms']);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Phone number' });
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Phone number format is invalid. Ensure the phone number is in the E.164 format.'));
    expect(field).toHaveValue('12');
    expect(field).toHaveFocus();
    expect(ports.passcodes.latestCode('+112')).toBeUndefined();
  });

  it("e-mails a code, verifies at six digits with 'Verifying passcode...', and shows the OTP success", async () => {
    const { ports } = start(['email']);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example{Enter}');
    expect(await screen.findByText('Invalid email address.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.com{Enter}');
    const code = await screen.findByRole('textbox', { name: 'Passcode' }, SCREEN_LOAD);
    expect(screen.getByText(/was sent to you at/)).toHaveTextContent('A 6-digit passcode was sent to you at ada@example.com.');
    const real = ports.passcodes.latestCode('ada@example.com')!;
    // Pasted or typed, only digits count.
    await user.type(code, `${real.slice(0, 2)}a ${real.slice(2, 5)}`);
    expect(code).toHaveValue(real.slice(0, 5));
    const release = ports.passcodes.verifications.holdNext();
    await user.type(code, real.slice(5));
    expect(await screen.findByText('Verifying passcode...')).toBeInTheDocument();
    expect(code).toBeDisabled();
    // The answer is lost on the way: the message under the input, the code kept, the input usable.
    release(fail(authError('network_unreachable')));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/We could not reach the server/));
    expect(code).toBeEnabled();
    expect(code).toHaveValue(real);
    // Pasting the same code again retries it.
    await user.click(code);
    await user.paste(real);
    expect(await screen.findByText('Your passcode has been successfully verified.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Success!' })).toBeInTheDocument();
  });

  // The 2 s of 'Code sent' and the return to 'Resend' are timed in virtual time in the core's tests.
  it('shows a wrong code under the input and never sends it twice', async () => {
    const { ports } = start(['email']);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    const code = await screen.findByRole('textbox', { name: 'Passcode' }, SCREEN_LOAD);
    const wrong = ports.passcodes.latestCode('ada@example.com') === '000000' ? '111111' : '000000';
    await user.type(code, wrong);
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Invalid passcode, please try again\./));
    expect(code).toHaveValue(wrong);
    await user.paste(wrong);
    expect(code).toHaveAccessibleDescription(/Invalid passcode, please try again\./);
    expect(screen.queryByText('Verifying passcode...')).not.toBeInTheDocument();
  });

  it("resends a new code and shows 'Code sent', disabled", async () => {
    const { ports } = start(['email']);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    await screen.findByRole('heading', { name: 'Enter passcode' }, SCREEN_LOAD);
    const first = ports.passcodes.latestCode('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    const control = await screen.findByRole('button', { name: 'Code sent' });
    expect(control).toHaveAttribute('aria-disabled', 'true');
    // It keeps the focus it had when pressed, and says so once to screen readers.
    expect(control).toHaveFocus();
    expect(entryStatus()).toHaveTextContent('Code sent');
    expect(ports.passcodes.latestCode('ada@example.com')).not.toBe(first);
  });

  it("shows Main's message for the form (Passcode entry could not open) under the number, which it keeps, and says when an edit was made", async () => {
    const harness = setup(strict);
    const sent: unknown[] = [];
    const view: PhoneFormView = {
      tabs: null,
      tabsLocked: false,
      phone: { countries: [{ code: 'US', callingCode: '1' }], country: { code: 'US', callingCode: '1' }, number: '(201) 555-0123', error: null, busy: false, disabled: false, submitLabel: { key: 'passcodes.sendCode' } },
    };
    const form = (message: { readonly key: 'error.network_unreachable' } | null) => <PhoneFormSlot view={view} message={message} send={(event) => void sent.push(event)} />;
    const { rerender } = harness.renderUi(form({ key: 'error.network_unreachable' }));
    const field = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server. Check your connection and try again.');
    expect(field).toHaveAccessibleDescription('We could not reach the server. Check your connection and try again.');
    expect(field).toHaveValue('(201) 555-0123');
    await userEvent.setup().type(field, '{Backspace}');
    expect(sent).toEqual([{ type: 'numberChanged', value: '(201) 555-012' }]);
    const wrap = (ui: ReturnType<typeof form>) => (strict ? <StrictMode>{ui}</StrictMode> : ui);
    // The slot clears Main's message on an edit (core); without one, nothing is said.
    rerender(wrap(<AuthCoreProvider core={harness.core}>{form(null)}</AuthCoreProvider>));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('an expired passcode (issue 16, items 6 and 8)', () => {
  it.each([
    ['counting down a configured expiry', { expirationMinutes: 2 }],
    ["with the provider's expiry (no countdown)", {}],
  ])("says 'Your code has expired.' once: no provider message beside it, no countdown left running (%s)", async (_name, expiry) => {
    const { ports, renderUi } = setup(false);
    renderUi(<LoginWidget products={ALL_PRODUCTS} flowKey="login" config={{ products: ['otp'], otpOptions: { methods: ['email'], ...expiry } }} returnContext={returnContext} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    const code = await screen.findByRole('textbox', { name: 'Passcode' }, SCREEN_LOAD);
    const sent = ports.passcodes.sent.at(-1)!;
    // The provider's clock is ahead of ours: it calls the code expired while our countdown runs.
    ports.passcodes.expire(sent.methodId);
    await user.type(code, sent.code);
    const form = code.closest('form')!;
    await waitFor(() => expect(entryStatus()).toHaveTextContent('Your code has expired.'), SCREEN_LOAD);
    expect(within(form).getAllByText(/expire/i)).toHaveLength(1);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toHaveAttribute('aria-disabled', 'false');
  });
});
