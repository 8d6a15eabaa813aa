import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS } from '../../all-products';
import type { WidgetConfig } from '../../../domain/config/widget-config';
import { authError, fail, ok, type Result } from '../../../domain/errors/auth-error';
import type { PasscodesPort, SendPasscodeRequest } from '../../../ports/passcodes.port';
import type { ParsedPhoneNumber, PhoneCountry, PhoneNumbersPort } from '../../../ports/phone-numbers.port';
import { openSlotForTest } from '../../../testing/slot-harness';
import { virtualTimeHost } from '../../../testing/virtual-time-host';
import { DEFAULT_COUNTRY, FORMAT_TIMEOUT_MS, PARSE_TIMEOUT_MS, passcodeTabs, type PhoneCodeSent, type PhoneFormEvent } from './phone-form.machine';
import { phoneFormSlot } from './phone-form.slot';

const COUNTRIES: readonly PhoneCountry[] = [
  { code: 'US', callingCode: '1' },
  { code: 'FR', callingCode: '33' },
];

const digitsOf = (input: string) => input.replace(/\D/g, '');

/** US national format as it grows while typed: `(201) 555-0123`; other countries as typed. */
function formatUs(input: string): string {
  const digits = digitsOf(input);
  if (digits.length < 3 || digits.length > 10) return digits;
  if (digits.length === 3) return `(${digits})`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A US number is valid with 10 digits; a French one with 9 (after a leading 0). */
function read(country: string, input: string): ParsedPhoneNumber | null {
  const digits = digitsOf(input);
  if (digits === '') return null;
  if (country === 'FR') {
    const national = digits.replace(/^0/, '');
    return { valid: national.length === 9, e164: `+33${national}` };
  }
  return { valid: digits.length === 10, e164: `+1${digits}` };
}

/**
 * Main's passcode form on hand-written ports and virtual time. `hang.format` / `hang.parse` hold
 * the phone library's answers until `release()`; `sendAnswer` scripts the provider's next answer.
 */
function setUp(config: WidgetConfig = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } }) {
  const calls: Array<{ method: string; country: string; input: string }> = [];
  const hang = { format: false, parse: false };
  const held: Array<() => void> = [];
  const answer = <T>(hold: boolean, compute: () => T): Promise<T> =>
    hold ? new Promise<T>((resolve) => held.push(() => resolve(compute()))) : Promise.resolve(compute());
  const phoneNumbers: PhoneNumbersPort = {
    countries: () => Promise.resolve(COUNTRIES),
    formatAsYouType: (country, input) => {
      calls.push({ method: 'format', country, input });
      return answer(hang.format, () => (country === 'US' ? formatUs(input) : input));
    },
    parse: (country, input) => {
      calls.push({ method: 'parse', country, input });
      return answer(hang.parse, () => read(country, input));
    },
  };
  const sends: SendPasscodeRequest[] = [];
  const script: { next: Result<{ methodId: string }> | null } = { next: null };
  const passcodes: PasscodesPort = {
    send: (request) => {
      sends.push(request);
      const result = script.next ?? ok({ methodId: 'phone-method-1' });
      script.next = null;
      return Promise.resolve(result);
    },
    verify: () => Promise.resolve(fail(authError('unexpected'))),
  };
  const test = virtualTimeHost({ phoneNumbers, passcodes });
  const slot = openSlotForTest(test.host, phoneFormSlot, { config, returnContext: { redirect: null, source: null }, products: ALL_PRODUCTS, origin: 'https://shop.example' });
  const { flow } = slot;
  /** The codes handed to Passcode entry (the slot's actions for the passcodes product). */
  const actions = () => slot.outputs.flatMap((output) => (output.type === 'action' && output.product === 'passcodes' ? [output.detail as PhoneCodeSent] : []));
  const view = () => slot.view();
  const phone = () => {
    const current = view().phone;
    if (current === null) throw new Error('expected the phone form');
    return current;
  };
  const send = (event: PhoneFormEvent) => slot.send(event);
  const release = () => {
    hang.format = false;
    hang.parse = false;
    for (const resolve of held.splice(0)) resolve();
  };
  const formats = () => calls.filter((call) => call.method === 'format');
  return { ...test, flow, slot, view, phone, send, calls, formats, hang, release, sends, script, handedOver: actions };
}

/** Types `value` character by character, letting the formatter answer after each. */
async function typeIn(form: ReturnType<typeof setUp>, value: string) {
  for (const character of value) {
    form.send({ type: 'numberChanged', value: form.phone().number + character });
    await form.advance(0);
  }
}

describe('passcode tabs (SPEC §2)', () => {
  it('shows the configured methods in order, the first one chosen', async () => {
    const form = setUp({ products: ['otp'], otpOptions: { methods: ['whatsapp', 'sms', 'email'] } });
    await form.advance(0);
    expect(form.view().tabs).toEqual([
      { method: 'whatsapp', label: 'passcodes.tabWhatsapp', selected: true },
      { method: 'sms', label: 'passcodes.tabSms', selected: false },
      { method: 'email', label: 'passcodes.tabEmail', selected: false },
    ]);
    form.send({ type: 'tabSelected', tab: 'email' });
    // The Email tab shows Main's own e-mail form.
    expect(form.view()).toMatchObject({ phone: null, tabs: [{ selected: false }, { selected: false }, { selected: true }] });
  });

  it('adds an Email tab when another product takes the e-mail form, and shows no tabs for one method', () => {
    expect(passcodeTabs({ products: ['otp', 'passwords'], otpOptions: { methods: ['sms'] } })).toEqual(['sms', 'email']);
    expect(passcodeTabs({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['whatsapp', 'sms'] } })).toEqual(['whatsapp', 'sms', 'email']);
    expect(passcodeTabs({ products: ['otp', 'passwords'], otpOptions: { methods: ['email', 'sms'] } })).toEqual(['email', 'sms']);
    expect(passcodeTabs({ products: ['otp'], otpOptions: { methods: ['sms'] } })).toEqual(['sms']);
    expect(passcodeTabs({ products: ['passwords'], otpOptions: { methods: ['sms'] } })).toEqual([]);
    const single = setUp({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    expect(single.view().tabs).toBeNull();
  });
});

describe("Main's phone form (SPEC §5, virtual time)", () => {
  it('starts on the United States, then offers every country once the phone library loaded', async () => {
    const form = setUp();
    expect(DEFAULT_COUNTRY).toEqual({ code: 'US', callingCode: '1' });
    expect(form.phone()).toMatchObject({ country: DEFAULT_COUNTRY, countries: [DEFAULT_COUNTRY], number: '', submitLabel: { key: 'passcodes.sendCode' }, disabled: false });
    await form.advance(0);
    expect(form.phone().countries).toEqual(COUNTRIES);
  });

  it('formats the number as it is typed, but not a deletion', async () => {
    const form = setUp();
    await form.advance(0);
    await typeIn(form, '2015550');
    expect(form.phone().number).toBe('(201) 555-0');
    const before = form.formats().length;
    form.send({ type: 'numberChanged', value: '(201) 555-' });
    await form.advance(0);
    expect(form.phone().number).toBe('(201) 555-');
    expect(form.formats()).toHaveLength(before);
    form.send({ type: 'numberChanged', value: '(201) 555' });
    await form.advance(0);
    expect(form.phone().number).toBe('(201) 555');
  });

  it('applies a formatting answer only to the value it was asked for', async () => {
    const form = setUp();
    await form.advance(0);
    form.hang.format = true;
    form.send({ type: 'numberChanged', value: '2015' });
    form.send({ type: 'numberChanged', value: '20155' });
    form.release();
    await form.advance(0);
    // The first request was superseded: only the current value's answer lands.
    expect(form.phone().number).toBe('(201) 55');
    // A deletion while an answer is on its way drops that answer.
    form.hang.format = true;
    form.send({ type: 'numberChanged', value: '(201) 556' });
    form.send({ type: 'numberChanged', value: '(201) 55' });
    form.release();
    await form.advance(0);
    expect(form.phone().number).toBe('(201) 55');
  });

  it('leaves the number as typed when formatting takes longer than 10 s', async () => {
    const form = setUp();
    await form.advance(0);
    form.hang.format = true;
    form.send({ type: 'numberChanged', value: '2015550123' });
    await form.advance(FORMAT_TIMEOUT_MS);
    expect(form.phone()).toMatchObject({ number: '2015550123', error: null });
    form.release();
    await form.advance(0);
    expect(form.phone().number).toBe('2015550123');
  });

  it('requires a number', async () => {
    const form = setUp();
    await form.advance(0);
    form.send({ type: 'submitted' });
    expect(form.phone().error).toEqual({ key: 'passcodes.phoneRequired' });
    form.send({ type: 'numberChanged', value: '   ' });
    form.send({ type: 'submitted' });
    expect(form.phone().error).toEqual({ key: 'passcodes.phoneRequired' });
    expect(form.calls.filter((call) => call.method === 'parse')).toEqual([]);
  });

  it('refuses a number the phone library says is invalid, keeping it in the field', async () => {
    const form = setUp();
    await form.advance(0);
    await typeIn(form, '20155');
    form.send({ type: 'submitted' });
    expect(form.phone()).toMatchObject({ busy: true, disabled: true, submitLabel: { key: 'passcodes.checking' } });
    await form.advance(0);
    expect(form.phone()).toMatchObject({ number: '(201) 55', error: { key: 'error.invalid_phone_number' }, busy: false, disabled: false });
    expect(form.sends).toEqual([]);
    // Editing clears the message.
    form.send({ type: 'numberChanged', value: '(201) 555' });
    expect(form.phone().error).toBeNull();
  });

  it('sends the number as entered (+1 and its digits) when parsing takes longer than 2 s', async () => {
    const form = setUp();
    await form.advance(0);
    form.send({ type: 'numberChanged', value: '201-555' });
    await form.advance(0);
    form.hang.parse = true;
    form.send({ type: 'submitted' });
    await form.advance(PARSE_TIMEOUT_MS - 1);
    expect(form.sends).toEqual([]);
    expect(form.phone().submitLabel).toEqual({ key: 'passcodes.checking' });
    await form.advance(1);
    expect(form.sends).toEqual([{ channel: 'sms', destination: '+1201555' }]);
    expect(form.handedOver()).toEqual([{ channel: 'sms', destination: '+1201555', methodId: 'phone-method-1' }]);
  });

  it("sends a valid number in E.164 on the chosen tab's channel, then hands the code over to the widget", async () => {
    const form = setUp({ products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 4, locale: 'fr' } });
    await form.advance(0);
    form.send({ type: 'tabSelected', tab: 'whatsapp' });
    await typeIn(form, '2015550123');
    expect(form.phone().number).toBe('(201) 555-0123');
    form.send({ type: 'submitted' });
    await form.advance(0);
    expect(form.calls.filter((call) => call.method === 'parse')).toEqual([{ method: 'parse', country: 'US', input: '(201) 555-0123' }]);
    expect(form.sends).toEqual([{ channel: 'whatsapp', destination: '+12015550123', expirationMinutes: 4 }]);
    expect(form.handedOver()).toEqual([{ channel: 'whatsapp', destination: '+12015550123', methodId: 'phone-method-1' }]);
    // The number stays for Back from Passcode entry; the form is ready again.
    expect(form.phone()).toMatchObject({ number: '(201) 555-0123', busy: false, disabled: false, error: null });
  });

  it("keeps the number after a code went out, and clears Main's message for the form on the next edit", async () => {
    const form = setUp();
    await form.advance(0);
    await typeIn(form, '2015550123');
    form.send({ type: 'submitted' });
    await form.advance(0);
    expect(form.handedOver()).toHaveLength(1);
    expect(form.phone()).toMatchObject({ number: '(201) 555-0123', busy: false, disabled: false });
    form.slot.outputs.length = 0;
    form.send({ type: 'numberChanged', value: '(201) 555-012' });
    expect(form.slot.outputs).toEqual([{ type: 'message', message: null }]);
  });

  it("starts nothing while Main is busy with another action, and says it started a sign-in of its own when it sends", async () => {
    const form = setUp();
    await form.advance(0);
    await typeIn(form, '2015550123');
    form.slot.main.mainBusy = true;
    expect(form.phone().disabled).toBe(true);
    form.send({ type: 'submitted' });
    await form.advance(PARSE_TIMEOUT_MS);
    expect(form.sends).toEqual([]);
    form.slot.main.mainBusy = false;
    form.send({ type: 'submitted' });
    expect(phoneFormSlot.busy(form.flow.getSnapshot())).toBe(true);
    expect(form.slot.outputs).toContainEqual({ type: 'started' });
    await form.advance(0);
    expect(form.sends).toHaveLength(1);
  });

  it('counts a 429 Retry-After down on the button, then enables it again', async () => {
    const form = setUp();
    await form.advance(0);
    await typeIn(form, '2015550123');
    form.script.next = fail(authError('too_many_requests', { retryAfterMs: 3_000 }));
    form.send({ type: 'submitted' });
    await form.advance(0);
    expect(form.handedOver()).toEqual([]);
    expect(form.phone()).toMatchObject({ disabled: true, error: { key: 'error.too_many_requests' }, submitLabel: { key: 'common.retryIn', params: { seconds: 3 } } });
    form.send({ type: 'submitted' });
    expect(form.sends).toHaveLength(1);
    await form.advance(1_000);
    expect(form.phone().submitLabel).toEqual({ key: 'common.retryIn', params: { seconds: 2 } });
    await form.advance(1_000);
    expect(form.phone().submitLabel).toEqual({ key: 'common.retryIn', params: { seconds: 1 } });
    await form.advance(1_000);
    expect(form.phone()).toMatchObject({ disabled: false, error: null, submitLabel: { key: 'passcodes.sendCode' } });
    form.send({ type: 'submitted' });
    await form.advance(0);
    expect(form.sends).toHaveLength(2);
    expect(form.handedOver()).toHaveLength(1);
  });

  it('reformats the digits for a newly chosen country and parses against it', async () => {
    const form = setUp();
    await form.advance(0);
    await typeIn(form, '0612345678');
    expect(form.phone().number).toBe('(061) 234-5678');
    form.send({ type: 'countryChanged', code: 'FR' });
    await form.advance(0);
    expect(form.formats().at(-1)).toEqual({ method: 'format', country: 'FR', input: '0612345678' });
    expect(form.phone()).toMatchObject({ country: { code: 'FR', callingCode: '33' }, number: '0612345678' });
    form.send({ type: 'countryChanged', code: 'US' });
    await form.advance(0);
    expect(form.phone().number).toBe('(061) 234-5678');
    form.send({ type: 'countryChanged', code: 'FR' });
    await form.advance(0);
    form.send({ type: 'submitted' });
    await form.advance(0);
    expect(form.sends[0]).toMatchObject({ channel: 'sms', destination: '+33612345678' });
    // An unknown country changes nothing.
    form.send({ type: 'countryChanged', code: 'ZZ' });
    expect(form.phone().country.code).toBe('FR');
  });
});
