import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server with one bad setting and returns how it ended and what it said. */
async function start(env: Record<string, string>) {
  const server = spawnServer({ DATA_DIR: dataDir, env });
  const timer = setTimeout(() => void server.kill(), 30_000);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, lines: server.output().trim().split('\n').filter(Boolean) };
}

describe('hardening 14: configuration errors stop the start with one line naming the variable', () => {
  const cases: [string, Record<string, string>][] = [
    ['PUBLIC_URL', { PUBLIC_URL: 'bem.ac.id' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://bem.ac.id' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://app@:99999/bem' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://app@db/bem' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://mailer:rahasia-smtp@:x' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.ac.id' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: 'delapan' }],
  ];
  it.each(cases)('%s %j', async (variable, env) => {
    const { code, lines } = await start(env);
    expect(code).toBe(1);
    expect(lines, lines.join('\n')).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Konfigurasi tidak valid: ${variable} `));
    expect(lines[0]).not.toMatch(/\bat \S+:\d+|\{"level"|rahasia-smtp/);
  });
});
