import type { NavigationPort } from '@vestibule/core';

/** Records navigations instead of performing them. */
export class RecordingNavigation implements NavigationPort {
  readonly paths: string[] = [];
  navigate(path: string): void {
    this.paths.push(path);
  }
}
