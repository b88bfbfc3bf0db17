import { PROFILE_PHOTO } from '../../../../shared/people.ts';

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
  let image;
  try {
    image = await decode(file);
  } catch {
    throw new Error('Berkas ini tidak dapat dibaca sebagai gambar.');
  }
  if (!image.width || !image.height)
    throw new Error('Berkas ini tidak dapat dibaca sebagai gambar.');
  const width = PROFILE_PHOTO.width;
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Browser ini tidak dapat mengolah gambar.');
  ctx.fillStyle = '#ffffff'; // JPEG has no transparency
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  if ('close' in image && typeof image.close === 'function') image.close();
  return canvas.toDataURL('image/jpeg', PROFILE_PHOTO.quality);
}
