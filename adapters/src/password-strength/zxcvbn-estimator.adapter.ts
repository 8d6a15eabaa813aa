import type { LocalStrengthEstimate, PasswordStrengthEstimatorPort } from '@vestibule/core';
import type { ZxcvbnFunction } from './score-password';

/** What the page sends the worker: one password to score. */
export interface EstimateRequest {
  readonly id: number;
  readonly password: string;
  readonly userInputs: readonly string[];
}

/** What the worker answers, with the request's id. */
export type EstimateReply =
  | { readonly id: number; readonly estimate: LocalStrengthEstimate }
  | { readonly id: number; readonly error: string };

/** The parts of a `Worker` the estimator uses, so tests can hand it a fake. */
export interface StrengthWorker extends Pick<EventTarget, 'addEventListener'> {
  postMessage(message: EstimateRequest): void;
  terminate(): void;
}

export interface ZxcvbnEstimatorOptions {
  /**
   * Starts the worker that scores passwords. Defaults to the bundled module worker where
   * `Worker` exists; `null` scores on the calling thread (the default where there is no
   * `Worker`: Node, jsdom).
   */
  readonly createWorker?: (() => StrengthWorker) | null;
  /** Loads zxcvbn for scoring on the calling thread. Defaults to a dynamic import of `zxcvbn`. */
  readonly loadInThread?: () => Promise<ZxcvbnFunction>;
}

/** The rejection of an estimate that a newer one made before it was answered. */
export class EstimateSupersededError extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('A newer password estimate superseded this one.');
  }
}

/** The rejection of an estimate when the estimator could not load or crashed; the next call starts it again. */
export class EstimatorUnavailableError extends Error {
  override readonly name = 'EstimatorUnavailableError';
}

/**
 * The module worker, written the way Vite bundles workers: the build emits zxcvbn.worker.ts,
 * with zxcvbn inside, as a file of its own on the app's origin (no blob: URL, so the CSP's
 * `script-src 'self'` allows it), fetched only when this runs.
 */
function startBundledWorker(): StrengthWorker {
  return new Worker(new URL('./zxcvbn.worker.ts', import.meta.url), { type: 'module', name: 'vestibule-zxcvbn' });
}

// A variable and @vite-ignore keep the bundler from following this import: in a browser the
// worker holds zxcvbn, and a second copy must not become a chunk. Only runtimes without
// `Worker` (Node, jsdom tests) take this path, and there the module resolves normally.
const ZXCVBN_MODULE = 'zxcvbn';

async function importZxcvbn(): Promise<ZxcvbnFunction> {
  const module = (await import(/* @vite-ignore */ ZXCVBN_MODULE)) as { default?: unknown };
  const zxcvbn = typeof module.default === 'function' ? module.default : module;
  if (typeof zxcvbn !== 'function') throw new Error('zxcvbn did not load as a function');
  return zxcvbn as ZxcvbnFunction;
}

/** Scores one request; rejects when the scorer itself is unavailable (then it is discarded). */
interface Scorer {
  score(request: EstimateRequest): Promise<LocalStrengthEstimate>;
  /** True once it failed to load or crashed: the estimator then starts a new one. */
  readonly broken: boolean;
}

function workerScorer(worker: StrengthWorker): Scorer {
  const pending = new Map<number, { resolve: (estimate: LocalStrengthEstimate) => void; reject: (error: unknown) => void }>();
  let broken = false;
  const breakDown = (reason: string) => {
    if (broken) return;
    broken = true;
    for (const { reject } of pending.values()) reject(new EstimatorUnavailableError(reason));
    pending.clear();
    worker.terminate();
  };
  worker.addEventListener('message', (event) => {
    const reply = (event as MessageEvent<EstimateReply>).data;
    const request = pending.get(reply?.id);
    if (!request) return;
    pending.delete(reply.id);
    if ('estimate' in reply) request.resolve(reply.estimate);
    else request.reject(new Error(`zxcvbn failed: ${reply.error}`));
  });
  // A worker script that cannot be fetched (network, CSP), does not evaluate, or throws later
  // fires `error` at the Worker object; after that it answers nothing.
  worker.addEventListener('error', (event) => {
    const message = (event as ErrorEvent).message;
    breakDown(`The password strength worker failed${message ? `: ${message}` : ' to load'}.`);
  });
  worker.addEventListener('messageerror', () => breakDown('The password strength worker sent an unreadable message.'));
  return {
    get broken() {
      return broken;
    },
    score: (request) =>
      new Promise((resolve, reject) => {
        if (broken) return reject(new EstimatorUnavailableError('The password strength worker failed.'));
        pending.set(request.id, { resolve, reject });
        // Only the data: the caller's object may carry functions, which a worker cannot be sent.
        worker.postMessage({ id: request.id, password: request.password, userInputs: request.userInputs });
      }),
  };
}

function inThreadScorer(load: () => Promise<ZxcvbnFunction>): Scorer {
  let broken = false;
  // The scoring code is imported here too, not at the top: in a browser only the worker needs
  // it, so it stays out of the page's chunks (a tiny chunk of its own is never fetched).
  const loaded = Promise.all([Promise.resolve().then(load), import('./score-password')])
    .catch((error: unknown) => {
      broken = true;
      throw new EstimatorUnavailableError(`zxcvbn could not be loaded: ${String(error)}`, { cause: error });
    });
  loaded.catch(() => {}); // a failed preload is reported by the next estimate, never as an unhandled rejection
  return {
    get broken() {
      return broken;
    },
    score: async (request) => {
      const [zxcvbn, { scorePassword }] = await loaded;
      return scorePassword(zxcvbn, request.password, request.userInputs);
    },
  };
}

/**
 * The password strength port on zxcvbn 4.4.2 (0.8 MB with its dictionaries), loaded on
 * `preload()` or the first `estimate()`, never in the first load. In browsers it runs in a
 * module worker (zxcvbn.worker.ts), so the meter follows every keystroke without blocking
 * the page; without `Worker` it is imported and run on the calling thread.
 *
 * One estimator serves one field (the port has no field id; only the focused field is typed
 * into, so the app can share one between screens). Requests are answered in order, and a newer
 * `estimate` supersedes the older ones still pending: they reject with
 * {@link EstimateSupersededError} (`name` 'AbortError') at once. The page sends the worker one
 * request at a time and keeps at most the newest one waiting, so when keys come faster than
 * zxcvbn scores, the worker scores the latest value it is sent and never a stale backlog. (A
 * worker-side "skip to the latest message" would need the worker to see its queue, which it
 * cannot without yielding between messages through a timer whose order against message tasks
 * is not specified; one message in flight costs a round trip of well under a millisecond.)
 *
 * When the worker cannot load (network, CSP) or crashes, the pending estimates reject with
 * {@link EstimatorUnavailableError}, and the next call starts a new worker. `preload` never throws.
 */
export function createZxcvbnEstimator(options: ZxcvbnEstimatorOptions = {}): PasswordStrengthEstimatorPort {
  const createWorker = options.createWorker !== undefined ? options.createWorker : typeof Worker === 'function' ? startBundledWorker : null;
  const loadInThread = options.loadInThread ?? importZxcvbn;

  interface Job extends EstimateRequest {
    readonly resolve: (estimate: LocalStrengthEstimate) => void;
    readonly reject: (error: unknown) => void;
    settled: boolean;
  }
  type Outcome = { readonly estimate: LocalStrengthEstimate } | { readonly error: unknown };

  let scorer: Scorer | null = null;
  let nextId = 1;
  /** The request the scorer is working on, and the newest one waiting for it (older waiting ones are dropped unsent). */
  let inFlight: Job | null = null;
  let waiting: Job | null = null;

  /** The live scorer, started if there is none or the last one broke. Throws only if constructing a worker throws. */
  const ensureScorer = (): Scorer => {
    if (!scorer || scorer.broken) {
      scorer = null;
      scorer = createWorker ? workerScorer(createWorker()) : inThreadScorer(loadInThread);
    }
    return scorer;
  };

  /** Settles a job once: a superseded job's late answer is dropped. */
  const settle = (job: Job, outcome: Outcome) => {
    if (job.settled) return;
    job.settled = true;
    if ('estimate' in outcome) job.resolve(outcome.estimate);
    else job.reject(outcome.error);
  };

  const run = (job: Job) => {
    inFlight = job;
    let answer: Promise<LocalStrengthEstimate>;
    try {
      answer = ensureScorer().score(job);
    } catch (error) {
      answer = Promise.reject(new EstimatorUnavailableError(`The password strength worker could not start: ${String(error)}`, { cause: error }));
    }
    answer.then(
      (estimate) => finish(job, { estimate }),
      (error: unknown) => finish(job, { error }),
    );
  };

  const finish = (job: Job, outcome: Outcome) => {
    inFlight = null;
    settle(job, outcome);
    const next = waiting;
    waiting = null;
    if (next) run(next);
  };

  return {
    preload() {
      try {
        ensureScorer();
      } catch {
        // A worker that cannot even be constructed: the next estimate tries again, and rejects.
      }
    },
    estimate(password, userInputs) {
      return new Promise<LocalStrengthEstimate>((resolve, reject) => {
        const job: Job = { id: nextId++, password, userInputs: [...userInputs], resolve, reject, settled: false };
        for (const older of [inFlight, waiting]) if (older) settle(older, { error: new EstimateSupersededError() });
        waiting = null;
        if (inFlight) waiting = job;
        else run(job);
      });
    },
  };
}
