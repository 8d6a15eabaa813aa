import { describe, expect, it, vi } from 'vitest';
import { createPasskeySupport } from './passkey-support.adapter';

const answering = (autofill: unknown, platform: unknown) => ({
  PublicKeyCredential: {
    isConditionalMediationAvailable: vi.fn(() => autofill),
    isUserVerifyingPlatformAuthenticatorAvailable: vi.fn(() => platform),
  },
});

describe('passkey support adapter', () => {
  it("answers the browser's feature queries", async () => {
    const yes = createPasskeySupport(answering(Promise.resolve(true), Promise.resolve(true)));
    expect(await yes.browserSupportsAutofill()).toBe(true);
    expect(await yes.platformAuthenticatorAvailable()).toBe(true);
    const no = createPasskeySupport(answering(Promise.resolve(false), Promise.resolve(false)));
    expect(await no.browserSupportsAutofill()).toBe(false);
    expect(await no.platformAuthenticatorAvailable()).toBe(false);
  });

  it('asks with PublicKeyCredential as `this`, as a browser requires of its static methods', async () => {
    const win = answering(Promise.resolve(true), Promise.resolve(true));
    await createPasskeySupport(win).browserSupportsAutofill();
    expect(win.PublicKeyCredential.isConditionalMediationAvailable.mock.contexts[0]).toBe(win.PublicKeyCredential);
  });

  it('reads the API when asked, so a browser that gains it later is seen', async () => {
    const win: { PublicKeyCredential?: unknown } = {};
    const support = createPasskeySupport(win);
    expect(await support.browserSupportsAutofill()).toBe(false);
    win.PublicKeyCredential = answering(Promise.resolve(true), Promise.resolve(true)).PublicKeyCredential;
    expect(await support.browserSupportsAutofill()).toBe(true);
  });

  it('answers false, never throwing, where the API or a query is absent', async () => {
    for (const win of [undefined, {}, { PublicKeyCredential: null }, { PublicKeyCredential: {} }, { PublicKeyCredential: class {} }]) {
      const support = createPasskeySupport(win);
      expect(await support.browserSupportsAutofill()).toBe(false);
      expect(await support.platformAuthenticatorAvailable()).toBe(false);
    }
  });

  it('answers false when a query throws, rejects or answers something else than true', async () => {
    const throwing = {
      PublicKeyCredential: {
        isConditionalMediationAvailable: () => {
          throw new DOMException('Not in a secure context', 'SecurityError');
        },
        isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.reject(new Error('no')),
      },
    };
    expect(await createPasskeySupport(throwing).browserSupportsAutofill()).toBe(false);
    expect(await createPasskeySupport(throwing).platformAuthenticatorAvailable()).toBe(false);
    const odd = createPasskeySupport(answering(Promise.resolve('yes'), 1));
    expect(await odd.browserSupportsAutofill()).toBe(false);
    expect(await odd.platformAuthenticatorAvailable()).toBe(false);
  });

  it("uses the page's window by default (none in Node)", async () => {
    expect(await createPasskeySupport().browserSupportsAutofill()).toBe(false);
  });
});
