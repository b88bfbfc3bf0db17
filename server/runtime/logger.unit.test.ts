import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactText, redactValue } from './logger.ts';

describe('hardening 11: the logger redacts secrets', () => {
  it('removes secret keys at any depth, from errors too', () => {
    const queryError = Object.assign(new Error('Failed query: select 1\nparams: tok-123'), {
      query: 'select 1',
      params: ['tok-123'],
    });
    const out = JSON.stringify(
      redactValue({
        args: [{ params: ['tok-123'], nested: { password: 'pw-1', kodeUndangan: 'KODE-1' } }],
        req: { headers: { cookie: 'a=b', authorization: 'Bearer x' } },
        err: queryError,
        status: 503,
        code: 'ECONNREFUSED',
      }),
    );
    for (const secret of ['tok-123', 'pw-1', 'KODE-1', 'a=b', 'Bearer x'])
      expect(out).not.toContain(secret);
    expect(out).toContain('ECONNREFUSED');
    expect(out).toContain('503');
  });

  it('removes secrets written inside text', () => {
    const cases: [string, string][] = [
      ['smtp://mailer:rahasia@mail.example:587', 'rahasia'],
      ['postgres://app:sandi@db:5432/bem', 'sandi'],
      ['cookie: __Secure-better-auth.session_token=abc.def; other=1', 'abc.def'],
      ['authorization: Bearer abc123xyz', 'abc123xyz'],
      ['GET /api/auth/reset-password/TOKEN123?callbackURL=/x', 'TOKEN123'],
      ['/verify-email?token=tok456&callbackURL=/', 'tok456'],
      ['Failed query: select * from session where token = $1\nparams: tok789', 'tok789'],
    ];
    for (const [text, secret] of cases) {
      const out = redactText(text);
      expect(out, text).not.toContain(secret);
      expect(out).toContain('[REDACTED]');
    }
  });

  it('writes valid JSON lines without the secrets', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const direct = createLogger('info', sink);
    direct.error(
      { err: new Error('boom at postgres://u:pw@h/db'), body: { password: 'pw-2' } },
      'session_token=zzz9 failed',
    );
    expect(lines).toHaveLength(1);
    const parsed = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(lines[0]).not.toMatch(/pw-2|:pw@|zzz9/);
    expect(parsed.msg).toBe('session_token=[REDACTED] failed');
  });
});
