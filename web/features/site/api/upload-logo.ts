import { ApiError, request } from '../../../lib/api-error.ts';

/** Uploads a supporter's logo; the footer shows the small rendition (/files/{hash}). */
export async function uploadLogo(file: File): Promise<string> {
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type))
    throw new ApiError(400, 'INVALID_FILE', 'Logo harus berupa berkas JPEG, PNG atau WebP.');
  if (file.size > 20 * 1024 * 1024)
    throw new ApiError(413, 'TOO_LARGE', 'Ukuran logo maksimal 20 MB.');
  const body = new FormData();
  body.set('file', file);
  const res = await request('/api/uploads/images', { method: 'POST', body });
  const { small } = (await res.json()) as { small: { url: string } };
  return small.url;
}
