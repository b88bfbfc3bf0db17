import { PROFILE_PHOTO } from '../../shared/people.ts';
import { ApiError } from '../http/errors.ts';
import { imageHeader, reencodeImage, UnreadableImage } from './pipeline.ts';

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
  let out: { data: Buffer; width: number; height: number };
  try {
    const header = await imageHeader(bytes, 4_000_000);
    if (header.format !== 'jpeg') throw bad('Foto harus berupa gambar JPEG.');
    if (!header.width || !header.height) throw bad('Foto tidak dapat dibaca sebagai gambar.');
    out = await reencodeImage(bytes, {
      maxInputPixels: 4_000_000,
      format: 'jpeg',
      quality: PROFILE_PHOTO.quality * 100,
    });
  } catch (err) {
    if (err instanceof UnreadableImage) throw bad('Foto tidak dapat dibaca sebagai gambar.');
    throw err;
  }
  if (out.width > PROFILE_PHOTO.width)
    throw bad(`Lebar foto maksimal ${PROFILE_PHOTO.width} piksel.`);
  if (out.height > PROFILE_PHOTO.maxHeight) {
    throw bad(`Tinggi foto maksimal ${PROFILE_PHOTO.maxHeight} piksel.`);
  }
  if (out.data.length > PROFILE_PHOTO.maxBytes) {
    throw bad(`Ukuran foto maksimal ${Math.round(PROFILE_PHOTO.maxBytes / 1024)} KB.`);
  }
  return PREFIX + out.data.toString('base64');
}
