import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The end-to-end suite builds the app once (globalSetup) and gives each Playwright worker its own
// `vite preview` of that build: the sandbox lives in the server's process, so one server per
// worker is one sandbox per worker, and workers never see each other's users, faults or settings.

const APP_DIR = fileURLToPath(new URL('../../app/', import.meta.url));
/** The front end without React (examples/vanilla), served and tested the same way. */
const VANILLA_EXAMPLE_DIR = fileURLToPath(new URL('../../examples/vanilla/', import.meta.url));
/** The `vite` command `pnpm run serve` runs (its package exports no bin path, hence via package.json). */
const VITE_CLI = join(dirname(createRequire(APP_DIR).resolve('vite/package.json')), 'bin', 'vite.js');
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** Enough of a failed server's output to say why; its routine banner is shorter. */
const KEPT_OUTPUT_CHARACTERS = 8_000;
/**
 * Loaded into the server's Node before Vite: the server exits once its worker is gone, even when
 * the worker was killed outright (SIGKILL gives the worker no chance to stop it), so no server
 * outlives the run and holds its port.
 */
const EXIT_WITH_PARENT = 'data:text/javascript,process.on("disconnect",()=>process.exit(0))';

/** The first worker's port; worker n serves on E2E_PORT + n. Kept clear of `pnpm start` (5173) and `pnpm bench` (5190–5191). */
export const FIRST_E2E_PORT = Number(process.env['E2E_PORT'] ?? 5199);

/**
 * The vanilla example's servers count up from E2E_PORT + this (5299, 5300 by default), clear of
 * the app's worker ports, so a worker never meets another's server.
 */
export const VANILLA_EXAMPLE_PORT_OFFSET = 100;

/** The same environment `pnpm start` gives the build and the server. */
function appEnvironment(port?: number): NodeJS.ProcessEnv {
  return { ...process.env, VESTIBULE_SANDBOX: '1', ...(port === undefined ? {} : { PORT: String(port) }) };
}

/** `pnpm start`'s build step: the client, the server-side render of /login and its pre-render. */
export function buildApp(): void {
  build(APP_DIR, 'the app');
}

/** The vanilla example's `pnpm run build` (a plain Vite build, a few seconds). */
export function buildVanillaExample(): void {
  build(VANILLA_EXAMPLE_DIR, 'the vanilla example');
}

function build(dir: string, what: string): void {
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: dir, env: appEnvironment(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (build.status !== 0) {
    throw new Error(`Building ${what} for the end-to-end tests failed (${build.error?.message ?? `exit code ${build.status}`}):\n${build.stdout}${build.stderr}`);
  }
}

/** What a preview server serves: the app's build (by default) or the vanilla example's, and the page that says it is up. */
export interface PreviewTarget {
  readonly dir: string;
  readonly readyPath: string;
}

const APP_TARGET: PreviewTarget = { dir: APP_DIR, readyPath: '/login' };
export const VANILLA_EXAMPLE_TARGET: PreviewTarget = { dir: VANILLA_EXAMPLE_DIR, readyPath: '/login' };

export interface PreviewServer {
  /** `http://localhost:<port>`: WebAuthn refuses IP hosts and the SDK's cookies need `localhost`. */
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * `pnpm start`'s serve step (`vite preview --configLoader runner` in app/, with the sandbox) on
 * `port`, or the same for another target (the vanilla example). Resolves once its ready path
 * answers; rejects with the server's own output if it exits first or does not answer within a
 * minute (a port in use, a missing build, a refused configuration).
 */
export async function startPreviewServer(port: number, target: PreviewTarget = APP_TARGET): Promise<PreviewServer> {
  const origin = `http://localhost:${port}`;
  // Otherwise the check below could take another server's answer (one left from an earlier run,
  // with its own sandbox) for this one's, in the moment before Vite gives up on the port.
  if (await isListening(port)) throw new Error(`Port ${port} is already in use, so the end-to-end preview server cannot start there. Stop what serves ${origin}, or set E2E_PORT to another first port.`);
  const server = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, VITE_CLI, 'preview', '--configLoader', 'runner'], {
    cwd: target.dir,
    env: appEnvironment(port),
    // The IPC channel is only there so the server notices when this process is gone.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARACTERS);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => server.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)));
  // A worker that dies without tearing down its fixtures still takes its server along.
  const stopOnExit = () => server.kill('SIGKILL');
  process.once('exit', stopOnExit);

  const stop = async () => {
    process.off('exit', stopOnExit);
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const failure = await Promise.race([exited.then((how) => `exited (${how}) before answering`), untilAnswering(`${origin}${target.readyPath}`, server)]);
  if (failure) {
    await stop();
    throw new Error(`The end-to-end preview server on port ${port} ${failure}. Its output:\n${output}`);
  }
  return { origin, stop };
}

/** Whether something accepts connections on `localhost:port` (whether or not it speaks HTTP). */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: 'localhost', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `url` until it answers; returns why not unless that answer is a 200. */
async function untilAnswering(url: string, server: ChildProcess): Promise<string | undefined> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (server.exitCode === null && server.signalCode === null) {
    try {
      // Bounded: a server that accepts and never answers must still meet the deadline.
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      // Vite listens only once its middlewares are in place, so any other answer is final (no build, say).
      return response.ok ? undefined : `answered ${url} with ${response.status}`;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) return `did not answer ${url} within ${STARTUP_TIMEOUT_MS / 1000} s`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'exited before answering';
}
