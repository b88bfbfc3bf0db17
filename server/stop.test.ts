import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/app.ts';
import { startServerProcess } from './test/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-stop-'));
  folders.push(dir);
  fs.mkdirSync(path.join(dir, 'web'));
  fs.writeFileSync(path.join(dir, 'web/index.html'), '<!doctype html><title>BEM</title>');
  return dir;
}

const answers = (url: string) =>
  fetch(`${url}/healthz`).then(
    () => true,
    () => false,
  );

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a second server can take the folder now (the first let go of its lock). */
async function folderIsFree(dir: string): Promise<boolean> {
  const again = await startServerProcess({
    DATA_DIR: dir,
    env: { WEB_DIST: path.join(dir, 'web') },
  });
  await again.stop();
  return true;
}

describe('hardening 12: the server stops when it is told to', () => {
  it('SIGTERM to `npm start` stops the server and frees the data folder', async () => {
    const dir = dataDir();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const npm = spawn('npm', ['start'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dir,
        WEB_DIST: path.join(dir, 'web'),
        LOG_LEVEL: 'warn',
      },
    });
    const npmExited = new Promise((r) => npm.once('exit', r));
    await until(
      'the server answers',
      () =>
        fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
    );
    npm.kill('SIGTERM');
    await npmExited;
    await until('the server stopped answering', async () => !(await answers(url)));
    expect(await folderIsFree(dir)).toBe(true);
  }, 120_000);

  it('SIGTERM to the server run directly with node stops it cleanly', async () => {
    const dir = dataDir();
    const server = await startServerProcess({
      DATA_DIR: dir,
      env: { WEB_DIST: path.join(dir, 'web') },
    });
    expect(await answers(server.url)).toBe(true);
    await server.stop(); // SIGTERM; rejects unless the exit code is 0
    expect(await answers(server.url)).toBe(false);
    expect(await folderIsFree(dir)).toBe(true);
  }, 120_000);
});
