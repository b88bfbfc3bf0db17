import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { ByteReader } from './byte-reader.ts';
import {
  acceptableKdf,
  associatedData,
  checkPassphrase,
  decryptStream,
  deriveKey,
} from './cipher.ts';
import { BackupError, DamagedBackupError, TruncatedBackupError } from './errors.ts';
import {
  decodeRow,
  FormatError,
  FRAME,
  MAGIC,
  MAX_ENVELOPE_BYTES,
  MAX_FRAME_BYTES,
  type Envelope,
  type Header,
  type SequenceState,
  type TableInfo,
  type Trailer,
} from './format.ts';

/** A backup file whose envelope has been read and, when encrypted, whose passphrase is right. */
export type OpenedBackup = {
  file: string;
  envelope: Envelope;
  /** Where the body starts. */
  bodyOffset: number;
  /** Present when the body is encrypted. */
  sealing?: { key: Buffer; aad: Buffer; chunkBytes: number };
};

/**
 * Reads a backup's envelope and, when the file is encrypted, derives the key from the passphrase
 * and checks it (a wrong one is told apart from a damaged file).
 */
export async function openBackup(file: string, passphrase?: string): Promise<OpenedBackup> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT'
        ? `Berkas cadangan ${file} tidak ada.`
        : `Berkas cadangan ${file} tidak dapat dibaca (${code ?? (err as Error).message}).`,
    );
  }
  try {
    const start = Buffer.alloc(MAGIC.length + 4);
    const got = fs.readSync(fd, start, 0, start.length, 0);
    if (got < MAGIC.length || !start.subarray(0, MAGIC.length).equals(MAGIC))
      throw new BackupError(`Berkas ${file} bukan berkas cadangan aplikasi ini.`);
    if (got < start.length) throw new TruncatedBackupError();
    const length = start.readUInt32BE(MAGIC.length);
    if (length > MAX_ENVELOPE_BYTES) throw new DamagedBackupError('amplop berkas tidak sah');
    const envelopeBytes = Buffer.alloc(length);
    if (fs.readSync(fd, envelopeBytes, 0, length, start.length) < length)
      throw new TruncatedBackupError();
    const envelope = parseEnvelope(envelopeBytes);
    const bodyOffset = start.length + length;
    if (!envelope.encryption) return { file, envelope, bodyOffset };
    if (passphrase === undefined)
      throw new BackupError(
        'Berkas cadangan ini terenkripsi: berikan kata sandinya dengan --passphrase-file BERKAS.',
      );
    const { kdf, chunkBytes, check } = envelope.encryption;
    const key = await deriveKey(passphrase, Buffer.from(kdf.salt, 'base64'), kdf);
    checkPassphrase(key, Buffer.from(check, 'base64'));
    return {
      file,
      envelope,
      bodyOffset,
      sealing: {
        key: key.key,
        aad: associatedData(Buffer.concat([start, envelopeBytes])),
        chunkBytes,
      },
    };
  } finally {
    fs.closeSync(fd);
  }
}

function parseEnvelope(bytes: Buffer): Envelope {
  let e: Envelope;
  try {
    e = JSON.parse(bytes.toString('utf8')) as Envelope;
  } catch {
    throw new DamagedBackupError('amplop berkas tidak terbaca');
  }
  if (!e || typeof e !== 'object' || typeof e.format !== 'number')
    throw new DamagedBackupError('amplop berkas tidak sah');
  if (e.format !== 1)
    throw new BackupError(
      `Berkas cadangan ini memakai format ${e.format}, yang tidak dikenal versi aplikasi ini: ` +
        'pulihkan dengan versi yang membuatnya atau yang lebih baru.',
    );
  const enc = e.encryption;
  if (enc !== null) {
    if (
      !enc ||
      enc.cipher !== 'AES-256-GCM' ||
      enc.kdf?.name !== 'scrypt' ||
      typeof enc.kdf.salt !== 'string' ||
      typeof enc.check !== 'string' ||
      !acceptableKdf(enc.kdf) ||
      !Number.isInteger(enc.chunkBytes) ||
      enc.chunkBytes < 1 ||
      enc.chunkBytes > MAX_FRAME_BYTES
    )
      throw new DamagedBackupError('parameter enkripsi tidak sah');
  }
  return e;
}

/** What a restore does with the content as it is read; every step is optional. */
export type ContentVisitor = {
  header?: (header: Header, text: string) => Promise<void>;
  table?: (table: TableInfo) => Promise<void>;
  row?: (table: TableInfo, values: (string | Buffer | null)[]) => Promise<void>;
  /** After the last row of the last table. */
  sequences?: (states: SequenceState[]) => Promise<void>;
  diskFile?: (hash: string, bytes: Buffer) => Promise<void>;
};

/**
 * Reads the whole content in one pass, handing it to the visitor, and checks it on the way: the
 * frames in their order, every table's row count against the header and the trailer, and the
 * trailer's SHA-256 over everything before it. Throws DamagedBackupError, TruncatedBackupError
 * or the visitor's own error; returns the header and trailer only when the file was whole.
 */
export async function readContent(
  opened: OpenedBackup,
  visitor: ContentVisitor = {},
): Promise<{ header: Header; trailer: Trailer; headerText: string }> {
  let result: { header: Header; trailer: Trailer; headerText: string } | undefined;
  const file = fs.createReadStream(opened.file, {
    start: opened.bodyOffset,
    highWaterMark: 256 * 1024,
  });
  const consume = async (source: AsyncIterable<Buffer>) => {
    result = await readFrames(new ByteReader(source), visitor);
  };
  const { sealing } = opened;
  try {
    if (sealing)
      await pipeline(
        file,
        decryptStream(sealing.key, sealing.aad, sealing.chunkBytes),
        zlib.createGunzip(),
        consume,
      );
    else await pipeline(file, zlib.createGunzip(), consume);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    if (err instanceof FormatError) throw new DamagedBackupError(err.message);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw new TruncatedBackupError();
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new DamagedBackupError('data terkompresi tidak sah');
    throw err;
  }
  return result!;
}

async function readFrames(reader: ByteReader, visitor: ContentVisitor) {
  const hash = createHash('sha256');
  const next = async () => {
    const head = await reader.read(5);
    const length = head.readUInt32BE(1);
    if (length > MAX_FRAME_BYTES) throw new FormatError('panjang bagian tidak sah');
    const payload = await reader.read(length);
    return { type: head[0]!, head, payload };
  };
  const json = <T>(payload: Buffer, what: string): T => {
    try {
      return JSON.parse(payload.toString('utf8')) as T;
    } catch {
      throw new FormatError(`${what} tidak terbaca`);
    }
  };

  let f = await next();
  if (f.type !== FRAME.header) throw new FormatError('kepala cadangan tidak ada');
  const headerText = f.payload.toString('utf8');
  const header = json<Header>(f.payload, 'kepala cadangan');
  if (!Array.isArray(header.tables) || !Array.isArray(header.migrations))
    throw new FormatError('kepala cadangan tidak sah');
  hash.update(f.head).update(f.payload);
  await visitor.header?.(header, headerText);

  let rows = 0;
  const counted: Record<string, number> = {};
  f = await next();
  for (const table of header.tables) {
    if (f.type !== FRAME.table) throw new FormatError(`tabel ${table.name} tidak ada`);
    if (json<{ name: string }>(f.payload, 'nama tabel').name !== table.name)
      throw new FormatError(`urutan tabel tidak sesuai kepala (${table.name})`);
    hash.update(f.head).update(f.payload);
    await visitor.table?.(table);
    let n = 0;
    for (f = await next(); f.type === FRAME.row; f = await next()) {
      hash.update(f.head).update(f.payload);
      const values = decodeRow(f.payload, table.columns);
      n++;
      await visitor.row?.(table, values);
    }
    if (n !== table.rows)
      throw new FormatError(`tabel ${table.name}: ${n} baris, kepala menyebut ${table.rows}`);
    counted[table.name] = n;
    rows += n;
  }
  if (f.type !== FRAME.sequences) throw new FormatError('keadaan sekuens tidak ada');
  hash.update(f.head).update(f.payload);
  const states = json<SequenceState[]>(f.payload, 'keadaan sekuens');
  if (
    !Array.isArray(states) ||
    states.map((s) => s.name).join('\n') !== (header.sequences ?? []).join('\n')
  )
    throw new FormatError('daftar sekuens tidak sesuai kepala');
  await visitor.sequences?.(states);

  let diskFiles = 0;
  for (f = await next(); f.type === FRAME.diskFile; f = await next()) {
    hash.update(f.head).update(f.payload);
    if (f.payload.length < 32) throw new FormatError('berkas lama tidak sah');
    const name = f.payload.subarray(0, 32).toString('hex');
    const bytes = f.payload.subarray(32);
    if (createHash('sha256').update(bytes).digest('hex') !== name)
      throw new FormatError('isi berkas lama tidak cocok dengan namanya');
    diskFiles++;
    await visitor.diskFile?.(name, bytes);
  }
  if (f.type !== FRAME.trailer) throw new FormatError('penutup cadangan tidak ada');
  const trailer = json<Trailer>(f.payload, 'penutup cadangan');
  if (trailer.sha256 !== hash.digest('hex')) throw new FormatError('SHA-256 isi tidak cocok');
  if (
    trailer.rows !== rows ||
    trailer.diskFiles !== diskFiles ||
    diskFiles !== header.diskFiles?.count ||
    JSON.stringify(trailer.tables) !== JSON.stringify(counted)
  )
    throw new FormatError('jumlah di penutup tidak sesuai isi');
  if (!(await reader.atEnd())) throw new FormatError('ada data setelah penutup');
  return { header, trailer, headerText };
}
