import type { RbacPermission, RbacPolicy } from '@vestibule/core';

/**
 * The schema of the bootstrap's `rbac_policy` (SPEC §6): `{roles: [{role_id, permissions:
 * [{resource_id, actions}]}], resources, scopes: [{scope, description}]}`. The provider's answer is
 * untrusted, so, as the session schema does, this reads own properties only, copies what it keeps
 * and bounds every list and string. It keeps what the product uses (roles and their permissions;
 * scopes and their descriptions) and ignores the rest (`resources`, descriptions of roles).
 *
 * Anything malformed makes the whole policy `null`, which grants nothing: half a policy could
 * answer differently from the provider's own checks. It never throws. Hand-written for the session
 * schema's reasons (no schema library is a dependency, and this is a handful of fields); it loads
 * as a chunk of its own when a page first asks for the policy (`ProjectSettingsPort.rbacPolicy`).
 */

// Generous bounds: Stytch ids are short names; a policy has tens of roles, not thousands.
const MAX_ROLES = 1_000;
const MAX_PERMISSIONS = 500;
const MAX_ACTIONS = 100;
const MAX_SCOPES = 200;
const MAX_ID = 200;
const MAX_DESCRIPTION = 2_000;

/** `key` of `value` when `value` is an object that has it as its own (a `__proto__` key in JSON is an own key; an inherited field is not data the provider sent). */
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Readonly<Record<string, unknown>>)[key] : undefined;

/** `value` when it is a string of `min` to `max` characters. */
const text = (value: unknown, max = MAX_ID, min = 1): string | null => (typeof value === 'string' && value.length >= min && value.length <= max ? value : null);

/** A list of at most `max` entries, each read by `parse`; `null` when any is malformed. */
function listOf<T>(value: unknown, max: number, parse: (entry: unknown) => T | null): T[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const parsed: T[] = [];
  for (const entry of value as readonly unknown[]) {
    const item = parse(entry);
    if (item === null) return null;
    parsed.push(item);
  }
  return parsed;
}

function parsePermission(value: unknown): RbacPermission | null {
  const resourceId = text(field(value, 'resource_id'));
  const actions = listOf(field(value, 'actions'), MAX_ACTIONS, (action) => text(action));
  return resourceId !== null && actions !== null ? { resourceId, actions } : null;
}

function parseRole(value: unknown): RbacPolicy['roles'][number] | null {
  const roleId = text(field(value, 'role_id'));
  const permissions = listOf(field(value, 'permissions'), MAX_PERMISSIONS, parsePermission);
  return roleId !== null && permissions !== null ? { roleId, permissions } : null;
}

function parseScope(value: unknown): RbacPolicy['scopes'][number] | null {
  const scope = text(field(value, 'scope'));
  // A scope may have no description yet (the consent screen then shows its own, or the name).
  const description = text(field(value, 'description'), MAX_DESCRIPTION, 0);
  return scope !== null && description !== null ? { scope, description } : null;
}

/**
 * The bootstrap data's `rbac_policy` as the product's {@link RbacPolicy}, or `null` when it is
 * absent or malformed (then no permission is assumed). `scopes` absent or `null` is an empty list;
 * `roles` must be a list.
 */
export function parseStytchRbacPolicy(bootstrapData: unknown): RbacPolicy | null {
  const policy = field(bootstrapData, 'rbac_policy');
  const roles = listOf(field(policy, 'roles'), MAX_ROLES, parseRole);
  const scopeList = field(policy, 'scopes') ?? [];
  const scopes = listOf(scopeList, MAX_SCOPES, parseScope);
  return roles !== null && scopes !== null ? { roles, scopes } : null;
}
