import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EstimateReply, EstimateRequest } from './zxcvbn-estimator.adapter';

/** Loads the worker module against a stand-in for the worker's global scope. */
async function loadWorker() {
  const scope = new EventTarget() as EventTarget & { postMessage: (reply: EstimateReply) => void };
  const replies: EstimateReply[] = [];
  scope.postMessage = (reply) => void replies.push(reply);
  vi.stubGlobal('self', scope);
  vi.resetModules();
  await import('./zxcvbn.worker');
  const send = (request: EstimateRequest) => scope.dispatchEvent(new MessageEvent('message', { data: request }));
  return { send, replies };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('zxcvbn.worker', () => {
  it('answers each request with its id and the capped, mapped zxcvbn estimate, in order', async () => {
    const { send, replies } = await loadWorker();
    send({ id: 7, password: 'password1', userInputs: [] });
    send({ id: 8, password: 'correct horse battery staple', userInputs: ['someone@example.com'] });
    send({ id: 9, password: 'q8#Vn2!xR7@pL4$kT9^mW3&zB6*hJ1(dF5)sG0_cY8+eN2=uA7~oI4|rK9%tE3', userInputs: [] });
    expect(replies.map((reply) => reply.id)).toEqual([7, 8, 9]);
    expect(replies[0]).toMatchObject({ id: 7, estimate: { score: 0, warning: expect.stringMatching(/common password/i) } });
    expect(replies[1]).toEqual({ id: 8, estimate: { score: 4, warning: '', suggestions: [] } });
    expect(replies[2]).toEqual({ id: 9, estimate: { score: 4, warning: '', suggestions: [] } });
  });

  it('answers an error for a request it cannot score, and keeps answering', async () => {
    const { send, replies } = await loadWorker();
    send({ id: 1, password: null as unknown as string, userInputs: [] });
    send({ id: 2, password: 'abc', userInputs: [] });
    expect(replies[0]).toMatchObject({ id: 1, error: expect.any(String) });
    expect(replies[1]).toMatchObject({ id: 2, estimate: { score: 0 } });
  });
});
