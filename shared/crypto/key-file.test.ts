import { describe, expect, it } from 'vitest';
import {
  KEY_FILE_FORMAT,
  KEY_FILE_KDF,
  KEY_FILE_PROBLEMS,
  openKeyFile,
  passphraseProblem,
  sealKeyFile,
} from './key-file.ts';

const header = { election: 'Bx3kQmZp9WvLtY', publicKey: '123456789012345678901234567890' };
const secret = JSON.stringify({ share: '987654321987654321', owner: 2 });
const passphrase = 'kunci wali 2027!';
/** A cheap scrypt for the tests; the default cost has its own test. */
const cheap = { N: 2 ** 10, r: 8, p: 1 };

/** A key file's fields, loosely, for editing one. */
type Fields = {
  format: string;
  election: string;
  publicKey: string;
  kdf: { name: string; N: number; salt: string };
  cipher: { name: string; iv: string };
  ciphertext?: string;
};
const edit = (text: string, change: (f: Fields) => void) => {
  const f = JSON.parse(text) as Fields;
  change(f);
  return JSON.stringify(f);
};
const flip = (b64: string) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  bytes[bytes.length >> 1]! ^= 1;
  return btoa(String.fromCharCode(...bytes));
};

describe('trustee key files', () => {
  it('open with their passphrase, giving back the secret and the header', async () => {
    const file = await sealKeyFile(header, secret, passphrase, cheap);
    expect(JSON.parse(file)).toMatchObject({ format: KEY_FILE_FORMAT, ...header });
    expect(file).not.toContain('987654321987654321');
    expect(await openKeyFile(file, passphrase)).toEqual({ ok: true, ...header, secret });
  });

  it('are sealed with fresh randomness each time', async () => {
    const [a, b] = await Promise.all([
      sealKeyFile(header, secret, passphrase, cheap),
      sealKeyFile(header, secret, passphrase, cheap),
    ]);
    const [fa, fb] = [JSON.parse(a), JSON.parse(b)];
    expect(fa.kdf.salt).not.toBe(fb.kdf.salt);
    expect(fa.cipher.iv).not.toBe(fb.cipher.iv);
    expect(fa.ciphertext).not.toBe(fb.ciphertext);
  });

  it('do not open with another passphrase, nor after any field changed', async () => {
    const file = await sealKeyFile(header, secret, passphrase, cheap);
    const wrong = { ok: false, reason: 'wrong-passphrase' };
    expect(await openKeyFile(file, 'kunci wali 2027?')).toEqual(wrong);
    expect(await openKeyFile(file, `${passphrase} `)).toEqual(wrong);
    for (const change of [
      (f: Fields) => (f.ciphertext = flip(f.ciphertext!)),
      (f: Fields) => (f.cipher.iv = flip(f.cipher.iv)),
      (f: Fields) => (f.kdf.salt = flip(f.kdf.salt)),
      (f: Fields) => (f.kdf.N = 2 ** 11),
      (f: Fields) => (f.election = 'Cx3kQmZp9WvLtY'),
      (f: Fields) => (f.publicKey = '123456789012345678901234567891'),
    ]) {
      expect(await openKeyFile(edit(file, change), passphrase)).toEqual(wrong);
    }
    // Another trustee's file, with this trustee's passphrase.
    const theirs = await sealKeyFile(header, secret, 'kata sandi orang lain', cheap);
    expect(await openKeyFile(theirs, passphrase)).toEqual(wrong);
  });

  it('tell a file that is not a key file from a wrong passphrase', async () => {
    const file = await sealKeyFile(header, secret, passphrase, cheap);
    const notOne = { ok: false, reason: 'not-a-key-file' };
    for (const text of [
      '',
      'bukan json',
      '{}',
      '[1,2,3]',
      edit(file, (f) => (f.format = 'bem-kunci-wali/0')),
      edit(file, (f) => delete f.ciphertext),
      edit(file, (f) => (f.kdf.N = 2 ** 24)), // a cost no browser could pay
      edit(file, (f) => (f.kdf.N = 1000)), // not a power of two
      edit(file, (f) => (f.cipher.iv = '!!!')),
      edit(file, (f) => (f.cipher.name = 'AES-CBC')),
      edit(file, (f) => (f.kdf.salt = btoa('pendek'))),
    ]) {
      expect(await openKeyFile(text, passphrase), text.slice(0, 60)).toEqual(notOne);
    }
    expect(KEY_FILE_PROBLEMS['not-a-key-file']).toMatch(/bukan berkas kunci/);
    expect(KEY_FILE_PROBLEMS['wrong-passphrase']).toMatch(/Kata sandi salah/);
  });

  it('refuse a short passphrase or one with spaces around it, in Indonesian', async () => {
    expect(passphraseProblem('pendek')).toBe('Kata sandi berkas kunci minimal 12 karakter.');
    expect(passphraseProblem(' kunci wali 2027')).toMatch(/spasi/);
    expect(passphraseProblem(passphrase)).toBeUndefined();
    await expect(sealKeyFile(header, secret, 'pendek', cheap)).rejects.toThrow(/minimal 12/);
  });

  it('take a passphrase however its accents were typed (NFC)', async () => {
    const composed = 'kata sandi café 2027';
    const file = await sealKeyFile(header, secret, composed, cheap);
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await openKeyFile(file, decomposed)).toMatchObject({ ok: true, secret });
  });

  it('record the default cost (scrypt N = 2^17, r = 8, p = 1) and open with it', async () => {
    const file = await sealKeyFile(header, secret, passphrase);
    expect(JSON.parse(file).kdf).toMatchObject({ name: 'scrypt', ...KEY_FILE_KDF });
    expect(await openKeyFile(file, passphrase)).toMatchObject({ ok: true, secret });
  });
});
