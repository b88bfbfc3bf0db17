import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

/** One figure of BENCHMARKS.md. */
export type Row = { figure: string; value: string; budget?: string; pass?: boolean; note?: string };

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs a command to completion and returns its wall time in ms; throws if it fails. */
export function timeCommand(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv },
): number {
  const started = performance.now();
  const r = spawnSync(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
  return performance.now() - started;
}

/** Starts a server process and resolves with the ms until /readyz answers 200. */
export async function timeToReady(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; url: string; timeoutMs?: number },
): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: 'ignore' });
  const deadline = started + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}`);
    const ok = await fetch(`${opts.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, child };
    if (performance.now() > deadline) throw new Error('not ready in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Settings of the server under measurement that the bench never takes from the caller's shell. */
export const QUIET_SERVER_ENV = {
  HOST: '127.0.0.1',
  // The production default is `info` (one line per request); the bench keeps its output quiet.
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
  ADMIN_NAME: '',
  AUTH_SECRET: '',
  SMTP_URL: '',
  TRUSTED_PROXIES: '',
};

export type ServerProcess = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Runs `script` (a server entry point) on `opts.port` or a free loopback port with `env` over the quiet settings,
 * and resolves once /readyz answers 200. Its stderr is kept for the error when it fails to start;
 * `stop` throws if it exits other than cleanly.
 */
export async function startServerProcess(
  script: string,
  opts: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    port?: number;
    /** The site's address when it is reached through a proxy (default: this process's own). */
    publicUrl?: string;
  },
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: opts.cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...QUIET_SERVER_ENV,
      ...opts.env,
      PORT: String(port),
      PUBLIC_URL: opts.publicUrl ?? url,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${script} exited with ${child.exitCode}: ${stderr.trim()}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() > deadline) {
      await stop(child);
      throw new Error(`${script} not ready in time: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      await stop(child);
      if (child.exitCode !== 0)
        throw new Error(`${script} stopped with ${child.exitCode}: ${stderr.trim()}`);
    },
  };
}

/** A row for a figure that could not be measured (its budget then fails). */
export function failed(figure: string, err: unknown): Row {
  const message = (err as Error).message ?? String(err);
  console.error(`bench: ${figure} failed: ${message}`);
  return {
    figure,
    value: 'not measured',
    pass: false,
    note: message.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 300),
  };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Clock ticks per second of /proc times (USER_HZ, 100 on every common Linux build). */
const TICK_MS = 10;

function machineBusyMs(): number {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const t = f.map(Number);
  // user nice system idle iowait irq softirq steal
  return (t[0]! + t[1]! + t[2]! + t[5]! + t[6]! + t[7]!) * TICK_MS;
}

function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime, stime
  } catch {
    return 0;
  }
}

function postgresCpuMs(): number {
  let ms = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        ms += processCpuMs(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ms;
}

/**
 * Starts watching how much CPU the rest of the machine uses: everything but this process, the
 * given processes and PostgreSQL. The returned function gives that share of the machine's CPUs
 * since the start (0–1), or undefined where /proc is not available.
 */
export function watchOtherCpu(pids: number[]): () => number | undefined {
  if (!fs.existsSync('/proc/stat')) return () => undefined;
  const ours = () => {
    const self = process.cpuUsage();
    return (
      (self.user + self.system) / 1000 +
      pids.reduce((s, pid) => s + processCpuMs(pid), 0) +
      postgresCpuMs()
    );
  };
  const started = performance.now();
  const busy0 = machineBusyMs();
  const ours0 = ours();
  return () => {
    const elapsed = performance.now() - started;
    const other = machineBusyMs() - busy0 - (ours() - ours0);
    return Math.max(0, other) / (elapsed * os.cpus().length);
  };
}
