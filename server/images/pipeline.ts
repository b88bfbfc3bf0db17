import sharp from 'sharp';

/** The bytes do not decode as an image, or decoding would pass the pixel cap. */
export class UnreadableImage extends Error {}

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * The one way the server turns image bytes someone sent into an image it keeps: decoded with a
 * pixel cap (a decompression bomb is refused, not expanded), orientation applied, metadata (EXIF,
 * GPS) and anything after the image dropped, re-encoded. Used for uploads (article covers and
 * Bank Dokumen pictures) and for profile and candidate photos.
 */
export async function reencodeImage(
  bytes: Buffer,
  opts: {
    maxInputPixels: number;
    format: ImageFormat;
    /** Narrower images keep their width. */
    maxWidth?: number;
    /** 1–100, for JPEG and WebP. */
    quality?: number;
    /** Transparent areas painted white (JPEG has no transparency). */
    flatten?: boolean;
  },
): Promise<{ data: Buffer; format: string; width: number; height: number }> {
  try {
    let image = sharp(bytes, { limitInputPixels: opts.maxInputPixels }).rotate();
    if (opts.maxWidth) image = image.resize({ width: opts.maxWidth, withoutEnlargement: true });
    if (opts.flatten) image = image.flatten({ background: '#ffffff' });
    image =
      opts.format === 'jpeg'
        ? image.jpeg({ quality: opts.quality ?? 82, mozjpeg: true })
        : opts.format === 'webp'
          ? image.webp({ quality: opts.quality ?? 82 })
          : image.png();
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { data, format: info.format, width: info.width, height: info.height };
  } catch {
    throw new UnreadableImage('image does not decode within the pixel cap');
  }
}

/** The format and size the bytes declare, read without decoding the pixels. */
export async function imageHeader(
  bytes: Buffer,
  maxInputPixels: number,
): Promise<{ format: string | undefined; width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
    return { format: meta.format, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw new UnreadableImage('image header does not read');
  }
}
