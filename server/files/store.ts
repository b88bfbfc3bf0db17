import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
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

/** Where a stored file lives: DATA_DIR/files/ab/abcdef… (by the hash of its bytes). */
export const filePath = (dataDir: string, hash: string) =>
  path.join(dataDir, 'files', hash.slice(0, 2), hash);

/** Writes bytes under their hash (atomically: a temporary file renamed into place) and records them. */
async function put(
  db: Db,
  dataDir: string,
  bytes: Buffer,
  meta: Omit<StoredFile, 'hash' | 'size' | 'createdAt'>,
): Promise<StoredFile> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const target = filePath(dataDir, hash);
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.access(target);
  } catch {
    const tmp = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, target);
  }
  const [row] = await db
    .insert(files)
    .values({ hash, size: bytes.length, ...meta })
    .onConflictDoUpdate({ target: files.hash, set: { hash } })
    .returning();
  return row!;
}

/**
 * Decodes an uploaded image and stores two re-encoded JPEG renditions (EXIF and everything else
 * dropped, orientation applied, at most 1600 and 640 px wide). Anything that does not decode as
 * a JPEG, PNG or WebP image is refused.
 */
export async function storeImage(
  db: Db,
  dataDir: string,
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
      return put(db, dataDir, image.data, {
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
  dataDir: string,
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
  const file = await put(db, dataDir, bytes, {
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
