import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A real, size-limited (or read-only) file system that tests can fill up. */
export type SmallDisk = {
  /** Where the file system is reached from this process (and from the server it starts). */
  path: string;
  /** Writes zeros until the disk answers ENOSPC; returns the filler's path. */
  fill: () => string;
  /** Unmounts it (its contents go with it). */
  dispose: () => Promise<void>;
};

/**
 * Mounts a tmpfs of `size` in a private mount namespace held by a sleeping process (`unshare`:
 * as root directly, otherwise inside an unprivileged user namespace). Nothing changes in the
 * machine's own mounts and the file system disappears with its holder, even if the test dies;
 * every process reaches it through /proc/<holder>/root.
 */
export async function mountSmallDisk(opts: {
  size: string;
  readOnly?: boolean;
}): Promise<SmallDisk> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-disk-'));
  const ns = process.getuid?.() === 0 ? ['--mount'] : ['--user', '--map-root-user', '--mount'];
  const mountOptions = `size=${opts.size}${opts.readOnly ? ',ro' : ''}`;
  const holder = spawn(
    'unshare',
    [
      ...ns,
      'sh',
      '-c',
      // The holder lives at most ten minutes, so a crashed test leaves nothing behind for long.
      'mount -t tmpfs -o "$1" tmpfs "$2" && echo mounted && exec sleep 600',
      'sh',
      mountOptions,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (d: Buffer) => {
      said += d.toString();
      if (said.includes('mounted')) resolve();
    });
    holder.stderr!.on('data', (d: Buffer) => (said += d.toString()));
    holder.once('error', reject);
    holder.once('exit', (code) => reject(new Error(`cannot mount a tmpfs (${code}): ${said}`)));
  });
  const reach = `/proc/${holder.pid}/root${dir}`;
  return {
    path: reach,
    fill: () => {
      const filler = path.join(reach, 'filler');
      const fd = fs.openSync(filler, 'w');
      try {
        for (let size = 1 << 20; size >= 512;) {
          try {
            fs.writeSync(fd, Buffer.alloc(size));
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
            size /= 2;
          }
        }
      } finally {
        fs.closeSync(fd);
      }
      return filler;
    },
    dispose: async () => {
      if (holder.exitCode === null && holder.signalCode === null) {
        const gone = new Promise((r) => holder.once('exit', r));
        holder.kill('SIGKILL');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
