import type { NavigationPort, ProviderUrl, SafePath } from '@vestibule/core';

/** One recorded navigation. */
export interface Navigation {
  readonly kind: 'navigate' | 'replace';
  readonly path: SafePath;
}

/** Records navigations instead of performing them. */
export class RecordingNavigation implements NavigationPort {
  readonly navigations: Navigation[] = [];
  /** Every provider URL the page left for (`leave`), in order. */
  readonly departures: ProviderUrl[] = [];

  /** Every path navigated to, by either method, in order. */
  get paths(): SafePath[] {
    return this.navigations.map((navigation) => navigation.path);
  }

  navigate(path: SafePath): void {
    this.navigations.push({ kind: 'navigate', path });
  }

  replace(path: SafePath): void {
    this.navigations.push({ kind: 'replace', path });
  }

  leave(url: ProviderUrl): void {
    this.departures.push(url);
  }
}
