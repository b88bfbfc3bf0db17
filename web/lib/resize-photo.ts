import { PROFILE_PHOTO } from '../../shared/people.ts';

/** The largest picture the browser is asked to decode: a phone's camera photo is well below it. */
const SOURCE_MAX_BYTES = 20 * 1024 * 1024;

async function decode(file: Blob): Promise<CanvasImageSource & { width: number; height: number }> {
  try {
    return await createImageBitmap(file);
  } catch {
    // Formats createImageBitmap refuses (e.g. SVG) still load through an <img>.
    const url = URL.createObjectURL(file);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img;
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}

/**
 * The spec's photo pipeline: any image file, resized to 300 px wide keeping the aspect ratio and
 * re-encoded as JPEG at quality 0.8, returned as a data URL.
 */
export async function resizePhoto(file: Blob): Promise<string> {
  // Refused before it is read: decoding a huge file can stall or crash a phone's tab.
  if (file.size > SOURCE_MAX_BYTES) throw new Error('Ukuran foto maksimal 20 MB.');
  let image;
  try {
    image = await decode(file);
  } catch {
    throw new Error('Berkas ini tidak dapat dibaca sebagai gambar.');
  }
  if (!image.width || !image.height)
    throw new Error('Berkas ini tidak dapat dibaca sebagai gambar.');
  const width = PROFILE_PHOTO.width;
  const fullHeight = Math.max(1, Math.round((image.height * width) / image.width));
  // A very tall image is cropped to its middle so it stays a portrait, not a strip.
  const height = Math.min(fullHeight, PROFILE_PHOTO.maxHeight);
  const sourceHeight = (height / fullHeight) * image.height;
  const sourceY = (image.height - sourceHeight) / 2;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Peramban ini tidak dapat mengolah gambar.');
  ctx.fillStyle = '#ffffff'; // JPEG has no transparency
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, sourceY, image.width, sourceHeight, 0, 0, width, height);
  if ('close' in image && typeof image.close === 'function') image.close();
  // JPEG at 0.8 as the spec says; only an unusually detailed photo is stepped down to fit 150 KB.
  for (let quality = PROFILE_PHOTO.quality; ; quality -= 0.1) {
    const url = canvas.toDataURL('image/jpeg', quality);
    const bytes = Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);
    if (bytes <= PROFILE_PHOTO.maxBytes || quality <= 0.35) return url;
  }
}
