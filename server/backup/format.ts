/**
 * The backup file, written and read by our code alone, the same whichever PostgreSQL the
 * database ran on (a backup of the embedded database restores into a PostgreSQL server and back):
 *
 *   "bem-cadangan\n"  magic line
 *   u32 length + envelope (JSON): format version, creation time, and, when encrypted, the scrypt
 *                     parameters and salt (the envelope is authenticated by every encrypted chunk)
 *   body              gzip of the content frames; encrypted: that gzip stream in AES-256-GCM chunks
 *                     (see cipher.ts)
 *
 * The content is a sequence of frames, each one type byte + u32 length + payload:
 *
 *   H  header (JSON): creation time, source engine, the migrations applied (the migration level),
 *      every table with its columns, primary key and row count, the sequences, the uploaded files
 *   T  a table begins (JSON: its name), in the header's order, which satisfies the foreign keys
 *   R  one row of that table: per column a tag byte (0 null, 1 value) + u32 length + bytes (the
 *      value's PostgreSQL text form in UTF-8, or the raw bytes of a bytea column)
 *   S  the sequences' states (JSON)
 *   F  a file an earlier version kept under DATA_DIR/files: 32 bytes of SHA-256 + its bytes
 *   Z  trailer (JSON): the SHA-256 of every frame before it, and the counts written
 *
 * A plain file is still checked whole: gzip's CRC, the trailer's SHA-256 and its counts.
 */

export const MAGIC = Buffer.from('bem-cadangan\n', 'ascii');
export const FORMAT_VERSION = 1;

/** Largest envelope accepted (it is a few hundred bytes). */
export const MAX_ENVELOPE_BYTES = 64 * 1024;
/** Largest frame accepted: a damaged length must not make the reader allocate gigabytes. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export type ScryptParams = { N: number; r: number; p: number };

export type Envelope = {
  format: number;
  createdAt: string;
  encryption: null | {
    kdf: { name: 'scrypt'; salt: string } & ScryptParams;
    cipher: 'AES-256-GCM';
    /** Plaintext bytes per chunk (the last chunk may be shorter). */
    chunkBytes: number;
    /** Tells a wrong passphrase from a damaged file (derived with the key, never the key). */
    check: string;
  };
};

export type ColumnInfo = {
  name: string;
  /** format_type() of the column, e.g. `timestamp with time zone`, `jsonb`, `bytea`. */
  type: string;
};

export type TableInfo = {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  rows: number;
};

export type MigrationInfo = { tag: string; when: number; hash: string };

export type Header = {
  format: number;
  createdAt: string;
  source: { engine: 'pglite' | 'postgres'; version: string };
  /** The migrations applied to the database, in order: the migration level is their count. */
  migrations: MigrationInfo[];
  /** Every table of the schema, in an order that satisfies its foreign keys. */
  tables: TableInfo[];
  sequences: string[];
  /** Uploaded files (rows of `files`, their bytes in file_chunks) and their total size. */
  uploads: { count: number; bytes: number };
  /** Files an earlier version kept under DATA_DIR/files, not yet moved into the database. */
  diskFiles: { count: number; bytes: number };
};

export type SequenceState = { name: string; lastValue: string; isCalled: boolean };

export type Trailer = {
  sha256: string;
  rows: number;
  tables: Record<string, number>;
  diskFiles: number;
};

export const FRAME = {
  header: 0x48, // H
  table: 0x54, // T
  row: 0x52, // R
  sequences: 0x53, // S
  diskFile: 0x46, // F
  trailer: 0x5a, // Z
} as const;

export const isBinary = (column: ColumnInfo) => column.type === 'bytea';

/** One frame's bytes: type, length, payload. */
export function frame(type: number, payload: Uint8Array): Buffer[] {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return [head, Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)];
}

export const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/** A row's payload: per column a tag byte, a length and the value's bytes. */
export function encodeRow(values: readonly (string | Uint8Array | null)[]): Buffer {
  const parts: Buffer[] = [];
  for (const value of values) {
    const head = Buffer.alloc(value === null ? 1 : 5);
    if (value === null) {
      head[0] = 0;
      parts.push(head);
      continue;
    }
    const bytes =
      typeof value === 'string'
        ? Buffer.from(value, 'utf8')
        : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    head[0] = 1;
    head.writeUInt32BE(bytes.length, 1);
    parts.push(head, bytes);
  }
  return Buffer.concat(parts);
}

/** Reads a row's payload back: text columns as strings, bytea columns as bytes. */
export function decodeRow(
  payload: Buffer,
  columns: readonly ColumnInfo[],
): (string | Buffer | null)[] {
  const out: (string | Buffer | null)[] = [];
  let at = 0;
  for (const column of columns) {
    if (at >= payload.length) throw new FormatError('baris terpotong');
    const tag = payload[at]!;
    at += 1;
    if (tag === 0) {
      out.push(null);
      continue;
    }
    if (tag !== 1 || at + 4 > payload.length) throw new FormatError('baris tidak terbaca');
    const length = payload.readUInt32BE(at);
    at += 4;
    if (at + length > payload.length) throw new FormatError('baris terpotong');
    const bytes = payload.subarray(at, at + length);
    at += length;
    out.push(isBinary(column) ? Buffer.from(bytes) : bytes.toString('utf8'));
  }
  if (at !== payload.length) throw new FormatError('baris berisi data lebih');
  return out;
}

/** The content is not what our writer writes (a damaged or foreign file). */
export class FormatError extends Error {}
