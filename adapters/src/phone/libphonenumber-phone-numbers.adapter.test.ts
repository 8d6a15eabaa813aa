import { getCountryCallingCode, isSupportedCountry, parsePhoneNumber } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it, vi } from 'vitest';
import { createLibphonenumberPhoneNumbers } from './libphonenumber-phone-numbers.adapter';

const phoneNumbers = createLibphonenumberPhoneNumbers();

/** Every prefix of `text`, as a field holds it after each keystroke. */
const prefixes = (text: string) => Array.from(text, (_, index) => text.slice(0, index + 1));

/**
 * The library's own example mobile number of every country it ships one for: its national
 * significant number, E.164 form and national format. A visitor types the national format's
 * digits, which include the trunk prefix where the country writes one ('0' in France, '8' in Russia).
 */
const mobileExamples = Object.entries(examples).map(([country, nationalNumber]) => {
  if (!isSupportedCountry(country)) throw new Error(`The examples name ${country}, which the metadata lacks`);
  const national = parsePhoneNumber(nationalNumber, country).formatNational();
  return { country, nationalNumber, e164: `+${getCountryCallingCode(country)}${nationalNumber}`, national, typed: national.replace(/\D/g, '') };
});

describe('libphonenumber phone numbers: every country’s example mobile number', () => {
  it('covers every country the library ships an example for', () => {
    expect(mobileExamples.length).toBeGreaterThan(200);
  });

  it.each(mobileExamples)('$country: $nationalNumber, typed digit by digit, parses to $e164', async ({ country, nationalNumber, e164 }) => {
    for (const input of prefixes(nationalNumber)) {
      const partial = await phoneNumbers.parse(country, input);
      expect(partial === null || partial.e164.startsWith('+')).toBe(true);
    }
    expect(await phoneNumbers.parse(country, nationalNumber)).toEqual({ valid: true, e164 });
  });

  it.each(mobileExamples)('$country: typing $typed formats as $national, each keystroke over the formatted value', async ({ country, typed, national, e164 }) => {
    let field = '';
    for (const digit of typed) field = await phoneNumbers.formatAsYouType(country, field + digit);
    expect(field).toBe(national);
    expect(await phoneNumbers.parse(country, field)).toEqual({ valid: true, e164 });
  });

  it('formats a US number as it is typed', async () => {
    const steps: string[] = [];
    for (const input of prefixes('2015550123')) steps.push(await phoneNumbers.formatAsYouType('US', input));
    expect(steps.at(-1)).toBe('(201) 555-0123');
    expect(steps.slice(0, 4)).toEqual(['2', '20', '(201)', '(201) 5']);
  });

  it('reads an input starting with + as international, whatever the country', async () => {
    expect(await phoneNumbers.formatAsYouType('US', '+33612345678')).toBe('+33 6 12 34 56 78');
    expect(await phoneNumbers.parse('US', '+33 6 12 34 56 78')).toEqual({ valid: true, e164: '+33612345678' });
  });
});

describe('libphonenumber phone numbers: bad input', () => {
  it.each([
    ['letters only', 'abcdefg'],
    ['too short', '12'],
    ['too long', '201555012345678'],
    ['an unknown calling code', '+9991234567'],
    ['an empty string', ''],
    ['an emoji', '📞'],
    ['200 digits', '9'.repeat(200)],
  ])('%s is no valid number, and nothing throws', async (_, input) => {
    const parsed = await phoneNumbers.parse('US', input);
    expect(parsed === null || !parsed.valid).toBe(true);
    expect(typeof (await phoneNumbers.formatAsYouType('US', input))).toBe('string');
  });

  it('answers for an unknown country code without throwing', async () => {
    expect(await phoneNumbers.formatAsYouType('XX', '2015550123')).toBe('2015550123');
    expect(await phoneNumbers.formatAsYouType('', 'abc')).toBe('abc');
    expect(await phoneNumbers.parse('XX', '2015550123')).toBeNull();
    // An international number needs no country.
    expect(await phoneNumbers.parse('XX', '+12015550123')).toEqual({ valid: true, e164: '+12015550123' });
  });
});

describe('libphonenumber phone numbers: countries and loading', () => {
  it('lists every country with its calling code', async () => {
    const countries = await phoneNumbers.countries();
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ code: 'US', callingCode: '1' });
    expect(countries).toContainEqual({ code: 'FR', callingCode: '33' });
  });

  it('loads the library once, on first use, and tries again after a failed load', async () => {
    const library = await import('libphonenumber-js/min');
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(library);
    const port = createLibphonenumberPhoneNumbers({ load });
    expect(load).not.toHaveBeenCalled();
    await expect(port.parse('US', '2015550123')).rejects.toThrow('Failed to fetch');
    expect(await port.parse('US', '2015550123')).toEqual({ valid: true, e164: '+12015550123' });
    await port.formatAsYouType('US', '201');
    await port.countries();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
