import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

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

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
