import { isValidEmail } from '@vestibule/core/email-validation';
import { describe, expect, it } from 'vitest';
import { CALLBACK_URL, data, expectStytchError, sdkCall, sandboxUnderTest, str } from './test-support';

// The sandbox answers an address exactly as the client judged it (core's isValidEmail), so a
// value the UI sends is never refused here for another reason, nor a refused one accepted.

const { sandbox } = sandboxUnderTest();

const accepted: readonly string[] = [
  'ada@example.com',
  '用户@例子.广告',
  'δοκιμή@παράδειγμα.δοκιμή',
  'अजय@डाटा.भारत',
  `${'a'.repeat(64)}@example.com`,
  `${'a'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`,
  // 64 octets as typed; lower-cased, 'İ' (2 octets) becomes 'i̇' (3): the verdict is the typed value's.
  `${'İ'.repeat(32)}@example.com`,
];

const refused: readonly string[] = [
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  'ada@-example.com',
  'ada@example-.com',
  'ada@exa_mple.com',
  `${'a'.repeat(4988)}@example.com`,
  `${'a'.repeat(65)}@example.com`,
  `${'用'.repeat(22)}@example.com`,
  'a\u202eb@example.com',
  'ada@exa\u2066mple.com',
  'a\u0000b@example.com',
  'ada@example.c',
];

const sends = {
  'magic link': (email: string) => sdkCall('POST', '/magic_links/email/login_or_create', { body: { email, login_magic_link_url: CALLBACK_URL } }),
  'e-mail passcode': (email: string) => sdkCall('POST', '/otps/email/login_or_create', { body: { email } }),
} as const;

describe.each(Object.entries(sends))('the sandbox judges addresses as the client does (%s send)', (_name, send) => {
  it.each(accepted)('accepts %j and sends to it', async (email) => {
    expect(isValidEmail(email)).toBe(true);
    data(await send(email));
    expect(str(sandbox.state.messages.at(-1)?.to)).toBe(email.toLowerCase());
  });

  it.each(refused)('refuses %j with invalid_email and sends nothing', async (email) => {
    expect(isValidEmail(email)).toBe(false);
    const body = expectStytchError(await send(email), 400, 'invalid_email');
    expect(body['error_message']).toBe('Email format is invalid.');
    expect(sandbox.state.messages).toHaveLength(0);
    expect(sandbox.state.users.size).toBe(0);
  });
});
