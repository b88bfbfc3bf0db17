import { useMutation } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api-error.ts';

const MAX_BYTES = 20 * 1024 * 1024;

/** Uploads a photo; the server re-encodes it and answers with a large and a small rendition. */
export async function uploadPhoto(file: File) {
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type))
    throw new ApiError(400, 'INVALID_FILE', 'Foto harus berupa berkas JPEG, PNG atau WebP.');
  if (file.size > MAX_BYTES) throw new ApiError(413, 'TOO_LARGE', 'Ukuran foto maksimal 20 MB.');
  const body = new FormData();
  body.set('file', file);
  const res = await request('/api/uploads/images', { method: 'POST', body });
  return (await res.json()) as {
    large: { hash: string; url: string };
    small: { hash: string; url: string };
  };
}

export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
