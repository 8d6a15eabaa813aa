import type { PhoneNumbersPort } from '@vestibule/core';
import { describe, expect, it } from 'vitest';

/**
 * What every {@link PhoneNumbersPort} implementation promises for the countries the fake knows
 * (US, FR, GB), so screens tested against the fake behave the same on the real library.
 */
export function describePhoneNumbersContract(name: string, make: () => PhoneNumbersPort): void {
  describe(`phone numbers contract: ${name}`, () => {
    it('lists countries with their calling codes', async () => {
      const countries = await make().countries();
      expect(countries).toContainEqual({ code: 'US', callingCode: '1' });
      expect(countries).toContainEqual({ code: 'FR', callingCode: '33' });
      expect(countries).toContainEqual({ code: 'GB', callingCode: '44' });
    });

    it('formats a whole US number nationally', async () => {
      const port = make();
      expect(await port.formatAsYouType('US', '2015550123')).toBe('(201) 555-0123');
      expect(await port.formatAsYouType('US', '(201) 555-0123')).toBe('(201) 555-0123');
    });

    it.each([
      ['US', '2015550123', '+12015550123'],
      ['US', '(201) 555-0123', '+12015550123'],
      ['FR', '612345678', '+33612345678'],
      ['FR', '06 12 34 56 78', '+33612345678'],
      ['GB', '07400 123456', '+447400123456'],
      ['US', '+33 6 12 34 56 78', '+33612345678'],
    ])('reads %s %s as %s', async (country, input, e164) => {
      expect(await make().parse(country, input)).toEqual({ valid: true, e164 });
    });

    it.each([
      ['US', '201555'],
      ['FR', '6123'],
      ['US', '201555012345678'],
    ])('reads %s %s as a number of the wrong length', async (country, input) => {
      expect(await make().parse(country, input)).toMatchObject({ valid: false });
    });

    it.each([
      ['US', ''],
      ['US', 'abc'],
      ['XX', '2015550123'],
    ])('reads %s "%s" as no number at all', async (country, input) => {
      expect(await make().parse(country, input)).toBeNull();
    });

    it('returns the input of an unknown country as typed', async () => {
      expect(await make().formatAsYouType('XX', '2015550123')).toBe('2015550123');
    });
  });
}
