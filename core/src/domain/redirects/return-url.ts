import { withReturnContext, type ReturnContext, type SafePath } from './safe-redirect';

// A module of its own: only requests built after the first screen (lazily loaded products) use it.

/**
 * An absolute return URL on `origin` for the provider (e.g. the magic link's
 * `/login/callback?...`), carrying the return context so the user lands where they were headed.
 */
export function buildReturnUrl(origin: string, path: SafePath, context: ReturnContext): string {
  return new URL(withReturnContext(path, context), origin).toString();
}
