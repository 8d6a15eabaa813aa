// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SETTINGS_ELEMENT_ID, readPageAttestation, readPageIdentity } from './page-settings';

function withSettings(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_SETTINGS_ELEMENT_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => document.getElementById(PAGE_SETTINGS_ELEMENT_ID)?.remove());

describe("the page settings' attestation (SPEC §4)", () => {
  it('reads a trusted auth token and a token profile id', () => {
    withSettings('{"trustedAuthToken":"token-1","tokenProfileId":"profile-1"}');
    expect(readPageAttestation(document)).toEqual({ token: 'token-1', profileId: 'profile-1' });
  });

  it.each([
    ['no block', null],
    ['malformed JSON', '{"trustedAuthToken":'],
    ['a list', '["token-1","profile-1"]'],
    ['only the token', '{"trustedAuthToken":"token-1"}'],
    ['a number for the token', '{"trustedAuthToken":1,"tokenProfileId":"profile-1"}'],
    ['an empty profile id', '{"trustedAuthToken":"t","tokenProfileId":""}'],
    ['a 10,000-character token', `{"trustedAuthToken":"${'t'.repeat(10_000)}","tokenProfileId":"p"}`],
    ['inherited keys only', '{"__proto__":{"trustedAuthToken":"t","tokenProfileId":"p"}}'],
  ])('reads nothing from %s', (_name, text) => {
    if (text !== null) withSettings(text);
    expect(readPageAttestation(document)).toBeNull();
  });
});

describe("the page settings' visitor, for analytics (SPEC §1)", () => {
  it('reads a distinct id and an identify payload', () => {
    withSettings('{"distinctId":"user-42","identifyPayload":{"email":"ada@example.com","plan":"pro"}}');
    expect(readPageIdentity(document)).toEqual({ distinctId: 'user-42', properties: { email: 'ada@example.com', plan: 'pro' } });
  });

  it('reads it beside the attestation settings', () => {
    withSettings('{"trustedAuthToken":"t","tokenProfileId":"p","distinctId":"user-42","identifyPayload":{}}');
    expect(readPageIdentity(document)).toEqual({ distinctId: 'user-42', properties: {} });
    expect(readPageAttestation(document)).toEqual({ token: 't', profileId: 'p' });
  });

  it.each([
    ['no block', null],
    ['malformed JSON', '{"distinctId":'],
    ['only the id', '{"distinctId":"user-42"}'],
    ['only the payload', '{"identifyPayload":{"plan":"pro"}}'],
    ['an empty id', '{"distinctId":"","identifyPayload":{}}'],
    ['a number for the id', '{"distinctId":42,"identifyPayload":{}}'],
    ['a list for the payload', '{"distinctId":"user-42","identifyPayload":["pro"]}'],
    ['a string for the payload', '{"distinctId":"user-42","identifyPayload":"pro"}'],
    ['inherited keys only', '{"__proto__":{"distinctId":"user-42","identifyPayload":{}}}'],
  ])('reads nobody from %s', (_name, text) => {
    if (text !== null) withSettings(text);
    expect(readPageIdentity(document)).toBeNull();
  });
});
