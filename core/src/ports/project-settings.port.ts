import type { Result } from '../domain/errors/auth-error';
import type { CallOptions } from './call-options';

/** Public project settings the provider holds (its bootstrap data, SPEC §3). */
export interface ProjectSettings {
  /** Domains the provider sends e-mail from; the first narrows webmail searches. */
  readonly emailDomains: readonly string[];
  readonly passwordConfig: { readonly ludsComplexity: number; readonly ludsMinimumCount: number } | null;
}

/** Reads the project's public settings. */
export interface ProjectSettingsPort {
  get(options?: CallOptions): Promise<Result<ProjectSettings>>;
}
