import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './app.ts';

const run = promisify(execFile);

/** A PostgreSQL server of its own, in a temporary folder, that a test may stop and start. */
export type PostgresCluster = {
  /** Connection URL of its `postgres` database. */
  url: string;
  port: number;
  /** Fast shutdown, begun at once: sessions are ended, running transactions rolled back. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  dispose: () => Promise<void>;
};

/** The installed server programs: `pg_config --bindir`, else the newest Debian-style install. */
async function binDir(): Promise<string> {
  const has = (dir: string) => fs.existsSync(path.join(dir, 'initdb'));
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    if (has(stdout.trim())) return stdout.trim();
  } catch {
    // no pg_config on PATH
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => has(path.join(root, v, 'bin')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found: install postgresql');
  return path.join(root, versions[0], 'bin');
}

/**
 * initdb refuses to run as root: as root the cluster belongs to the `postgres` system user
 * (runuser), otherwise to the current user.
 */
function asOwner(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]]
    : [cmd, args];
}

/**
 * Creates and starts a private PostgreSQL cluster on a free loopback port (trust authentication,
 * socket in its own folder), never touching any other server on the machine.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = await binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) await run('chown', ['postgres', dir]);
  const port = await freePort();
  const exec = async (cmd: string, args: string[]) => {
    const [c, a] = asOwner(path.join(bin, cmd), args);
    try {
      await run(c, a, { cwd: dir, timeout: 60_000 });
    } catch (err) {
      const log = fs.existsSync(path.join(dir, 'log'))
        ? fs.readFileSync(path.join(dir, 'log'))
        : '';
      throw new Error(`${cmd} failed: ${(err as Error).message}\n${log}`, { cause: err });
    }
  };
  await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-N', '--no-instructions']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=60`;
  const start = () =>
    exec('pg_ctl', [
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      options,
    ]);
  // Fast shutdown is SIGINT to the postmaster: sent at once (no pg_ctl to start first), then
  // waited for, as pg_ctl does, until the postmaster has removed its pid file.
  const pidFile = path.join(data, 'postmaster.pid');
  const stop = async () => {
    process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
    const deadline = Date.now() + 60_000;
    while (fs.existsSync(pidFile)) {
      if (Date.now() > deadline) throw new Error('PostgreSQL did not stop within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    dispose: async () => {
      await stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
