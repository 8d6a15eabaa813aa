import type { NavigationPort } from '@vestibule/core';

/**
 * Navigates with full page loads, so each page starts from the server's fresh HTML
 * (docs/decisions.md, "Every route is a full page load"). `leave` goes to a provider's URL the
 * same way: the core's brand says it was checked (https, or http on loopback).
 */
export function createBrowserNavigation(
  target: Pick<Location, 'assign' | 'replace'> = window.location,
  stop: () => void = () => window.stop(),
): NavigationPort {
  return {
    navigate: (path) => target.assign(path),
    replace: (path) => target.replace(path),
    leave: (url) => target.assign(url),
    stop,
  };
}
