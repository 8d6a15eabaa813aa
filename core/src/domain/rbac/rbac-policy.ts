import type { RbacPolicy } from '../../ports/project-settings.port';

/**
 * The role every user of a Stytch consumer project holds without it being assigned: Stytch's
 * docs ("Create an RBAC policy", https://stytch.com/docs/consumer-auth/authorization/create-rbac-policy)
 * say `stytch_user` is "automatically assigned to all Users". The provider usually lists it in
 * `user.roles` too; granting it here as well keeps the answer right when it does not.
 */
const IMPLICIT_ROLE = 'stytch_user';

/** A permission's action that grants every action on its resource (Stytch's wildcard). */
const EVERY_ACTION = '*';

/**
 * May a signed-in user holding `roles` do `action` on `resourceId` under `policy` (SPEC §6)?
 *
 * Stytch's semantics, as its SDK's `rbac.isAuthorized` evaluates them:
 * - the user's permissions are the union of their roles' permissions, plus those of the implicit
 *   `stytch_user` role;
 * - a permission grants the actions it lists on its one resource; `*` among them grants every
 *   action on that resource (there is no wildcard resource, and asking for action `*` is granted
 *   only by the wildcard itself);
 * - ids and actions are compared exactly (case-sensitive);
 * - a role the policy does not define, or a resource it does not mention, grants nothing;
 * - no policy (`null`: the provider sent none, or it could not be fetched or read) grants nothing,
 *   and neither does an empty resource or action.
 *
 * Pure: `roles` are the signed-in user's role ids; a signed-out visitor is never asked about here
 * (the permissions query answers `false` for them before it gets this far).
 */
export function isAuthorized(policy: RbacPolicy | null, roles: readonly string[], resourceId: string, action: string): boolean {
  if (policy === null || resourceId === '' || action === '') return false;
  return policy.roles.some(
    (role) =>
      (role.roleId === IMPLICIT_ROLE || roles.includes(role.roleId)) &&
      role.permissions.some((permission) => permission.resourceId === resourceId && (permission.actions.includes(action) || permission.actions.includes(EVERY_ACTION))),
  );
}
