import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './app.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The real server (`server/main.ts`) in its own process, as an operator runs it. */
export type ServerProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown code runs, as when the machine's OOM killer or an operator ends it. */
  kill: () => Promise<void>;
  /** SIGTERM and wait: the server's own clean shutdown; rejects unless it exits 0. */
  stop: () => Promise<void>;
};

/** Starts server/main.ts with these settings (nothing else from the environment that matters). */
export function spawnServer(vars: {
  DATA_DIR: string;
  DATABASE_URL?: string;
  PORT?: number;
  /** Further settings (they win over the defaults below). */
  env?: Record<string, string>;
  /** The script to run (default: the sources' server/main.ts; `npm start` runs dist/server/main.mjs). */
  entry?: string;
  /** Node's own options before the script, as package.json's start script gives them. */
  nodeArgs?: string[];
}): ServerProcess {
  const port = vars.PORT ?? 0;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(vars.nodeArgs ?? []), vars.entry ?? 'server/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: vars.DATA_DIR,
        DATABASE_URL: vars.DATABASE_URL ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        WEB_DIST: path.join(vars.DATA_DIR, 'web'),
        LOG_LEVEL: 'warn',
        // Every voter of the test signs in from 127.0.0.1 within seconds.
        SIGN_IN_PER_MINUTE: '100000',
        ...vars.env,
      },
    },
  );
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    url,
    pid: child.pid!,
    child,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`server stopped with ${code}: ${output.slice(-2000)}`);
    },
  };
}

/**
 * Starts the server on a free port and waits until it says it is ready and /readyz answers 200.
 * The port is free when chosen but not reserved: another process may take it before the server
 * binds. The server's own "siap di" line proves it holds the port (a /readyz answer alone might
 * come from whoever took it), and a start that lost the port is retried on another one.
 */
export async function startServerProcess(vars: {
  DATA_DIR: string;
  DATABASE_URL?: string;
  PORT?: number;
  env?: Record<string, string>;
  entry?: string;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const server = spawnServer({ ...vars, PORT: vars.PORT ?? (await freePort()) });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.child.exitCode !== null) {
        if (!vars.PORT && attempt < 3 && server.output().includes('EADDRINUSE')) break;
        throw new Error(`server exited with ${server.child.exitCode}: ${server.output()}`);
      }
      const ready =
        server.output().includes(' siap di ') &&
        (await fetch(`${server.url}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        ));
      if (ready) return server;
      if (Date.now() > deadline) {
        await server.kill();
        throw new Error(`server not ready in time: ${server.output()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.exited;
  }
}

/** Runs the server where it must refuse to start; returns how it exited and what it said. */
export async function expectStartFailure(vars: {
  DATA_DIR: string;
  DATABASE_URL?: string;
}): Promise<{ code: number | null; output: string; listened: boolean }> {
  const server = spawnServer({ ...vars, PORT: await freePort() });
  let listened = false;
  const timer = setTimeout(() => void server.kill(), 60_000);
  const polling = (async () => {
    while (server.child.exitCode === null && server.child.signalCode === null) {
      listened ||= await fetch(`${server.url}/healthz`).then(
        () => true,
        () => false,
      );
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const code = await server.exited;
  clearTimeout(timer);
  await polling;
  return { code, output: server.output(), listened };
}
