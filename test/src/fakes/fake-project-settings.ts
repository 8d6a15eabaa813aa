import { ok, type CallOptions, type ProjectSettings, type ProjectSettingsPort, type RbacPolicy, type Result } from '@vestibule/core';
import { CallScript } from './call-script';

/** The sandbox's sender domain, so fakes and sandbox agree in contract tests. */
export const FAKE_EMAIL_DOMAIN = 'mail.vestibule.test';

/** Project settings as an in-memory provider holds them; change `settings` freely. */
export class FakeProjectSettings implements ProjectSettingsPort {
  /** Scripts: `fake.gets.failNext(error)`, `fake.gets.holdNext()`. */
  readonly gets = new CallScript<ProjectSettings>();
  getCount = 0;
  settings: ProjectSettings = { emailDomains: [FAKE_EMAIL_DOMAIN], passwordConfig: null };
  /** Scripts the policy's reading: `fake.policies.failNext(error)`. */
  readonly policies = new CallScript<RbacPolicy | null>();
  /** A test of permissions sets roles, their permissions and `*`, or `null` for none. */
  policy: RbacPolicy | null = { roles: [], scopes: [] };

  get(options?: CallOptions): Promise<Result<ProjectSettings>> {
    this.getCount++;
    return this.gets.run(options, () => ok(this.settings));
  }

  rbacPolicy(options?: CallOptions): Promise<Result<RbacPolicy | null>> {
    return this.policies.run(options, () => ok(this.policy));
  }
}
