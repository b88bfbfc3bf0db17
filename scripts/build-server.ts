// The server as one JavaScript file for `npm start`: our TypeScript (server/ and shared/) bundled
// by esbuild into dist/server/main.mjs, the ballot checker's worker beside it; the packages stay in
// node_modules. Run from the sources, each of our ~650 modules goes through Node's type stripping
// and module loader, which an idle instance pays for in memory (BENCHMARKS.md: idle memory).
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverBuildDir = path.join(root, 'dist/server');

/**
 * Builds the bundle (a fraction of a second) and returns the entry's path. Each file is written
 * under a name of its own and renamed into place, so instances starting together never read a
 * half-written file.
 */
export function buildServer(): string {
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'ballot-check-worker': 'server/crypto/ballot-check-worker.ts',
    },
    outdir: serverBuildDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    write: false,
    logLevel: 'warning',
    legalComments: 'none',
  });
  fs.mkdirSync(serverBuildDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  return path.join(serverBuildDir, 'main.mjs');
}

/** Node's own options in package.json's start script (the bench and the tests start the same way). */
export function startNodeArgs(): string[] {
  const start = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start.split(/\s+/);
  return start.slice(1, start.indexOf('scripts/start.ts'));
}
