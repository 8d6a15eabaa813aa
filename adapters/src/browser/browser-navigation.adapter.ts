import type { NavigationPort } from '@vestibule/core';

/** Navigates with a full page load, so each page starts from the server's fresh HTML. */
export function createBrowserNavigation(target: Pick<Location, 'assign'> = window.location): NavigationPort {
  return { navigate: (path) => target.assign(path) };
}
