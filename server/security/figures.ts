import fs from 'node:fs';
import path from 'node:path';
import { testDbKind } from '../test/database.ts';

export type Figures = Record<string, number | string>;

/**
 * Prints a safety suite's figures and, when SAFETY_FIGURES_DIR is set (`npm run bench -- --only
 * safety`), also writes them as `<suite>.<database>.json` there for BENCHMARKS.md.
 */
export function recordFigures(suite: string, figures: Figures, summary: string) {
  console.log(`${suite} (${testDbKind}): ${summary}`);
  const dir = process.env.SAFETY_FIGURES_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${suite}.${testDbKind}.json`),
    JSON.stringify({ suite, database: testDbKind, figures, summary }, null, 2),
  );
}
