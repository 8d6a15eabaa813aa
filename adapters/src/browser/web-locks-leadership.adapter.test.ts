import { describe, expect, it } from 'vitest';
import { createWebLocksLeadership, type LockRequester } from './web-locks-leadership.adapter';

// The browser's Web Locks behaviour for one exclusive lock, as the tabs of a site share it: the
// first request is granted, the others queue, a waiting request can be withdrawn with its signal,
// and a holder keeps the lock until its callback's promise settles.
function lockManager(): LockRequester & { readonly holders: () => number } {
  const queue: Array<{ grant: () => void }> = [];
  let held = false;
  const next = () => {
    if (held) return;
    const waiting = queue.shift();
    if (waiting !== undefined) waiting.grant();
  };
  return {
    holders: () => (held ? 1 : 0),
    request: (_name, { signal }, callback) =>
      new Promise((resolve, reject) => {
        const entry = {
          grant: () => {
            held = true;
            void callback().finally(() => {
              held = false;
              resolve(undefined);
              next();
            });
          },
        };
        signal.addEventListener('abort', () => {
          const index = queue.indexOf(entry);
          if (index >= 0) {
            queue.splice(index, 1);
            reject(new DOMException('withdrawn', 'AbortError'));
          }
        });
        queue.push(entry);
        queueMicrotask(next);
      }),
  };
}

const settle = async () => {
  for (let round = 0; round < 10; round++) await Promise.resolve();
};

describe('tab leadership on Web Locks', () => {
  it('lets the first tab lead and the next one take over when it closes', async () => {
    const locks = lockManager();
    const led: string[] = [];
    const closeFirst = createWebLocksLeadership(locks).request(() => led.push('first'));
    createWebLocksLeadership(locks).request(() => led.push('second'));
    await settle();
    expect(led).toEqual(['first']);
    closeFirst();
    await settle();
    expect(led).toEqual(['first', 'second']);
  });

  it('never calls back a tab that withdrew while waiting', async () => {
    const locks = lockManager();
    const led: string[] = [];
    const closeFirst = createWebLocksLeadership(locks).request(() => led.push('first'));
    const withdrawSecond = createWebLocksLeadership(locks).request(() => led.push('second'));
    createWebLocksLeadership(locks).request(() => led.push('third'));
    await settle();
    withdrawSecond();
    closeFirst();
    await settle();
    expect(led).toEqual(['first', 'third']);
  });

  it('never calls back synchronously', () => {
    const led: string[] = [];
    createWebLocksLeadership(lockManager()).request(() => led.push('first'));
    createWebLocksLeadership(null).request(() => led.push('alone'));
    expect(led).toEqual([]);
  });

  it('leads alone where the browser has no Web Locks, unless given up first', async () => {
    const led: string[] = [];
    createWebLocksLeadership(null).request(() => led.push('alone'));
    createWebLocksLeadership(null).request(() => led.push('never'))();
    await settle();
    expect(led).toEqual(['alone']);
  });
});
