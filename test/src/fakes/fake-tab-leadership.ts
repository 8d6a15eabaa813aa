import type { TabLeadershipPort } from '@vestibule/core';

/** The one tab of a test: it leads the session refresh as soon as it asks (on a later microtask, as Web Locks grant). */
export class FakeTabLeadership implements TabLeadershipPort {
  /** Whether this tab holds the role now. */
  leading = false;

  request(onLeading: () => void): () => void {
    let active = true;
    void Promise.resolve().then(() => {
      if (!active) return;
      this.leading = true;
      onLeading();
    });
    return () => {
      active = false;
      this.leading = false;
    };
  }
}
