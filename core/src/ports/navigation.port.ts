/** Moves the browser (or another front end's router) to a path the core has already validated. */
export interface NavigationPort {
  /** A rooted same-origin path, e.g. `/orders?id=7`. */
  navigate(path: string): void;
}
