/** A country a phone number can be entered for. */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2 region code (`US`, `FR`); names come from `Intl.DisplayNames` where shown. */
  readonly code: string;
  /** The international calling code, digits only (`1`, `33`). */
  readonly callingCode: string;
}

/** A number read against a country. */
export interface ParsedPhoneNumber {
  /** Whether the number fits its country's numbering plan: pattern and length (the phone library's verdict). */
  readonly valid: boolean;
  /** The number in E.164 (`+14155550123`), as the provider expects it. */
  readonly e164: string;
}

/**
 * Phone number knowledge (SPEC §5 phone rules): countries and calling codes, as-you-type national
 * formatting, and parsing to E.164. Asynchronous because its metadata loads on first use; callers
 * put their own deadlines on it (10 s to format, 2 s to parse on submit).
 */
export interface PhoneNumbersPort {
  /** Every country the library knows, with its calling code. */
  countries(): Promise<readonly PhoneCountry[]>;
  /** `input` (what was typed so far) reformatted in `country`'s national format. */
  formatAsYouType(country: string, input: string): Promise<string>;
  /** `input` read as a number of `country` (or international when it starts with `+`); `null` when it is no number at all. */
  parse(country: string, input: string): Promise<ParsedPhoneNumber | null>;
}
