import type { PageLifecyclePort } from '@vestibule/core';

/** The page's lifecycle under a test's control: `hide()` is the visitor switching tab or leaving. */
export class FakePageLifecycle implements PageLifecyclePort {
  private readonly listeners = new Set<() => void>();

  onHidden(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The page is hidden or being left. */
  hide(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
