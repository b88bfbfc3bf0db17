import fs from 'node:fs';
import path from 'node:path';

/** Raised when DATA_DIR cannot hold the server's data: nothing was made or changed. */
export class DataDirError extends Error {
  readonly code: string;
  constructor(dir: string, code: string) {
    const reason = REASONS[code] ?? 'kesalahan sistem berkas';
    const advice =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'Kosongkan ruang disk, lalu jalankan lagi.'
        : 'Periksa izin dan jalurnya, atau pakai DATA_DIR lain.';
    super(
      `DATA_DIR ${dir} tidak dapat ditulisi: ${reason} (${code}). ${advice} ` +
        'Basis data tidak dibuat atau diubah.',
    );
    this.code = code;
  }
}

const REASONS: Record<string, string> = {
  ENOSPC: 'disk penuh',
  EDQUOT: 'kuota disk habis',
  EACCES: 'izin ditolak',
  EPERM: 'izin ditolak',
  EROFS: 'sistem berkasnya hanya-baca',
  ENOTDIR: 'sebagian jalurnya bukan folder',
  EEXIST: 'sudah ada berkas (bukan folder) dengan nama itu',
  EIO: 'kesalahan baca/tulis disk',
};

// PGlite's file system (Emscripten) throws its own errors carrying WASI errno numbers.
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  29: 'EIO',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/**
 * The file-system error code behind `err` (Node's `code`, PGlite's WASI errno, or PostgreSQL's
 * disk_full), or undefined when it is not a file-system error.
 */
export function fileSystemErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; name?: unknown; errno?: unknown } | null;
  if (!e || typeof e !== 'object') return undefined;
  if (typeof e.code === 'string' && e.code in REASONS) return e.code;
  if (e.code === '53100') return 'ENOSPC';
  if (e.name === 'ErrnoError' && typeof e.errno === 'number')
    return WASI_ERRNO[e.errno] ?? `errno ${e.errno}`;
  return undefined;
}

function makeDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    // Node's recursive mkdir reports some failures (a read-only file system) as ENOENT; asking
    // again for the folder alone gives the real reason.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(dir);
  }
}

/** How much the start-up probe writes: a few pages, so a full disk cannot pass it. */
const PROBE_BYTES = 64 * 1024;

/**
 * Makes DATA_DIR if needed and proves it can be written (a probe file written, flushed to disk
 * and removed), so an unwritable folder or a full disk stops the start with a clear message
 * before any database is opened or made.
 */
export function checkDataDir(dir: string): void {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    makeDir(dir);
    const fd = fs.openSync(probe, 'w', 0o600);
    try {
      fs.writeSync(fd, Buffer.alloc(PROBE_BYTES));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    const code = fileSystemErrorCode(err) ?? (err as NodeJS.ErrnoException).code;
    if (code) throw new DataDirError(dir, code);
    throw err;
  } finally {
    try {
      fs.rmSync(probe, { force: true });
    } catch {
      // the probe was never made
    }
  }
}

/**
 * Free space the embedded database keeps in reserve: a few WAL segments (16 MB each). PGlite
 * answers a full disk cleanly while it extends a table (SQLSTATE 53100), but when it cannot
 * create its next WAL segment it stops answering altogether and blocks the whole process, so
 * writes are refused (see server/http/storage-guard.ts) well before that can happen.
 */
export const PGLITE_FREE_SPACE_FLOOR = 64 * 1024 * 1024;

/**
 * A check that is true while the file system holding `dir` has less than `floor` bytes free for
 * this process; the file system is asked at most once a second.
 */
export function lowDiskSpace(dir: string, floor: number): () => boolean {
  let checkedAt = 0;
  let low = false;
  return () => {
    const now = Date.now();
    if (now - checkedAt >= 1000) {
      checkedAt = now;
      try {
        const s = fs.statfsSync(dir);
        low = s.bavail * s.bsize < floor;
      } catch {
        low = false;
      }
    }
    return low;
  };
}
