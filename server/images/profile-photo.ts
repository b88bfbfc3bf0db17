import sharp, { type Metadata } from 'sharp';
import { PROFILE_PHOTO } from '../../shared/people.ts';
import { ApiError } from '../http/errors.ts';

const bad = (message: string) => new ApiError(400, 'INVALID_PHOTO', message, { foto: message });

const PREFIX = 'data:image/jpeg;base64,';

/**
 * Checks a profile photo sent as a JPEG data URL and re-encodes it on the server (metadata
 * stripped): it must decode to a JPEG at most 300 px wide and 150 KB. Empty means no photo.
 */
export async function normalizeProfilePhoto(foto: string): Promise<string> {
  if (foto === '') return '';
  if (!foto.startsWith(PREFIX)) throw bad('Foto harus berupa gambar JPEG (data URL).');
  const base64 = foto.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw bad('Data foto rusak.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PROFILE_PHOTO.maxBytes) {
    throw bad(`Ukuran foto maksimal ${Math.round(PROFILE_PHOTO.maxBytes / 1024)} KB.`);
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: 4_000_000 }).metadata();
  } catch {
    throw bad('Foto tidak dapat dibaca sebagai gambar.');
  }
  if (meta.format !== 'jpeg') throw bad('Foto harus berupa gambar JPEG.');
  if (!meta.width || !meta.height) throw bad('Foto tidak dapat dibaca sebagai gambar.');
  let out: Buffer;
  let outMeta: Metadata;
  try {
    // Orientation applied, metadata (EXIF, GPS) and anything after the image dropped.
    out = await sharp(bytes)
      .rotate()
      .jpeg({ quality: PROFILE_PHOTO.quality * 100, mozjpeg: true })
      .toBuffer();
    outMeta = await sharp(out).metadata();
  } catch {
    throw bad('Foto tidak dapat dibaca sebagai gambar.');
  }
  if ((outMeta.width ?? 0) > PROFILE_PHOTO.width)
    throw bad(`Lebar foto maksimal ${PROFILE_PHOTO.width} piksel.`);
  if ((outMeta.height ?? 0) > PROFILE_PHOTO.maxHeight) {
    throw bad(`Tinggi foto maksimal ${PROFILE_PHOTO.maxHeight} piksel.`);
  }
  if (out.length > PROFILE_PHOTO.maxBytes) {
    throw bad(`Ukuran foto maksimal ${Math.round(PROFILE_PHOTO.maxBytes / 1024)} KB.`);
  }
  return PREFIX + out.toString('base64');
}
