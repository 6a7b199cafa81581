// The compiled Node server (`npm run build:server`: dist-server/server/main.js) as a child
// process, for the scripts and tests that run it as a deployment does: the browser test of the
// server, the two-process race test and `npm run bench:server`. One way to find a free port, start
// it, know it is ready (`GET /healthz` answers 200, whatever LOG_LEVEL says) and stop it. Like any
// server it stores the demo's people and posts only when told to: pass SEED_DEMO: '1' in `env`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const SERVER_MAIN = join('dist-server', 'server', 'main.js');

/** A loopback port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node <main>` on 127.0.0.1 (`port`, or a free one) with `env` over this process's
 * environment (a value of `undefined` removes that variable); resolves once `/healthz` answers
 * 200. Rejects, with the server's last output, when it exits first or is not ready in `readyMs`.
 * `onLine` sees each line of its standard output (its JSON log). `cwd`: where it runs (this
 * process's working directory unless given). `execArgv`: Node flags before `main` (`--cpu-prof`).
 */
export async function startCompiledServer({
  main = SERVER_MAIN,
  cwd,
  env = {},
  port,
  onLine,
  readyMs = 60_000,
  execArgv = [],
} = {}) {
  const listenOn = port ?? (await freePort());
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env, PORT: String(listenOn), HOST: '127.0.0.1' }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const child = spawn(process.execPath, [...execArgv, main], {
    env: childEnv,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  child.stdout.on('data', (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine?.(line);
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const origin = `http://127.0.0.1:${listenOn}`;
  /** SIGTERM (SIGKILL after 15 s); resolves with the exit code. */
  const stop = async () => {
    if (running) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const giveUp = Date.now() + readyMs;
  for (;;) {
    if (!running) throw new Error(`The server did not start:\n${output}`);
    const ready = await fetch(`${origin}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) {
      return { origin, port: listenOn, pid: child.pid, stop, exited, output: () => output };
    }
    if (Date.now() > giveUp) {
      await stop();
      throw new Error(`The server was not ready within ${readyMs} ms:\n${output}`);
    }
    await sleep(100);
  }
}
