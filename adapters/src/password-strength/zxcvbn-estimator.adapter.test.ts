import type { LocalStrengthEstimate } from '@vestibule/core';
import zxcvbn from 'zxcvbn';
import { describe, expect, it, vi } from 'vitest';
import type { ZxcvbnFunction } from './score-password';
import { EstimateSupersededError, EstimatorUnavailableError, createZxcvbnEstimator, type EstimateRequest, type StrengthWorker } from './zxcvbn-estimator.adapter';

/** A worker that records what it is sent and answers when the test says so. */
class FakeWorker extends EventTarget implements StrengthWorker {
  readonly sent: EstimateRequest[] = [];
  terminated = false;
  postMessage(message: EstimateRequest): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(request: EstimateRequest | undefined, estimate: LocalStrengthEstimate = estimateFor(request?.password ?? '')): void {
    if (!request) throw new Error('nothing was sent');
    this.dispatchEvent(new MessageEvent('message', { data: { id: request.id, estimate } }));
  }
  answerError(request: EstimateRequest | undefined, error: string): void {
    if (!request) throw new Error('nothing was sent');
    this.dispatchEvent(new MessageEvent('message', { data: { id: request.id, error } }));
  }
  /** What a module worker does when its script cannot be fetched or is blocked by the CSP. */
  failToLoad(): void {
    this.dispatchEvent(new Event('error'));
  }
}

const estimateFor = (password: string): LocalStrengthEstimate => ({ score: (Math.min(4, password.length) as LocalStrengthEstimate['score']), warning: '', suggestions: [] });

function withFakeWorkers() {
  const workers: FakeWorker[] = [];
  const createWorker = vi.fn(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  });
  const estimator = createZxcvbnEstimator({ createWorker });
  return { estimator, createWorker, workers, last: () => workers.at(-1) as FakeWorker };
}

/** Records the order in which promises settle. */
function settlements() {
  const log: string[] = [];
  const track = (name: string, promise: Promise<LocalStrengthEstimate>) =>
    promise.then(
      (estimate) => void log.push(`${name} resolved ${estimate.score}`),
      (error: unknown) => void log.push(`${name} rejected ${(error as Error).name}`),
    );
  return { log, track };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createZxcvbnEstimator with a worker', () => {
  it('starts nothing until preload() or the first estimate()', () => {
    const { estimator, createWorker } = withFakeWorkers();
    expect(createWorker).not.toHaveBeenCalled();
    estimator.preload();
    estimator.preload();
    expect(createWorker).toHaveBeenCalledTimes(1);
  });

  it('starts the worker on the first estimate when nothing preloaded it', async () => {
    const { estimator, createWorker, last } = withFakeWorkers();
    const pending = estimator.estimate('abc', ['a@example.com']);
    expect(createWorker).toHaveBeenCalledTimes(1);
    expect(last().sent).toEqual([{ id: expect.any(Number), password: 'abc', userInputs: ['a@example.com'] }]);
    last().answer(last().sent[0], { score: 2, warning: 'w', suggestions: ['s'] });
    await expect(pending).resolves.toEqual({ score: 2, warning: 'w', suggestions: ['s'] });
  });

  it('answers requests in order, one at a time, on one worker', async () => {
    const { estimator, createWorker, last } = withFakeWorkers();
    const { log, track } = settlements();
    const a = track('a', estimator.estimate('a', []));
    await flush();
    last().answer(last().sent[0]);
    await a;
    const ab = track('ab', estimator.estimate('ab', []));
    last().answer(last().sent[1]);
    await ab;
    expect(log).toEqual(['a resolved 1', 'ab resolved 2']);
    expect(createWorker).toHaveBeenCalledTimes(1);
  });

  it('a newer estimate supersedes the pending ones, and the worker is sent only the newest', async () => {
    const { estimator, last } = withFakeWorkers();
    const { log, track } = settlements();
    const all = [
      track('p', estimator.estimate('p', [])), // sent at once
      track('pa', estimator.estimate('pa', [])), // waits, then superseded: never sent
      track('pas', estimator.estimate('pas', [])), // waits, then superseded: never sent
      track('pass', estimator.estimate('pass', [])), // the newest
    ];
    await flush();
    // The older ones are rejected as soon as a newer one arrives, oldest first.
    expect(log).toEqual(['p rejected AbortError', 'pa rejected AbortError', 'pas rejected AbortError']);
    expect(last().sent.map((request) => request.password)).toEqual(['p']);

    // The in-flight answer is dropped; only then is the newest sent.
    last().answer(last().sent[0]);
    await flush();
    expect(last().sent.map((request) => request.password)).toEqual(['p', 'pass']);
    last().answer(last().sent[1]);
    await Promise.all(all);
    expect(log).toEqual(['p rejected AbortError', 'pa rejected AbortError', 'pas rejected AbortError', 'pass resolved 4']);
  });

  it('rejects a superseded estimate with EstimateSupersededError', async () => {
    const { estimator } = withFakeWorkers();
    const older = estimator.estimate('a', []);
    void estimator.estimate('ab', []).catch(() => {});
    await expect(older).rejects.toBeInstanceOf(EstimateSupersededError);
    await expect(older).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a late answer for a superseded request never resolves anything else', async () => {
    const { estimator, last } = withFakeWorkers();
    void estimator.estimate('a', []).catch(() => {});
    const newest = estimator.estimate('abcd', []);
    const first = last().sent[0];
    last().answer(first, { score: 0, warning: 'stale', suggestions: [] });
    await flush();
    last().answer(first, { score: 0, warning: 'stale again', suggestions: [] }); // a duplicate: ignored
    last().answer(last().sent[1]);
    await expect(newest).resolves.toEqual(estimateFor('abcd'));
  });

  it('rejects when the worker fails to load, and the next estimate starts a new worker', async () => {
    const { estimator, createWorker, workers } = withFakeWorkers();
    const first = estimator.estimate('abc', []);
    workers[0]?.failToLoad();
    await expect(first).rejects.toBeInstanceOf(EstimatorUnavailableError);
    expect(workers[0]?.terminated).toBe(true);

    const second = estimator.estimate('abcd', []);
    expect(createWorker).toHaveBeenCalledTimes(2);
    workers[1]?.answer(workers[1].sent[0]);
    await expect(second).resolves.toEqual(estimateFor('abcd'));
  });

  it('a preload that fails to load is retried by the next estimate', async () => {
    const { estimator, createWorker, workers } = withFakeWorkers();
    estimator.preload();
    workers[0]?.failToLoad();
    const estimate = estimator.estimate('abc', []);
    expect(createWorker).toHaveBeenCalledTimes(2);
    workers[1]?.answer(workers[1].sent[0]);
    await expect(estimate).resolves.toEqual(estimateFor('abc'));
  });

  it('a newer estimate waiting behind a load failure tries a new worker', async () => {
    const { estimator, createWorker, workers } = withFakeWorkers();
    const { log, track } = settlements();
    const first = track('a', estimator.estimate('a', []));
    const second = track('ab', estimator.estimate('ab', []));
    workers[0]?.failToLoad();
    await first;
    await flush();
    expect(createWorker).toHaveBeenCalledTimes(2);
    workers[1]?.answer(workers[1].sent[0]);
    await second;
    expect(log).toEqual(['a rejected AbortError', 'ab resolved 2']);
  });

  it('preload never throws, even when the worker cannot be constructed; estimate then rejects and the next one retries', async () => {
    let attempts = 0;
    const worker = new FakeWorker();
    const createWorker = vi.fn((): StrengthWorker => {
      attempts += 1;
      if (attempts <= 2) throw new DOMException('blocked', 'SecurityError');
      return worker;
    });
    const estimator = createZxcvbnEstimator({ createWorker });
    expect(() => estimator.preload()).not.toThrow();
    await expect(estimator.estimate('abc', [])).rejects.toBeInstanceOf(EstimatorUnavailableError);
    const third = estimator.estimate('abc', []);
    worker.answer(worker.sent[0]);
    await expect(third).resolves.toEqual(estimateFor('abc'));
    expect(createWorker).toHaveBeenCalledTimes(3);
  });

  it('a request zxcvbn failed on rejects, and the worker stays', async () => {
    const { estimator, createWorker, last } = withFakeWorkers();
    const failing = estimator.estimate('abc', []);
    last().answerError(last().sent[0], 'boom');
    await expect(failing).rejects.toThrow('boom');
    const next = estimator.estimate('abcd', []);
    last().answer(last().sent[1]);
    await expect(next).resolves.toEqual(estimateFor('abcd'));
    expect(createWorker).toHaveBeenCalledTimes(1);
  });

  it('hands the worker a copy of the user inputs', () => {
    const { estimator, last } = withFakeWorkers();
    const inputs = ['a@example.com'];
    void estimator.estimate('abc', inputs);
    inputs.push('changed');
    expect(last().sent[0]?.userInputs).toEqual(['a@example.com']);
  });
});

describe('createZxcvbnEstimator on the calling thread (no Worker)', () => {
  it('is the default where Worker does not exist, and scores with the real zxcvbn', async () => {
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
    const estimator = createZxcvbnEstimator();
    estimator.preload();
    const weak = await estimator.estimate('password1', []);
    expect(weak.score).toBeLessThanOrEqual(1);
    expect(weak.warning).not.toBe('');
    const strong = await estimator.estimate('correct horse battery staple', []);
    expect(strong).toEqual({ score: 4, warning: '', suggestions: [] });
  });

  it('counts the user inputs as guessable', async () => {
    const estimator = createZxcvbnEstimator({ createWorker: null });
    const email = 'fluffy.bunny@example.com';
    const without = await estimator.estimate(email, []);
    const withEmail = await estimator.estimate(email, [email]);
    expect(withEmail.score).toBeLessThan(without.score);
  });

  it('loads zxcvbn only on preload or the first estimate', async () => {
    const loadInThread = vi.fn(async (): Promise<ZxcvbnFunction> => zxcvbn);
    const estimator = createZxcvbnEstimator({ createWorker: null, loadInThread });
    expect(loadInThread).not.toHaveBeenCalled();
    estimator.preload();
    estimator.preload();
    await estimator.estimate('abc', []);
    expect(loadInThread).toHaveBeenCalledTimes(1);
  });

  it('supersedes older estimates the same way', async () => {
    const estimator = createZxcvbnEstimator({ createWorker: null, loadInThread: async () => zxcvbn });
    const { log, track } = settlements();
    await Promise.all([track('a', estimator.estimate('password1', [])), track('b', estimator.estimate('correct horse battery staple', []))]);
    expect(log).toEqual(['a rejected AbortError', 'b resolved 4']);
  });

  it('rejects when zxcvbn cannot be loaded, and the next estimate loads it again', async () => {
    const loadInThread = vi
      .fn<() => Promise<ZxcvbnFunction>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(zxcvbn);
    const estimator = createZxcvbnEstimator({ createWorker: null, loadInThread });
    estimator.preload(); // fails in the background without an unhandled rejection
    await flush();
    await expect(estimator.estimate('password1', [])).resolves.toMatchObject({ score: 0 });
    expect(loadInThread).toHaveBeenCalledTimes(2);

    const failing = createZxcvbnEstimator({ createWorker: null, loadInThread: vi.fn<() => Promise<ZxcvbnFunction>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(zxcvbn) });
    await expect(failing.estimate('abc', [])).rejects.toBeInstanceOf(EstimatorUnavailableError);
    await expect(failing.estimate('correct horse battery staple', [])).resolves.toMatchObject({ score: 4 });
  });
});
