/**
 * One role shared by the visitor's open tabs of this site: the tab that holds it runs the
 * background session refresh for all of them (one refresher for N tabs). The browser's is built
 * on Web Locks: the role passes to a waiting tab when its holder's tab closes.
 */
export interface TabLeadershipPort {
  /**
   * Asks for the role. `onLeading` is called once, when this tab holds it: at once when no other
   * tab does, later when the holder's tab closes or gives it up. Never calls back synchronously.
   * Returns a function that gives the role up (or withdraws the request).
   */
  request(onLeading: () => void): () => void;
}
