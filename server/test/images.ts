import sharp from 'sharp';

/** A real image of the given size and format, as bytes. */
export async function imageBytes(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  opts: { quality?: number; noise?: boolean } = {},
): Promise<Buffer> {
  const channels = 3;
  let raw: Buffer;
  if (opts.noise) {
    raw = Buffer.alloc(width * height * channels);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  } else {
    raw = Buffer.alloc(width * height * channels, 120);
  }
  const img = sharp(raw, { raw: { width, height, channels } });
  if (format === 'png') return img.png().toBuffer();
  if (format === 'webp') return img.webp().toBuffer();
  return img.jpeg({ quality: opts.quality ?? 80 }).toBuffer();
}

/** A JPEG data URL of the given size. */
export async function jpegDataUrl(
  width: number,
  height: number,
  opts: { quality?: number; noise?: boolean } = {},
) {
  return `data:image/jpeg;base64,${(await imageBytes(width, height, 'jpeg', opts)).toString('base64')}`;
}
