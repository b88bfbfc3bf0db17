import fs from 'node:fs';
import path from 'node:path';

/** Raised when another live process already holds the data folder. */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `Folder data ${dir} sedang dipakai oleh proses lain (PID ${pid}). ` +
        'Hentikan server yang berjalan lebih dulu, atau pakai DATA_DIR lain. Tidak ada yang diubah.',
    );
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // a stale lock whose pid we were given again (e.g. pid 1 in a container)
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process. PGlite has no lock of its own and two
 * processes on one folder corrupt it, so every opener goes through here first.
 * A lock left by a dead process is taken over; one held by a live process is refused.
 */
export function lockDataDir(dir: string): { release: () => void } {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Tidak dapat mengunci folder data ${dir}.`);
}
