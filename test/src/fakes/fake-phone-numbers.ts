import type { ParsedPhoneNumber, PhoneCountry, PhoneNumbersPort } from '@vestibule/core';

/** The fake's whole numbering plan: calling code and national significant number length. */
const PLANS: Readonly<Record<string, { readonly callingCode: string; readonly length: number }>> = {
  US: { callingCode: '1', length: 10 },
  FR: { callingCode: '33', length: 9 },
  GB: { callingCode: '44', length: 10 },
};

const digitsOf = (input: string) => input.replace(/\D/g, '');

/** US national format, growing with the digits as the real library does it: `(201) 555-0123`. */
function formatUs(digits: string): string {
  if (digits.length < 3 || digits.length > 10) return digits;
  if (digits.length === 3) return `(${digits})`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Phone numbers without libphonenumber: three countries (US `1`, FR `33`, GB `44`). US numbers
 * format as `(201) 555-0123` while typed; other countries come back as typed. A number is valid
 * when its national digits have the country's length (US 10, FR 9, GB 10; a leading trunk `0` is
 * dropped for FR and GB); an input starting with `+` is read by its calling code.
 * `hang` holds every answer until `release()` (a library still loading); `failing` rejects (one
 * that cannot load). `calls` records every call.
 */
export class FakePhoneNumbers implements PhoneNumbersPort {
  /** Every call, oldest first. */
  readonly calls: Array<{ readonly method: keyof PhoneNumbersPort; readonly country?: string; readonly input?: string }> = [];
  /** While true, answers wait for {@link release}. */
  hang = false;
  /** While true, every call rejects (the library did not load). */
  failing = false;
  private readonly held: Array<() => void> = [];

  countries(): Promise<readonly PhoneCountry[]> {
    this.calls.push({ method: 'countries' });
    return this.answer(() => Object.entries(PLANS).map(([code, plan]) => ({ code, callingCode: plan.callingCode })));
  }

  formatAsYouType(country: string, input: string): Promise<string> {
    this.calls.push({ method: 'formatAsYouType', country, input });
    return this.answer(() => (country === 'US' && !input.trimStart().startsWith('+') ? formatUs(digitsOf(input)) : input));
  }

  parse(country: string, input: string): Promise<ParsedPhoneNumber | null> {
    this.calls.push({ method: 'parse', country, input });
    return this.answer(() => read(country, input));
  }

  /** Answers every held call (and keeps answering at once: `hang` is cleared). */
  release(): void {
    this.hang = false;
    for (const answer of this.held.splice(0)) answer();
  }

  private answer<T>(compute: () => T): Promise<T> {
    if (this.failing) return Promise.reject(new Error('The phone number library could not load.'));
    if (!this.hang) return Promise.resolve(compute());
    return new Promise<T>((resolve) => this.held.push(() => resolve(compute())));
  }
}

function read(country: string, input: string): ParsedPhoneNumber | null {
  const digits = digitsOf(input);
  if (digits === '') return null;
  if (input.trimStart().startsWith('+')) {
    const entry = Object.values(PLANS).find((plan) => digits.startsWith(plan.callingCode));
    if (!entry) return null;
    const national = digits.slice(entry.callingCode.length);
    return { valid: national.length === entry.length, e164: `+${digits}` };
  }
  const plan = PLANS[country];
  if (!plan) return null;
  const national = country !== 'US' && digits.startsWith('0') ? digits.slice(1) : digits;
  return { valid: national.length === plan.length, e164: `+${plan.callingCode}${national}` };
}
