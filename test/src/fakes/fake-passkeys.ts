import { fail, providerError, type PasskeysPort } from '@vestibule/core';

/** What every call answers until this fake emulates passkeys: a provider failure that says so, as the sandbox's stub does. */
const notImplemented = (method: string) =>
  providerError('not_implemented', { status: 404, serverMessage: `passkeys.${method} is not implemented in the fake yet (test/src/fakes/fake-passkeys.ts).` });

/**
 * Passkeys as an in-memory provider, not emulated yet (`pnpm new:flow passkeys` wrote this fake): like
 * the sandbox, every call says so. The contract suite holds it to the same answers as the Stytch
 * adapter over the sandbox (test/contract/passkeys.contract.ts).
 */
export class FakePasskeys implements PasskeysPort {
  readonly authenticate: PasskeysPort['authenticate'] = () => Promise.resolve(fail(notImplemented('authenticate')));
  readonly register: PasskeysPort['register'] = () => Promise.resolve(fail(notImplemented('register')));
  readonly list: PasskeysPort['list'] = () => Promise.resolve(fail(notImplemented('list')));
  readonly rename: PasskeysPort['rename'] = () => Promise.resolve(fail(notImplemented('rename')));
  readonly remove: PasskeysPort['remove'] = () => Promise.resolve(fail(notImplemented('remove')));
}
