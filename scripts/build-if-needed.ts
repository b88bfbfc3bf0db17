import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['web', 'shared', 'vite.config.ts', 'package-lock.json'];
const stampFile = path.join(root, 'dist/.web-build-stamp');

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds the web app when it was never built or its sources changed since the last build. */
export function buildIfNeeded(): void {
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  const stamp = fs.existsSync(stampFile) ? Number(fs.readFileSync(stampFile, 'utf8')) || 0 : 0;
  if (fs.existsSync(path.join(root, 'dist/web/index.html')) && stamp >= newest) return;
  console.log('Membangun aplikasi web...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('Gagal membangun aplikasi web.');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, String(newest));
}
