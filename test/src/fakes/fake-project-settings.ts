import { ok, type CallOptions, type ProjectSettings, type ProjectSettingsPort, type Result } from '@vestibule/core';
import { CallScript } from './call-script';

/** The sandbox's sender domain, so fakes and sandbox agree in contract tests. */
export const FAKE_EMAIL_DOMAIN = 'mail.vestibule.test';

/** Project settings as an in-memory provider holds them; change `settings` freely. */
export class FakeProjectSettings implements ProjectSettingsPort {
  /** Scripts: `fake.gets.failNext(error)`, `fake.gets.holdNext()`. */
  readonly gets = new CallScript<ProjectSettings>();
  getCount = 0;
  /**
   * The sandbox's bootstrap, so fake and sandbox agree: its empty role policy grants nothing. A
   * test of permissions sets `rbacPolicy` (roles, their permissions, `*`), or `null` for none.
   */
  settings: ProjectSettings = { emailDomains: [FAKE_EMAIL_DOMAIN], passwordConfig: null, rbacPolicy: { roles: [], scopes: [] } };

  get(options?: CallOptions): Promise<Result<ProjectSettings>> {
    this.getCount++;
    return this.gets.run(options, () => ok(this.settings));
  }
}
