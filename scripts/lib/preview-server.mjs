// Serving the built app for the benches the way `pnpm start` does: `vite preview` with the
// sandbox, in its own process group so that pnpm, its shell and vite stop together.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_START_MS = 60_000;

/** GET status of a URL, or null when nothing answers. */
export async function statusOf(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}

/** True while any process of the group still exists (signal 0 only checks). */
export function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the preview server on `port`; resolves with `{ pid, child, output }` once `/login`
 * answers 200. `onSpawn(server)` is called at once, so a caller can stop a server that never
 * came up.
 */
export async function startPreviewServer({ port, origin, onSpawn = () => undefined }) {
  // Another server on the port would be measured instead of this build: refuse rather than guess.
  if ((await statusOf(`${origin}/login`)) !== null) throw new Error(`something already answers on ${origin}`);
  const child = spawn('pnpm', ['--filter', '@vestibule/app', 'serve'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: String(port), VESTIBULE_SANDBOX: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of its output for the error message; reading also keeps the pipes from filling.
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  child.once('exit', () => (exited = true));
  const server = { pid: child.pid, child, output: () => output };
  onSpawn(server);
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the preview server exited before serving /login:\n${output}`);
    if ((await statusOf(`${origin}/login`)) === 200) return server;
    await sleep(200);
  }
  throw new Error(`GET ${origin}/login did not answer 200 within ${SERVER_START_MS / 1000} s:\n${output}`);
}

/** Stops the server's whole process group: SIGTERM, then SIGKILL after 5 s. */
export async function stopPreviewServer(server) {
  if (!server || !groupAlive(server.pid)) return;
  process.kill(-server.pid, 'SIGTERM');
  for (let waited = 0; waited < 5_000 && groupAlive(server.pid); waited += 100) await sleep(100);
  if (groupAlive(server.pid)) process.kill(-server.pid, 'SIGKILL');
}
