import { describe, expect, it } from 'vitest';
import { createStytchProjectSettingsAdapter } from './stytch-project-settings.adapter';
import { parseStytchRbacPolicy } from './stytch-rbac-policy.schema';

/** The bootstrap's `rbac_policy` as Stytch sends it (research: stytch-sdk.md §4.1). */
const POLICY = {
  roles: [
    { role_id: 'stytch_user', description: 'Every user', permissions: [{ resource_id: 'profile', actions: ['read', 'update'] }] },
    { role_id: 'admin', description: 'Admins', permissions: [{ resource_id: 'documents', actions: ['*'] }] },
  ],
  resources: [
    { resource_id: 'documents', description: 'Documents', actions: ['read', 'write', 'delete'] },
    { resource_id: 'profile', description: 'Your profile', actions: ['read', 'update'] },
  ],
  scopes: [{ scope: 'read:documents', description: 'Read your documents', permissions: [{ resource_id: 'documents', actions: ['read'] }] }],
};

const PARSED = {
  roles: [
    { roleId: 'stytch_user', permissions: [{ resourceId: 'profile', actions: ['read', 'update'] }] },
    { roleId: 'admin', permissions: [{ resourceId: 'documents', actions: ['*'] }] },
  ],
  scopes: [{ scope: 'read:documents', description: 'Read your documents' }],
};

/** The schema reads the policy from the bootstrap data, as the adapter hands it over. */
const parse = (policy: unknown) => parseStytchRbacPolicy({ rbac_policy: policy });
const role = (permissions: unknown, roleId: unknown = 'editor') => ({ role_id: roleId, permissions });
const withRoles = (...roles: unknown[]) => ({ ...POLICY, roles });

describe('Stytch RBAC policy schema (the bootstrap rbac_policy)', () => {
  it('reads roles, permissions and scope descriptions, leaving resources and role descriptions out', () => {
    expect(parse(POLICY)).toEqual(PARSED);
    expect(parse({ roles: [], resources: [], scopes: [] })).toEqual({ roles: [], scopes: [] });
  });

  it('copies what it keeps: the result shares no list with the provider data', () => {
    const parsed = parse(POLICY);
    expect(parsed?.roles).not.toBe(POLICY.roles);
    expect(parsed?.roles[1]?.permissions[0]?.actions).not.toBe(POLICY.roles[1]?.permissions[0]?.actions);
  });

  it('reads absent or null scopes as none, and an empty scope description as empty', () => {
    expect(parse({ roles: POLICY.roles })).toEqual({ ...PARSED, scopes: [] });
    expect(parse({ roles: POLICY.roles, scopes: null })).toEqual({ ...PARSED, scopes: [] });
    expect(parse({ ...POLICY, scopes: [{ scope: 'openid', description: '' }] })?.scopes).toEqual([{ scope: 'openid', description: '' }]);
  });

  it.each<[string, unknown]>([
    ['absent', undefined],
    ['null', null],
    ['a string', 'admin'],
    ['a list', [POLICY]],
    ['without roles', { resources: [], scopes: [] }],
    ['roles not a list', { ...POLICY, roles: { admin: {} } }],
    ['a role that is not an object', withRoles('admin')],
    ['a role without role_id', withRoles({ permissions: [] })],
    ['an empty role_id', withRoles(role([], ''))],
    ['a numeric role_id', withRoles(role([], 7))],
    ['a role_id of 201 characters', withRoles(role([], 'r'.repeat(201)))],
    ['a role without permissions', withRoles({ role_id: 'editor' })],
    ['permissions not a list', withRoles(role({ resource_id: 'documents', actions: ['read'] }))],
    ['a permission without resource_id', withRoles(role([{ actions: ['read'] }]))],
    ['a permission without actions', withRoles(role([{ resource_id: 'documents' }]))],
    ['actions as one string', withRoles(role([{ resource_id: 'documents', actions: '*' }]))],
    ['a numeric action', withRoles(role([{ resource_id: 'documents', actions: ['read', 1] }]))],
    ['a null action', withRoles(role([{ resource_id: 'documents', actions: [null] }]))],
    ['an object action', withRoles(role([{ resource_id: 'documents', actions: [{ toString: '*' }] }]))],
    ['an empty action', withRoles(role([{ resource_id: 'documents', actions: [''] }]))],
    ['101 actions', withRoles(role([{ resource_id: 'documents', actions: Array.from({ length: 101 }, (_, index) => `action-${index}`) }]))],
    ['501 permissions', withRoles(role(Array.from({ length: 501 }, () => ({ resource_id: 'documents', actions: ['read'] }))))],
    ['10,000 roles', withRoles(...Array.from({ length: 10_000 }, (_, index) => role([{ resource_id: 'documents', actions: ['*'] }], `role-${index}`)))],
    ['scopes not a list', { ...POLICY, scopes: 'openid' }],
    ['a scope without its name', { ...POLICY, scopes: [{ description: 'Read' }] }],
    ['a scope without a description', { ...POLICY, scopes: [{ scope: 'openid' }] }],
    ['a scope description of 2,001 characters', { ...POLICY, scopes: [{ scope: 'openid', description: 'x'.repeat(2001) }] }],
    ['201 scopes', { ...POLICY, scopes: Array.from({ length: 201 }, (_, index) => ({ scope: `scope-${index}`, description: '' })) }],
  ])('is null (no permissions) when the policy is %s', (_case, value) => {
    expect(parse(value)).toBeNull();
  });

  it('reads own properties only: inherited or __proto__-keyed fields are not the provider data', () => {
    // JSON.parse makes "__proto__" an own key holding data; it must not stand in for the policy's fields.
    expect(parse(JSON.parse('{"__proto__": {"roles": [], "scopes": []}}'))).toBeNull();
    const hostile = JSON.parse('{"roles": [{"role_id": "__proto__", "permissions": [{"resource_id": "__proto__", "actions": ["*"]}], "__proto__": {"role_id": "x"}}], "scopes": []}');
    expect(parse(hostile)).toEqual({ roles: [{ roleId: '__proto__', permissions: [{ resourceId: '__proto__', actions: ['*'] }] }], scopes: [] });
    const inherited = Object.create({ role_id: 'admin', permissions: [] }) as object;
    expect(parse({ roles: [inherited], scopes: [] })).toBeNull();
    expect(parseStytchRbacPolicy(Object.create({ rbac_policy: { roles: [], scopes: [] } }))).toBeNull();
    expect(parseStytchRbacPolicy(JSON.parse('{"__proto__": {"rbac_policy": {"roles": [], "scopes": []}}}'))).toBeNull();
    expect(({} as Record<string, unknown>)['role_id']).toBeUndefined(); // nothing leaked onto Object.prototype
  });

  it('accepts the bounds themselves (1,000 roles)', () => {
    const roles = Array.from({ length: 1000 }, (_, index) => role([{ resource_id: 'documents', actions: ['read'] }], `role-${index}`));
    expect(parse(withRoles(...roles))?.roles).toHaveLength(1000);
  });
});

describe('the Stytch project settings adapter: rbacPolicy', () => {
  const adapterFor = (data: unknown) =>
    createStytchProjectSettingsAdapter({ apiBaseUrl: 'https://api.example', publicToken: 'public-token-test' }, { fetch: () => Promise.resolve(Response.json({ data })) });

  it('reads the bootstrap rbac_policy, apart from the settings every page reads', async () => {
    const adapter = adapterFor({ email_domains: [], rbac_policy: POLICY });
    expect(await adapter.rbacPolicy?.()).toEqual({ ok: true, value: PARSED });
    expect(await adapter.get()).toEqual({ ok: true, value: { emailDomains: [], passwordConfig: null } });
  });

  it('answers null for a policy that is malformed or absent, the other settings kept', async () => {
    const malformed = adapterFor({ email_domains: ['mail.example'], rbac_policy: withRoles(role([{ resource_id: 'documents', actions: [1] }])) });
    expect(await malformed.rbacPolicy?.()).toEqual({ ok: true, value: null });
    expect(await malformed.get()).toEqual({ ok: true, value: { emailDomains: ['mail.example'], passwordConfig: null } });
    expect(await adapterFor({ email_domains: [] }).rbacPolicy?.()).toEqual({ ok: true, value: null });
    expect(await adapterFor(JSON.parse('{"email_domains": [], "__proto__": {"rbac_policy": {"roles": [], "scopes": []}}}')).rbacPolicy?.()).toEqual({ ok: true, value: null });
  });
});
