import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBomb } from '../test/images.ts';
import { imageHeader, reencodeImage, UnreadableImage } from './pipeline.ts';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'rahasia', Artist: 'GPS 7.77,110.37' } })
    .toBuffer();

describe('the image pipeline', () => {
  it('drops the metadata and keeps the picture', async () => {
    const input = await photo(400, 300);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await reencodeImage(input, { maxInputPixels: 1_000_000, format: 'jpeg' });
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 300]);
    expect(out.data.includes(Buffer.from('rahasia'))).toBe(false);
  });

  it('narrows a wide image to the width asked, never widens a narrow one', async () => {
    const wide = await reencodeImage(await photo(1000, 500), {
      maxInputPixels: 1_000_000,
      format: 'jpeg',
      maxWidth: 640,
    });
    expect([wide.width, wide.height]).toEqual([640, 320]);
    const narrow = await reencodeImage(await photo(300, 200), {
      maxInputPixels: 1_000_000,
      format: 'png',
      maxWidth: 640,
    });
    expect([narrow.format, narrow.width]).toEqual(['png', 300]);
  });

  it('refuses a decompression bomb and bytes that are no image, without decoding them', async () => {
    await expect(
      reencodeImage(pngBomb(), { maxInputPixels: 40_000_000, format: 'jpeg' }),
    ).rejects.toBeInstanceOf(UnreadableImage);
    await expect(
      reencodeImage(Buffer.from('MZ not an image'), { maxInputPixels: 1_000_000, format: 'jpeg' }),
    ).rejects.toBeInstanceOf(UnreadableImage);
    await expect(imageHeader(Buffer.from('nope'), 1_000_000)).rejects.toBeInstanceOf(
      UnreadableImage,
    );
    expect(await imageHeader(await photo(30, 20), 1_000_000)).toEqual({
      format: 'jpeg',
      width: 30,
      height: 20,
    });
  });
});
