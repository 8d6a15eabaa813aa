// Sliding-window rate limits, as Stytch applies them per e-mail address: over the limit, a
// request gets 429 too_many_requests with Retry-After (seconds until a slot frees up).

import type { RateLimit } from './project';
import type { SandboxState } from './state';
import { SandboxError } from './wire';

/** Counts one request under `key`, or throws 429 when `limit` is used up. A refused request is not counted. */
export function takeRateLimit(state: SandboxState, key: string, limit: RateLimit, now: number): void {
  const windowMs = limit.window_seconds * 1000;
  const recent = (state.rateLimits.get(key) ?? []).filter((at) => at > now - windowMs);
  if (recent.length >= limit.max) {
    const oldest = recent[0] ?? now;
    const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    state.rateLimits.set(key, recent);
    throw new SandboxError(
      429,
      'too_many_requests',
      `Too many requests have been made. Try again in ${retryAfter} seconds.`,
      { 'Retry-After': String(retryAfter) },
    );
  }
  recent.push(now);
  state.rateLimits.set(key, recent);
}
