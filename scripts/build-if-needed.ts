import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['web', 'shared', 'vite.config.ts', 'package-lock.json'];
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.web-build-stamp');
const lockFile = path.join(dist, '.web-build.lock');

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function upToDate(newest: number): boolean {
  const stamp = fs.existsSync(stampFile) ? Number(fs.readFileSync(stampFile, 'utf8')) || 0 : 0;
  return fs.existsSync(path.join(dist, 'web/index.html')) && stamp >= newest;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the build lock (a file created exclusively, holding our pid); waits while another live
 * process holds it, and takes over a lock left by a process that died.
 */
function lock(): () => void {
  fs.mkdirSync(dist, { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockFile, 'utf8')) || 0;
      // A lock just created may not hold its pid yet: only an old empty one is abandoned.
      const abandoned = holder
        ? !alive(holder)
        : Date.now() - fs.statSync(lockFile).mtimeMs > 5_000;
      if (abandoned) {
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error('Pembangunan aplikasi web lain tidak selesai.', { cause: err });
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

/**
 * Builds the browser's app into `out`, then the server's render of its pages
 * (web/entry-server.tsx) into `out/.ssr`. Answers the failed build's exit status, or 0.
 */
export function buildWebInto(out: string): number | null {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const build = (args: string[]) =>
    spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], {
      cwd: root,
      stdio: 'inherit',
    }).status;
  return (
    build(['--outDir', out, '--emptyOutDir']) ||
    build(['--ssr', 'entry-server.tsx', '--outDir', path.join(out, '.ssr'), '--emptyOutDir'])
  );
}

/**
 * Builds the web app when it was never built or its sources changed since the last build. One
 * build at a time (a lock), into a temporary folder that replaces dist/web only when complete,
 * so two `npm start` at once never serve or leave a half-written build.
 */
export function buildIfNeeded(): void {
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (upToDate(newest)) return;
  const release = lock();
  try {
    // Another process may have built it while we waited.
    if (upToDate(newest)) return;
    console.log('Membangun aplikasi web...');
    const out = path.join(dist, `.web-${process.pid}`);
    fs.rmSync(out, { recursive: true, force: true });
    const status = buildWebInto(out);
    if (status !== 0) {
      fs.rmSync(out, { recursive: true, force: true });
      console.error('Gagal membangun aplikasi web.');
      process.exit(status ?? 1);
    }
    const old = path.join(dist, `.web-old-${process.pid}`);
    if (fs.existsSync(path.join(dist, 'web'))) fs.renameSync(path.join(dist, 'web'), old);
    fs.renameSync(out, path.join(dist, 'web'));
    fs.rmSync(old, { recursive: true, force: true });
    fs.writeFileSync(stampFile, String(newest));
  } finally {
    release();
  }
}
