import { describe, expect, it } from 'vitest';
import { hashPassword } from 'better-auth/crypto';
import { passwords, PRODUCTION_SCRYPT_N } from './passwords.ts';

describe('password hashing', () => {
  it('writes production hashes exactly as better-auth does, and reads better-auth’s own', async () => {
    const production = passwords();
    const ours = await production.hash('rahasia-123');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    // better-auth's sign-in would read ours, and we read the ones it wrote before.
    const theirs = await hashPassword('rahasia-123');
    expect(await production.verify(theirs, 'rahasia-123')).toBe(true);
    expect(await production.verify(theirs, 'rahasia-124')).toBe(false);
    expect(await production.verify(ours, 'rahasia-123')).toBe(true);
  });

  it('records a lower cost in the hash, and any instance verifies it by that cost', async () => {
    const cheap = await passwords(1024).hash('rahasia-123');
    expect(cheap.split(':')[2]).toBe('1024');
    expect(await passwords().verify(cheap, 'rahasia-123')).toBe(true);
    expect(await passwords().verify(cheap, 'Rahasia-123')).toBe(false);
    // A hash altered in any field no longer verifies.
    const [salt, key] = cheap.split(':') as [string, string];
    const flip = (s: string) => (s[0] === 'a' ? 'b' : 'a') + s.slice(1);
    for (const altered of [
      `${flip(salt)}:${key}:1024`,
      `${salt}:${flip(key)}:1024`,
      `${salt}:${key}:2048`,
      `${salt}:${key}`,
    ])
      expect(await passwords().verify(altered, 'rahasia-123'), altered.slice(-12)).toBe(false);
    // Never a cost above production's, nor a malformed one.
    expect(await passwords().verify(`${salt}:${key}:${PRODUCTION_SCRYPT_N * 2}`, 'x')).toBe(false);
    expect(await passwords().verify('rusak', 'x')).toBe(false);
  });
});
