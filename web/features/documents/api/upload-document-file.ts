import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';

export type UploadedDocumentFile = {
  hash: string;
  contentType: string;
  size: number;
  extension: string;
  originalName: string;
};

/**
 * Sends a file to POST /api/uploads/documents with XMLHttpRequest, the one browser API that
 * reports upload progress; refusals become an ApiError with the server's message.
 */
export function uploadDocumentFile(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadedDocumentFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads/documents');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as
        | (UploadedDocumentFile & {
            error?: { code?: string; message?: string; fields?: Record<string, string> };
          })
        | null;
      if (xhr.status === 201 && body) return resolve(body);
      reject(
        new ApiError(
          xhr.status,
          body?.error?.code ?? `HTTP_${xhr.status}`,
          body?.error?.fields?.file ??
            body?.error?.message ??
            (xhr.status === 413
              ? 'Ukuran berkas maksimal 20 MB.'
              : 'Berkas gagal diunggah. Silakan coba lagi.'),
          body?.error?.fields,
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'NETWORK',
          'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.',
        ),
      );
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}

/** Uploads a document file (admin), reporting progress from 0 to 1. */
export const useUploadDocumentFile = (onProgress: (fraction: number) => void) =>
  useMutation({ mutationFn: (file: File) => uploadDocumentFile(file, onProgress) });
