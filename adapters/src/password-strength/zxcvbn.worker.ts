// The password strength worker: zxcvbn and its dictionaries (0.8 MB) live only in this file's
// bundle, which Vite emits on its own because the estimator starts it with
// `new Worker(new URL('./zxcvbn.worker.ts', import.meta.url), { type: 'module' })`.
// It answers each request in the order received; which requests reach it is decided by the
// page (one in flight, the newest waiting: zxcvbn-estimator.adapter.ts).
import zxcvbn from 'zxcvbn';
import { scorePassword } from './score-password';
import type { EstimateReply, EstimateRequest } from './zxcvbn-estimator.adapter';

/** The dedicated worker scope, as far as this file uses it (the DOM library types `self` as a Window). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<EstimateRequest>) => void): void;
  postMessage(reply: EstimateReply): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('message', ({ data: { id, password, userInputs } }) => {
  let reply: EstimateReply;
  try {
    reply = { id, estimate: scorePassword(zxcvbn, password, userInputs) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
});
