/**
 * A trustee's key file: the secret key material sealed under a passphrase the trustee chooses, so
 * that the file alone (a lost laptop, a forwarded mail) opens nothing. scrypt (memory-hard, from
 * @noble/hashes) turns the passphrase into an AES-256-GCM key (WebCrypto); the file's public
 * header — which election, which verification key — is authenticated with it, so a file whose
 * header was edited, or sealed for another election, does not open. Runs in Node and browsers.
 */
import { scryptAsync } from '@noble/hashes/scrypt.js';

export const KEY_FILE_FORMAT = 'bem-kunci-wali/1';

/** scrypt's cost: 128 MiB and about a second (OWASP's N = 2^17, r = 8, p = 1). */
export const KEY_FILE_KDF = { N: 2 ** 17, r: 8, p: 1 } as const;

/** The shortest passphrase accepted. */
export const PASSPHRASE_MIN = 12;

/** What the file says openly: it is authenticated, never secret. */
export type KeyFileHeader = {
  /** The election's Belenios uuid. */
  election: string;
  /** The trustee's public verification key (decimal), which the key check compares. */
  publicKey: string;
};

type KeyFileJson = KeyFileHeader & {
  format: string;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
};

export type OpenedKeyFile =
  | ({ ok: true; secret: string } & KeyFileHeader)
  | { ok: false; reason: 'not-a-key-file' | 'wrong-passphrase' };

/** Why a passphrase is refused (an Indonesian sentence), or undefined. */
export function passphraseProblem(passphrase: string): string | undefined {
  if ([...passphrase].length < PASSPHRASE_MIN)
    return `Kata sandi berkas kunci minimal ${PASSPHRASE_MIN} karakter.`;
  if (passphrase.trim() !== passphrase)
    return 'Kata sandi berkas kunci tidak boleh diawali atau diakhiri spasi.';
  return undefined;
}

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The header's bytes as the cipher authenticates them (fixed field order). */
const headerBytes = (h: KeyFileHeader & { format: string }) =>
  new TextEncoder().encode(JSON.stringify([h.format, h.election, h.publicKey]));

async function aesKey(
  passphrase: string,
  salt: Uint8Array,
  kdf: { N: number; r: number; p: number },
): ReturnType<typeof crypto.subtle.importKey> {
  const raw = await scryptAsync(passphrase.normalize('NFC'), salt, { ...kdf, dkLen: 32 });
  return crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
}

/**
 * Seals `secret` (the trustee's key material, as text) under the passphrase; returns the file's
 * text. `kdf` is for tests only (a cheaper scrypt); files always record the cost they used.
 */
export async function sealKeyFile(
  header: KeyFileHeader,
  secret: string,
  passphrase: string,
  kdf: { N: number; r: number; p: number } = KEY_FILE_KDF,
): Promise<string> {
  const problem = passphraseProblem(passphrase);
  if (problem) throw new Error(problem);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await aesKey(passphrase, salt, kdf);
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: headerBytes({ format: KEY_FILE_FORMAT, ...header }) },
      key,
      new TextEncoder().encode(secret),
    ),
  );
  const file: KeyFileJson = {
    format: KEY_FILE_FORMAT,
    election: header.election,
    publicKey: header.publicKey,
    kdf: { name: 'scrypt', ...kdf, salt: toB64(salt) },
    cipher: { name: 'AES-GCM', iv: toB64(iv) },
    ciphertext: toB64(ciphertext),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads a key file's text: its shape only, nothing decrypted. */
function readKeyFile(text: string): KeyFileJson | undefined {
  let f: unknown;
  try {
    f = JSON.parse(text);
  } catch {
    return undefined;
  }
  const o = f as Partial<KeyFileJson> | null;
  const str = (x: unknown) => typeof x === 'string';
  const int = (x: unknown, max: number) =>
    Number.isInteger(x) && (x as number) >= 1 && (x as number) <= max;
  if (
    !o ||
    o.format !== KEY_FILE_FORMAT ||
    !str(o.election) ||
    !str(o.publicKey) ||
    !str(o.ciphertext) ||
    o.kdf?.name !== 'scrypt' ||
    !str(o.kdf.salt) ||
    // A cost no browser could pay is not a key file of ours (and would hang the page).
    !int(o.kdf.N, 2 ** 20) ||
    (o.kdf.N & (o.kdf.N - 1)) !== 0 ||
    !int(o.kdf.r, 32) ||
    !int(o.kdf.p, 4) ||
    o.cipher?.name !== 'AES-GCM' ||
    !str(o.cipher.iv)
  )
    return undefined;
  return o as KeyFileJson;
}

/**
 * Opens a key file with its passphrase. A wrong passphrase, a file changed in any byte and a
 * header edited or swapped all give 'wrong-passphrase' (AES-GCM cannot tell them apart);
 * anything that is not a key file gives 'not-a-key-file'. Never throws.
 */
export async function openKeyFile(text: string, passphrase: string): Promise<OpenedKeyFile> {
  const f = readKeyFile(text);
  if (!f) return { ok: false, reason: 'not-a-key-file' };
  let salt: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array;
  try {
    [salt, iv, ciphertext] = [fromB64(f.kdf.salt), fromB64(f.cipher.iv), fromB64(f.ciphertext)];
  } catch {
    return { ok: false, reason: 'not-a-key-file' };
  }
  if (salt.length < 16 || iv.length !== 12) return { ok: false, reason: 'not-a-key-file' };
  try {
    const key = await aesKey(passphrase, salt, f.kdf);
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: iv as Uint8Array<ArrayBuffer>,
        additionalData: headerBytes(f),
      },
      key,
      ciphertext as Uint8Array<ArrayBuffer>,
    );
    return {
      ok: true,
      election: f.election,
      publicKey: f.publicKey,
      secret: new TextDecoder('utf-8', { fatal: true }).decode(plain),
    };
  } catch {
    return { ok: false, reason: 'wrong-passphrase' };
  }
}

/** What the trustee is told when a file does not open. */
export const KEY_FILE_PROBLEMS: Record<Extract<OpenedKeyFile, { ok: false }>['reason'], string> = {
  'not-a-key-file': 'Berkas ini bukan berkas kunci wali kunci yang sah.',
  'wrong-passphrase': 'Kata sandi salah, atau berkas kunci telah berubah.',
};
