import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, Tx } from '../db/client.ts';
import { fileChunks, files } from '../db/schema/index.ts';
import { ApiError } from '../http/errors.ts';
import { reencodeImage } from '../images/pipeline.ts';

export type StoredFile = typeof files.$inferSelect;

/** Largest upload accepted at all (documents); images are re-encoded much smaller. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Image renditions: the large one for pages and link previews, the small one for lists. */
export const IMAGE_WIDTHS = { large: 1600, small: 640 } as const;
/** Decoding stops beyond this many pixels (a decompression bomb is refused, not expanded). */
const MAX_INPUT_PIXELS = 40_000_000;

/** Documents the Bank Dokumen takes, recognised by their content: type and download extension. */
const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/x-cfb': 'doc',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const refuse = (message: string) => new ApiError(400, 'INVALID_FILE', message, { file: message });

/** A stored file's bytes are kept in pieces of this size (file_chunks), read one at a time. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/**
 * Stores bytes under their hash with their row, in one transaction: a file is either there
 * whole, for every instance, or not at all. The same bytes stored twice (even by two instances at
 * once: the second waits on the first's row) are one file.
 */
async function put(
  db: Db,
  bytes: Buffer,
  meta: Omit<StoredFile, 'hash' | 'size' | 'createdAt'>,
): Promise<StoredFile> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(files)
      .values({ hash, size: bytes.length, ...meta })
      .onConflictDoNothing({ target: files.hash })
      .returning();
    if (!created) {
      const [existing] = await tx.select().from(files).where(eq(files.hash, hash));
      return existing!;
    }
    await writeChunks(tx, hash, bytes);
    return created;
  });
}

async function writeChunks(tx: Tx, hash: string, bytes: Buffer) {
  for (let seq = 0; seq * FILE_CHUNK_BYTES < bytes.length || seq === 0; seq++) {
    const data = bytes.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES);
    await tx.insert(fileChunks).values({ hash, seq, data });
  }
}

/**
 * Gives a file row recorded before files were kept in the database its bytes (read from the old
 * DATA_DIR/files folder); the bytes must hash to the row's name. 'stored' when they were added,
 * 'present' when the row has them already, 'unknown' when there is no such row (a released file).
 */
export async function importStoredBytes(
  db: Db,
  hash: string,
  bytes: Buffer,
): Promise<'stored' | 'present' | 'unknown'> {
  if (createHash('sha256').update(bytes).digest('hex') !== hash)
    throw new Error(`bytes do not hash to ${hash}`);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(files).where(eq(files.hash, hash)).for('update');
    if (!row) return 'unknown';
    const [chunk] = await tx
      .select({ seq: fileChunks.seq })
      .from(fileChunks)
      .where(and(eq(fileChunks.hash, hash), eq(fileChunks.seq, 0)));
    if (chunk) return 'present';
    await writeChunks(tx, hash, bytes);
    return 'stored';
  });
}

/**
 * A stored file's bytes as a stream, one piece read from the database at a time (a 20 MB
 * document never sits whole in memory); null when the file is not stored (or was released).
 */
export async function readStoredFile(db: Db, hash: string) {
  const [first] = await db
    .select({ data: fileChunks.data })
    .from(fileChunks)
    .where(and(eq(fileChunks.hash, hash), eq(fileChunks.seq, 0)));
  if (!first) return null;
  let seq = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (seq === 0) {
        seq = 1;
        controller.enqueue(new Uint8Array(first.data));
        return;
      }
      const [next] = await db
        .select({ data: fileChunks.data })
        .from(fileChunks)
        .where(and(eq(fileChunks.hash, hash), eq(fileChunks.seq, seq++)));
      if (next) controller.enqueue(new Uint8Array(next.data));
      else controller.close();
    },
  });
}

/**
 * Decodes an uploaded image and stores two re-encoded JPEG renditions (EXIF and everything else
 * dropped, orientation applied, at most 1600 and 640 px wide). Anything that does not decode as
 * a JPEG, PNG or WebP image is refused.
 */
export async function storeImage(
  db: Db,
  bytes: Buffer,
  createdBy: string | null,
): Promise<{ large: StoredFile; small: StoredFile }> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !['image/jpeg', 'image/png', 'image/webp'].includes(type.mime))
    throw refuse('Gambar harus berupa berkas JPEG, PNG atau WebP.');
  const render = async (width: number) => {
    try {
      const image = await reencodeImage(bytes, {
        maxInputPixels: MAX_INPUT_PIXELS,
        format: 'jpeg',
        maxWidth: width,
        quality: 82,
        flatten: true,
      });
      return put(db, image.data, {
        kind: 'image',
        contentType: 'image/jpeg',
        width: image.width,
        height: image.height,
        createdBy,
      });
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw refuse('Gambar tidak dapat dibaca atau terlalu besar (maksimal 40 megapiksel).');
    }
  };
  const large = await render(IMAGE_WIDTHS.large);
  const small = await render(IMAGE_WIDTHS.small);
  return { large, small };
}

/**
 * Stores a document for the Bank Dokumen when its content is a PDF, an office document or an
 * image; the type comes from the bytes, never from the name. Returns the extension to download it with.
 */
export async function storeDocument(
  db: Db,
  bytes: Buffer,
  createdBy: string | null,
): Promise<{ file: StoredFile; extension: string }> {
  if (bytes.length === 0) throw refuse('Berkas kosong.');
  if (bytes.length > MAX_UPLOAD_BYTES) throw refuse('Ukuran berkas maksimal 20 MB.');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? DOCUMENT_TYPES[type.mime] : undefined;
  if (!type || !extension)
    throw refuse(
      'Jenis berkas tidak didukung. Unggah PDF, dokumen Office (Word, Excel, PowerPoint), OpenDocument atau gambar.',
    );
  const contentType = type.mime === 'application/x-cfb' ? 'application/msword' : type.mime;
  // A picture kept as a document still loses its metadata (EXIF, GPS): re-encoded, same format.
  if (contentType.startsWith('image/')) {
    try {
      bytes = (
        await reencodeImage(bytes, {
          maxInputPixels: MAX_INPUT_PIXELS,
          format: extension === 'jpg' ? 'jpeg' : (extension as 'png' | 'webp'),
        })
      ).data;
    } catch {
      throw refuse('Gambar tidak dapat dibaca atau terlalu besar (maksimal 40 megapiksel).');
    }
  }
  const file = await put(db, bytes, {
    kind: 'document',
    contentType,
    width: null,
    height: null,
    createdBy,
  });
  return { file, extension };
}

/**
 * A file name safe for a Content-Disposition header and any file system: letters, digits, dot,
 * dash, underscore and spaces only, no path, with the extension the content has.
 */
export function safeFileName(title: string, extension: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
      .replace(/\.+/g, '.')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, 100) || 'dokumen';
  return `${base.replace(new RegExp(`\\.${extension}$`, 'i'), '')}.${extension}`;
}
