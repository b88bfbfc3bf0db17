import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmpDataDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-cli-'));
  dirs.push(d);
  return d;
}

/** Runs `npm run admin -- …` the way an operator does (same script, same Node). */
function admin(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/admin.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

// Each call is a new process that opens (and on first use migrates) its own embedded database:
// several seconds each, more on a loaded machine, so these tests get more than the default time.
describe('npm run admin', { timeout: 120_000 }, () => {
  it('creates a master admin and lists admins', async () => {
    const dir = tmpDataDir();
    const created = admin(
      dir,
      'create',
      '--email',
      'Ketua@BEM.test',
      '--password',
      'sandi-master-1',
      '--name',
      'Ketua BEM',
      '--role',
      'master',
    );
    expect(created.out).toContain('Admin dibuat: ketua@bem.test (master)');
    expect(created.code).toBe(0);
    const plain = admin(
      dir,
      'create',
      '--email',
      'staf@bem.test',
      '--password',
      'sandi-staf-1',
      '--name',
      'Staf BEM',
    );
    expect(plain.out).toContain('(admin)');
    const list = admin(dir, 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/master\s+ketua@bem\.test\s+Ketua BEM/);
    expect(list.out).toMatch(/admin\s+staf@bem\.test\s+Staf BEM/);
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const dir = tmpDataDir();
    const bad = admin(
      dir,
      'create',
      '--email',
      'bukan-email',
      '--password',
      'pendek',
      '--name',
      'X Y',
      '--role',
      'raja',
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('Format email tidak valid.');
    expect(bad.out).toContain('Kata sandi minimal 8 karakter.');
    expect(bad.out).toContain('Peran harus master atau admin.');
    const dup1 = admin(
      dir,
      'create',
      '--email',
      'a@bem.test',
      '--password',
      'sandi-aaaa-1',
      '--name',
      'Ana',
    );
    expect(dup1.code).toBe(0);
    const dup2 = admin(
      dir,
      'create',
      '--email',
      'A@BEM.test',
      '--password',
      'sandi-aaaa-1',
      '--name',
      'Ana',
    );
    expect(dup2.code).toBe(1);
    expect(dup2.out).toContain('Email sudah terdaftar');
    expect(admin(dir, 'list').out.match(/a@bem\.test/g)).toHaveLength(1);
  });
});

describe('the data folder lock', { timeout: 120_000 }, () => {
  it('refuses the CLI and a second server while a server holds the folder, and touches nothing', async () => {
    const dir = tmpDataDir();
    const server = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('siap di')) resolve();
        });
        server.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
      });
      const lockBefore = fs.readFileSync(path.join(dir, 'server.lock'), 'utf8');

      const cli = admin(
        dir,
        'create',
        '--email',
        'x@bem.test',
        '--password',
        'sandi-xxxx-1',
        '--name',
        'Xena',
      );
      expect(cli.code).toBe(1);
      expect(cli.out).toContain('sedang dipakai oleh proses lain');
      expect(cli.out).toContain('Tidak ada yang diubah');

      const second = spawnSync(process.execPath, [path.join(root, 'server/main.ts')], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain('sedang dipakai oleh proses lain');
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(lockBefore);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    // After a clean shutdown the lock is gone and the CLI sees no admin was created meanwhile.
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    expect(admin(dir, 'list').out).toContain('Belum ada admin.');
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tmpDataDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999\n');
    const list = admin(dir, 'list');
    expect(list.code).toBe(0);
    expect(list.out).toContain('Belum ada admin.');
  });
});
