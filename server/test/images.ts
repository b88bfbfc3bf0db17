import zlib from 'node:zlib';
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

/** A PNG whose header claims 30000×30000 pixels (900 megapixels) around a tiny body. */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(30_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
