// Apart from environment.ts: the login page needs only this, and the rest loads with the composition root.

/** SPEC §1: whether a page on `origin` is on the production host (`VITE_PRODUCTION_HOST`), where Google One Tap is offered. */
export function isProductionHost(origin: string, productionHost: string | null | undefined): boolean {
  return !!productionHost && new URL(origin).hostname === productionHost.trim().toLowerCase();
}

