import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, seconds, stop, timeCommand, timeToReady, type Row } from './measure.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Whole-process timings of a fresh clone: cold `npm ci` (empty npm cache), first `npm start` to
 * ready (web build and new embedded database included), first start with the app already built,
 * and restart to ready on an existing database. Medians of `runs` runs each.
 */
export async function benchStartup(runs = 3): Promise<Row[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-bench-startup-'));
  const clone = path.join(work, 'clone');
  spawnSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' });
  const npm = process.env.npm_execpath;
  const npmCmd = npm ? process.execPath : 'npm';
  const npmArgs = (...a: string[]) => (npm ? [npm, ...a] : a);

  const install: number[] = [];
  for (let i = 0; i < runs; i++) {
    fs.rmSync(path.join(clone, 'node_modules'), { recursive: true, force: true });
    const cache = path.join(work, `cache-${i}`);
    install.push(
      timeCommand(
        npmCmd,
        npmArgs('ci', '--no-audit', '--no-fund', '--cache', cache, '--prefer-online'),
        { cwd: clone },
      ),
    );
    fs.rmSync(cache, { recursive: true, force: true });
  }

  const port = 3900 + (process.pid % 50);
  const url = `http://127.0.0.1:${port}`;
  const env = (dataDir: string) => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  });
  const node = process.execPath;
  const first: number[] = [];
  const firstBuilt: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < runs; i++) {
    fs.rmSync(path.join(clone, 'dist'), { recursive: true, force: true });
    const dataDir = path.join(work, `data-${i}`);
    const a = await timeToReady(node, ['scripts/start.ts'], { cwd: clone, env: env(dataDir), url });
    first.push(a.ms);
    await stop(a.child);
    const b = await timeToReady(node, ['scripts/start.ts'], { cwd: clone, env: env(dataDir), url });
    restart.push(b.ms);
    await stop(b.child);
    const c = await timeToReady(node, ['scripts/start.ts'], {
      cwd: clone,
      env: env(`${dataDir}-new`),
      url,
    });
    firstBuilt.push(c.ms);
    await stop(c.child);
  }
  fs.rmSync(work, { recursive: true, force: true });

  const detail = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(1)).join(', ') + ' s';
  return [
    {
      figure: 'Cold `npm ci` on a fresh clone (empty npm cache)',
      value: seconds(median(install)),
      note: detail(install),
    },
    {
      figure: 'First `npm start` to ready (builds the web app, creates the embedded database)',
      value: seconds(median(first)),
      budget: '≤ 60 s',
      pass: median(first) <= 60_000,
      note: detail(first),
    },
    {
      figure: 'First start to ready, web app already built (new embedded database)',
      value: seconds(median(firstBuilt)),
      note: detail(firstBuilt),
    },
    {
      figure: 'Restart to ready (existing embedded database)',
      value: seconds(median(restart)),
      note: detail(restart),
    },
  ];
}
