import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The current period, the footer and the Tentang page are one per site, and specs running side by
 * side share the server: a test changes them only while holding this lock (a directory, made
 * atomically, shared by every spec that changes them), and puts back what it found.
 */
export async function withSiteLock<T>(fn: () => Promise<T>): Promise<T> {
  const port = new URL(process.env.E2E_BASE_URL!).port;
  const dir = path.join(os.tmpdir(), `bem-e2e-site-settings-${port}.lock`);
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // A lock left by a crashed run is taken over after two minutes.
    const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 120_000) fs.rmSync(dir, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error('site settings lock not free within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
