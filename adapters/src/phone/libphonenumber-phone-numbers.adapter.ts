import type { ParsedPhoneNumber, PhoneCountry, PhoneNumbersPort } from '@vestibule/core';
// Types only: the library itself is imported dynamically below.
import type * as LibPhoneNumber from 'libphonenumber-js/min';

/** The part of `libphonenumber-js/min` this adapter uses. */
export type LibPhoneNumberMin = Pick<typeof LibPhoneNumber, 'AsYouType' | 'getCountries' | 'getCountryCallingCode' | 'isSupportedCountry' | 'parsePhoneNumberFromString'>;

export interface LibphonenumberPhoneNumbersOptions {
  /** Loads the library; defaults to a dynamic import of `libphonenumber-js/min`. Tests pass their own. */
  readonly load?: () => Promise<LibPhoneNumberMin>;
}

// The MIN metadata, deliberately: it formats as you type and checks each country's number pattern
// and lengths at about half the size of 'max'. Exact number-type validation (is this a
// mobile range?) is left to the provider, which answers `invalid_phone_number`.
const importMin = (): Promise<LibPhoneNumberMin> => import('libphonenumber-js/min');

/**
 * The phone numbers port over libphonenumber-js (MIN metadata), loaded on first use: nothing of
 * it is fetched until a phone field asks. A failed load is tried again on the next call. Unknown
 * country codes never throw: the input comes back as typed, and parsing reads only international
 * (`+`) numbers.
 *
 * @example
 * const phoneNumbers = createLibphonenumberPhoneNumbers();
 * await phoneNumbers.formatAsYouType('US', '2015550123'); // '(201) 555-0123'
 * await phoneNumbers.parse('US', '(201) 555-0123'); // { valid: true, e164: '+12015550123' }
 */
export function createLibphonenumberPhoneNumbers(options: LibphonenumberPhoneNumbersOptions = {}): PhoneNumbersPort {
  const load = options.load ?? importMin;
  let loading: Promise<LibPhoneNumberMin> | null = null;
  const library = (): Promise<LibPhoneNumberMin> => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next call
      throw error;
    });
    return loading;
  };
  let countries: readonly PhoneCountry[] | null = null;

  return {
    async countries() {
      const lib = await library();
      countries ??= lib.getCountries().map((code) => ({ code, callingCode: lib.getCountryCallingCode(code) }));
      return countries;
    },
    async formatAsYouType(country, input) {
      const lib = await library();
      if (lib.isSupportedCountry(country)) return new lib.AsYouType(country).input(input);
      // Without a country only an international number can be read.
      return input.trimStart().startsWith('+') ? new lib.AsYouType().input(input) : input;
    },
    async parse(country, input): Promise<ParsedPhoneNumber | null> {
      const lib = await library();
      const phone = lib.parsePhoneNumberFromString(input, lib.isSupportedCountry(country) ? country : undefined);
      return phone === undefined ? null : { valid: phone.isValid(), e164: phone.number };
    },
  };
}
