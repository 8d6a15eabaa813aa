import type { MessageRef } from '../i18n/message-ref';
import type { ScopeResult } from '../../ports/identity-provider.port';

/** SPEC §5: the scopes the consent screen knows; any other is custom. */
const KNOWN_SCOPES = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'] as const;
type KnownScope = (typeof KNOWN_SCOPES)[number];
const isKnown = (scope: string): scope is KnownScope => (KNOWN_SCOPES as readonly string[]).includes(scope);

/** Longest client-supplied text kept (a name, a description); longer is cut, never shown whole. */
const MAX_TEXT = 300;
const bounded = (text: string): string => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** One scope as the consent screen lists it: its name, and what it allows in words. */
export interface ConsentScope {
  readonly scope: string;
  readonly description: MessageRef;
}

/** What the consent screen shows of the requested scopes (SPEC §6). */
export interface ConsentScopes {
  /** What the visitor may grant: the list under 'Allow {clientName} to:'. */
  readonly grantable: readonly ConsentScope[];
  /** What they may not: listed under 'You cannot grant {clientName}'s request to:'. */
  readonly ungrantable: readonly ConsentScope[];
  /** A scope outside the known ones was asked for: the title says '… wants to access your account'. */
  readonly custom: boolean;
}

/**
 * The requested scopes as the consent screen shows them. A scope's words: the project's own
 * description of it (its policy's scope list, SPEC §3), else the provider's, else — for a known
 * scope — the catalogue's, else the scope's name. All but the catalogue's are the project's or
 * client's text, shown as text only.
 */
export function consentScopes(results: readonly ScopeResult[], projectScopes: readonly { readonly scope: string; readonly description: string }[]): ConsentScopes {
  const describe = (result: ScopeResult): ConsentScope => {
    const project = projectScopes.find((entry) => entry.scope === result.scope)?.description;
    const text = project !== undefined && project.trim() !== '' ? project : result.description !== null && result.description.trim() !== '' ? result.description : null;
    if (text !== null) return { scope: result.scope, description: { text: bounded(text) } };
    return { scope: result.scope, description: isKnown(result.scope) ? { key: `idp.scope.${result.scope}` } : { text: bounded(result.scope) } };
  };
  return {
    grantable: results.filter((result) => result.isGrantable).map(describe),
    ungrantable: results.filter((result) => !result.isGrantable).map(describe),
    custom: results.some((result) => !isKnown(result.scope)),
  };
}

/**
 * SPEC §6: the client's name as the provider registered it; unknown, the host of the redirect
 * the request named; else 'The App'.
 */
export function clientNameOf(registered: string | null, redirectUri: string): MessageRef {
  if (registered !== null && registered.trim() !== '') return { text: bounded(registered) };
  try {
    const host = new URL(redirectUri).host;
    if (host !== '') return { text: host };
  } catch {
    // Not a URL: the default name.
  }
  return { key: 'idp.defaultClientName' };
}
