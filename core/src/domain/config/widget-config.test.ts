import { describe, expect, it } from 'vitest';
import { validateWidgetConfig } from './widget-config';

describe('widget configuration validation (SPEC §1)', () => {
  it('rejects passkeys as the only product', () => {
    expect(validateWidgetConfig({ products: ['passkeys'] })).toEqual([
      { code: 'passkeys_alone', message: 'config.passkeysAlone', blocking: true },
    ]);
  });

  it('accepts passkeys with another product', () => {
    expect(validateWidgetConfig({ products: ['passkeys', 'emailMagicLinks'] })).toEqual([]);
  });

  it('rejects e-mail magic links together with e-mail passcodes', () => {
    const issues = validateWidgetConfig({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'email'] } });
    expect(issues.map((issue) => issue.message)).toEqual(['config.emlAndEmailOtp']);
  });

  it('accepts magic links with SMS-only passcodes', () => {
    expect(validateWidgetConfig({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } })).toEqual([]);
  });

  it("accepts the product's own configuration", () => {
    expect(
      validateWidgetConfig({
        products: ['oauth', 'emailMagicLinks', 'passwords'],
        oauthOptions: { providers: [{ type: 'google' }] },
      }),
    ).toEqual([]);
  });
});
