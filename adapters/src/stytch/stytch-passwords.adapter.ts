import { CLIENT_ERROR_CODES, authError, fail, ok, type PasswordCredentials, type PasswordSignIn, type PasswordStrength, type PasswordsPort, type Result, type UserType } from '@vestibule/core';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import type { StytchRuntime } from './stytch-client';
import type { SessionReader } from './stytch-session.reader';

type StrengthCheckResponse = Awaited<ReturnType<StytchClient['passwords']['strengthCheck']>>;
type AuthenticateResponse = Awaited<ReturnType<StytchClient['passwords']['authenticate']>>;

/**
 * The SDK's internal user search (stytch-browser `packages/core/src/SearchManager.ts`), which its
 * own password screens use: `POST /users/search`, answered `{ userType }` in camelCase. It is not
 * part of the public API, but the client publishes its internals under a registered symbol
 * (`Symbol.for('stytch__internal_b2c')`, written by `writeB2CInternals` in the StytchClient
 * constructor, read by `readB2CInternals` in `packages/web/src/utils/internal.ts`), so the SDK's own
 * network client, headers and DFP/captcha handling are used rather than a hand-made request.
 */
interface SearchManager {
  searchUser(email: string): Promise<{ userType?: unknown }>;
}

const B2C_INTERNALS = Symbol.for('stytch__internal_b2c');

/** The SDK's search manager, or null when this SDK version does not publish it where 6.x does. */
function searchManagerOf(stytch: StytchClient): SearchManager | null {
  const internals = (stytch as unknown as Record<symbol, { searchManager?: Partial<SearchManager> } | undefined>)[B2C_INTERNALS];
  const manager = internals?.searchManager;
  return typeof manager?.searchUser === 'function' ? (manager as SearchManager) : null;
}

const USER_TYPES: ReadonlySet<string> = new Set<UserType>(['new', 'password', 'passwordless']);

/** Marks an answer the core cannot use; turned into `invalid_response` after the call. */
const INVALID = Symbol('invalid response');

const invalidResponse = () => fail<never>(authError(CLIENT_ERROR_CODES.invalidResponse, { cause: 'the provider answered a password call without the fields it needs' }));

/** Stytch's strength verdict in the port's vocabulary (camelCase; LUDS counts only under LUDS). */
export function toPasswordStrength(response: StrengthCheckResponse): PasswordStrength {
  const { feedback } = response;
  const luds = feedback.luds_requirements;
  return {
    score: response.score,
    validPassword: response.valid_password,
    breachedPassword: response.breached_password,
    strengthPolicy: response.strength_policy === 'luds' || response.strength_policy === 'zxcvbn' ? response.strength_policy : null,
    warning: feedback.warning,
    suggestions: [...feedback.suggestions],
    ludsRequirements:
      response.strength_policy === 'luds' ? { missingCharacters: luds.missing_characters, missingComplexity: luds.missing_complexity } : null,
  };
}

/** The session and its token from an authenticate-type answer, or {@link INVALID}. */
function toSignIn(response: AuthenticateResponse, reader: SessionReader): PasswordSignIn | typeof INVALID {
  const session = reader.read(response.user, response.session);
  const sessionToken = (response as { session_token?: unknown }).session_token;
  if (session === null || typeof sessionToken !== 'string' || sessionToken === '') return INVALID;
  return { session, sessionToken };
}

const settle = <T>(result: Result<T | typeof INVALID>): Result<T> => {
  if (!result.ok) return result;
  return result.value === INVALID ? invalidResponse() : ok(result.value);
};

/** Create and authenticate send the same body. */
const credentialsOnTheWire = (credentials: PasswordCredentials) => ({
  email: credentials.email,
  password: credentials.password,
  session_duration_minutes: credentials.sessionDurationMinutes,
});

/**
 * Passwords on the Stytch SDK: the user search its password screens use, `passwords.strengthCheck`,
 * `create`, `authenticate`, `resetByEmailStart` and `resetByEmail`. The SDK stores the session the
 * sign-ins return (cookies, state); the port hands its token on for `/login/callback/web`.
 */
export function createStytchPasswordsAdapter(runtime: StytchRuntime): PasswordsPort {
  return {
    searchUser: async (email, options) =>
      settle(
        await runtime.call('/sdk/v1/users/search', options, async (stytch): Promise<UserType | typeof INVALID> => {
          const manager = searchManagerOf(stytch);
          if (manager === null) throw new Error('This @stytch/vanilla-js version does not expose its user search.');
          const { userType } = await manager.searchUser(email);
          return typeof userType === 'string' && USER_TYPES.has(userType) ? (userType as UserType) : INVALID;
        }),
      ),

    strengthCheck: (password, email, options) =>
      runtime.call('/sdk/v1/passwords/strength_check', options, async (stytch) =>
        toPasswordStrength(await stytch.passwords.strengthCheck(email === null ? { password } : { email, password })),
      ),

    create: async (credentials, options) =>
      settle(
        await runtime.call('/sdk/v1/passwords', options, async (stytch) =>
          toSignIn(
            await stytch.passwords.create(credentialsOnTheWire(credentials)),
            runtime.sessionReader,
          ),
        ),
      ),

    authenticate: async (credentials, options) =>
      settle(
        await runtime.call('/sdk/v1/passwords/authenticate', options, async (stytch) =>
          toSignIn(
            await stytch.passwords.authenticate(credentialsOnTheWire(credentials)),
            runtime.sessionReader,
          ),
        ),
      ),

    resetByEmailStart: async (request, options) => {
      const result = await runtime.call('/sdk/v1/passwords/email/reset/start', options, (stytch) =>
        stytch.passwords.resetByEmailStart({
          email: request.email,
          ...(request.loginRedirectUrl === undefined ? {} : { login_redirect_url: request.loginRedirectUrl }),
          ...(request.resetPasswordRedirectUrl === undefined ? {} : { reset_password_redirect_url: request.resetPasswordRedirectUrl }),
          ...(request.resetPasswordExpirationMinutes === undefined ? {} : { reset_password_expiration_minutes: request.resetPasswordExpirationMinutes }),
          ...(request.resetPasswordTemplateId === undefined ? {} : { reset_password_template_id: request.resetPasswordTemplateId }),
          ...(request.locale === undefined ? {} : { locale: request.locale }),
        }),
      );
      return result.ok ? ok(undefined) : fail(result.error);
    },

    resetByEmail: async (token, password, sessionDurationMinutes, options) =>
      settle(
        await runtime.call('/sdk/v1/passwords/email/reset', options, async (stytch) =>
          toSignIn(await stytch.passwords.resetByEmail({ token, password, session_duration_minutes: sessionDurationMinutes }), runtime.sessionReader),
        ),
      ),
  };
}
