import type { PasswordSignIn, PasswordStrength } from '../ports/passwords.port';

// For core's own tests of the password screens (the widget's and the reset page): the provider's
// answers, written once.

/** A password sign-in for ada@example.com; `n` tells its session token apart (`session-token-<n>`). */
export function passwordSignIn(n: number): PasswordSignIn {
  return {
    sessionToken: `session-token-${n}`,
    session: { user: { userId: `user-${n}`, email: 'ada@example.com', roles: [], untrustedMetadata: {} }, session: { sessionId: `s-${n}`, expiresAt: '2030-01-01T00:00:00Z' } },
  };
}

/** The provider's zxcvbn verdict in these tests: 12 characters or more is strong and valid, anything shorter weak. */
export function lengthVerdict(password: string): PasswordStrength {
  return {
    score: password.length >= 12 ? 4 : 1,
    validPassword: password.length >= 12,
    breachedPassword: false,
    strengthPolicy: 'zxcvbn',
    warning: '',
    suggestions: [],
    ludsRequirements: null,
  };
}
