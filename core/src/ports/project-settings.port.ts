import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';

/** What a role may do to one resource (SPEC §6): `*` in `actions` is every action. */
export interface RbacPermission {
  readonly resourceId: string;
  readonly actions: readonly string[];
}

/**
 * The project's role-based access policy (SPEC §6, the bootstrap's `rbac_policy`): roles and their
 * permissions, and the OAuth scopes the project describes (the consent screen's descriptions).
 */
export interface RbacPolicy {
  readonly roles: readonly { readonly roleId: string; readonly permissions: readonly RbacPermission[] }[];
  readonly scopes: readonly { readonly scope: string; readonly description: string }[];
}

/** Public project settings the provider holds (its bootstrap data, SPEC §3). */
export interface ProjectSettings {
  /** Domains the provider sends e-mail from; the first narrows webmail searches. */
  readonly emailDomains: readonly string[];
  readonly passwordConfig: { readonly ludsComplexity: number; readonly ludsMinimumCount: number } | null;
}

/** Reads the project's public settings. */
export interface ProjectSettingsPort {
  get(options?: CallOptions): Promise<Result<ProjectSettings>>;
  /**
   * The role policy (SPEC §6), or `null` when the provider sent none or sent it malformed: then
   * no permission is assumed. Apart from `get` because only the pages that ask about roles or
   * scopes need it (its reading loads when first asked). A port without it has no policy.
   */
  rbacPolicy?(options?: CallOptions): Promise<Result<RbacPolicy | null>>;
}
