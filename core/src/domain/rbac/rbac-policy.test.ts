import { describe, expect, it } from 'vitest';
import type { RbacPolicy } from '../../ports/project-settings.port';
import { isAuthorized } from './rbac-policy';

const policy: RbacPolicy = {
  roles: [
    { roleId: 'stytch_user', permissions: [{ resourceId: 'profile', actions: ['read', 'update'] }] },
    { roleId: 'reader', permissions: [{ resourceId: 'documents', actions: ['read'] }] },
    {
      roleId: 'editor',
      permissions: [
        { resourceId: 'documents', actions: ['read', 'write'] },
        { resourceId: 'images', actions: ['upload'] },
      ],
    },
    { roleId: 'admin', permissions: [{ resourceId: 'documents', actions: ['*'] }] },
    { roleId: 'billing', permissions: [{ resourceId: 'invoices', actions: ['export'] }] },
    { roleId: 'empty', permissions: [] },
  ],
  scopes: [],
};

const noImplicitRole: RbacPolicy = { roles: policy.roles.filter((role) => role.roleId !== 'stytch_user'), scopes: [] };

describe('the role policy evaluation (SPEC §6)', () => {
  it.each<[string, RbacPolicy | null, readonly string[], string, string, boolean]>([
    // A role's listed actions.
    ['a listed action', policy, ['reader'], 'documents', 'read', true],
    ['an action the role does not list', policy, ['reader'], 'documents', 'write', false],
    ['the second permission of a role', policy, ['editor'], 'images', 'upload', true],
    ['a listed action on another resource of the same role', policy, ['editor'], 'images', 'read', false],
    // The wildcard.
    ['the wildcard grants any action on its resource', policy, ['admin'], 'documents', 'delete', true],
    ['the wildcard grants an action nobody listed', policy, ['admin'], 'documents', 'archive-forever', true],
    ['the wildcard stays on its resource', policy, ['admin'], 'images', 'upload', false],
    ['asking for "*" is granted by the wildcard', policy, ['admin'], 'documents', '*', true],
    ['asking for "*" is not granted by listed actions', policy, ['editor'], 'documents', '*', false],
    ['"*" as a resource is no wildcard', policy, ['admin'], '*', 'read', false],
    // Unknown roles and resources.
    ['a role the policy does not define', policy, ['superuser'], 'documents', 'read', false],
    ['a resource the policy does not mention', policy, ['admin', 'editor'], 'spaceships', 'read', false],
    ['a role with no permissions', policy, ['empty'], 'documents', 'read', false],
    ['no roles at all (beyond the implicit one)', policy, [], 'documents', 'read', false],
    // Empty and missing policies.
    ['an empty policy', { roles: [], scopes: [] }, ['admin'], 'documents', 'read', false],
    ['no policy', null, ['admin'], 'documents', 'read', false],
    ['no policy, not even for the implicit role', null, [], 'profile', 'read', false],
    // The implicit stytch_user role.
    ['stytch_user is held without being listed', policy, [], 'profile', 'update', true],
    ['stytch_user listed as well', policy, ['stytch_user'], 'profile', 'read', true],
    ['stytch_user grants only its own permissions', policy, [], 'profile', 'delete', false],
    ['a policy that does not define stytch_user', noImplicitRole, ['stytch_user'], 'profile', 'read', false],
    // Exact comparison.
    ['the action is case-sensitive', policy, ['reader'], 'documents', 'Read', false],
    ['the resource is case-sensitive', policy, ['reader'], 'Documents', 'read', false],
    ['the role id is case-sensitive', policy, ['Admin'], 'documents', 'read', false],
    ['no prefix match', policy, ['reader'], 'doc', 'read', false],
    ['an empty action, even under the wildcard', policy, ['admin'], 'documents', '', false],
    ['an empty resource', policy, ['admin'], '', 'read', false],
    // Many roles: the union of their permissions.
    ['many roles, one of them grants', policy, ['ghost', 'reader', 'billing', 'empty'], 'invoices', 'export', true],
    ['many roles, none grants', policy, ['ghost', 'reader', 'billing', 'empty'], 'documents', 'write', false],
    ['permissions of two roles combine', policy, ['reader', 'editor'], 'documents', 'write', true],
    ['a role listed twice', policy, ['reader', 'reader'], 'documents', 'read', true],
  ])('%s', (_case, evaluated, roles, resourceId, action, expected) => {
    expect(isAuthorized(evaluated, roles, resourceId, action)).toBe(expected);
  });

  it('answers for a large policy and a user with many roles', () => {
    const large: RbacPolicy = {
      roles: Array.from({ length: 1000 }, (_, index) => ({ roleId: `role-${index}`, permissions: [{ resourceId: `resource-${index}`, actions: ['read'] }] })),
      scopes: [],
    };
    const roles = Array.from({ length: 100 }, (_, index) => `role-${index * 10}`);
    expect(isAuthorized(large, roles, 'resource-990', 'read')).toBe(true);
    expect(isAuthorized(large, roles, 'resource-991', 'read')).toBe(false);
  });

  it('reads role ids as data: "__proto__" and "constructor" are ordinary ids', () => {
    const odd: RbacPolicy = { roles: [{ roleId: '__proto__', permissions: [{ resourceId: 'documents', actions: ['read'] }] }], scopes: [] };
    expect(isAuthorized(odd, ['__proto__'], 'documents', 'read')).toBe(true);
    expect(isAuthorized(odd, ['constructor', 'toString'], 'documents', 'read')).toBe(false);
    expect(isAuthorized(policy, ['constructor', 'hasOwnProperty'], 'documents', 'read')).toBe(false);
  });
});
