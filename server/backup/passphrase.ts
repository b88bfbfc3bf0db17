import fs from 'node:fs';
import { BackupError } from './errors.ts';

/**
 * The passphrase kept in a file (so it never appears in a command line or the shell's history):
 * the file's text without its final line break.
 */
export function readPassphraseFile(file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupError(`Berkas kata sandi ${file} tidak dapat dibaca (${code ?? 'galat'}).`);
  }
  const passphrase = text.replace(/\r?\n$/, '');
  if (!passphrase) throw new BackupError(`Berkas kata sandi ${file} kosong.`);
  return passphrase;
}
