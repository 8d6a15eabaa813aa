/**
 * Runs `run` once the browser is idle, at the latest after 2 s (where it cannot tell, 200 ms
 * later); returns its cancel. For work a page wants soon but never before what it is painting
 * or hydrating: the provider code, what a first action will need.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
