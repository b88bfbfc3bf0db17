import type { Context } from 'hono';
import { SIGN_IN_THROTTLE_CODES } from '../abuse/sign-in-throttle.ts';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import type { AppEnv } from './context.ts';
import type { ErrorBody } from './errors.ts';

// better-auth answers in English with its own codes; the API speaks one shape, in Indonesian.
const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email atau kata sandi salah.',
  INVALID_EMAIL: 'Format email tidak valid.',
  INVALID_PASSWORD: 'Kata sandi salah.',
  PASSWORD_TOO_SHORT: 'Kata sandi minimal 8 karakter.',
  PASSWORD_TOO_LONG: 'Kata sandi terlalu panjang (maksimal 128 karakter).',
  INVALID_TOKEN:
    'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.',
  USER_NOT_FOUND: 'Akun tidak ditemukan.',
  EMAIL_NOT_VERIFIED:
    'Email Anda belum dikonfirmasi. Kami mengirim ulang tautan konfirmasi ke email Anda: buka tautan itu untuk masuk.',
  TOKEN_EXPIRED: 'Tautan sudah kedaluwarsa. Silakan minta tautan baru.',
  MISSING_OR_NULL_ORIGIN: 'Permintaan tanpa asal (Origin) ditolak.',
  INVALID_ORIGIN: 'Permintaan dari situs lain ditolak.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Permintaan dari situs lain ditolak.',
  FAILED_TO_CREATE_SESSION: 'Gagal membuat sesi. Silakan coba lagi.',
  SESSION_EXPIRED: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  VALIDATION_ERROR: 'Data yang dikirim tidak valid.',
  // Only the campus provider exists: not found means its discovery could not be read.
  PROVIDER_NOT_FOUND:
    'SSO kampus sedang tidak dapat dihubungi. Coba lagi nanti atau masuk dengan email.',
  INVALID_CALLBACK_URL: 'Alamat tujuan setelah masuk harus halaman situs ini.',
  INVALID_ERROR_CALLBACK_URL: 'Alamat tujuan setelah masuk harus halaman situs ini.',
  INVALID_NEW_USER_CALLBACK_URL: 'Alamat tujuan setelah masuk harus halaman situs ini.',
  INVALID_REDIRECT_URL: 'Alamat tujuan setelah masuk harus halaman situs ini.',
};

const byStatus: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'Data yang dikirim tidak valid.'],
  401: ['UNAUTHENTICATED', 'Silakan masuk terlebih dahulu.'],
  403: ['FORBIDDEN', 'Permintaan ditolak.'],
  404: ['NOT_FOUND', 'Alamat tidak ditemukan.'],
};

/**
 * Hands /api/auth/* to better-auth with the client address it needs for rate limits and
 * sessions, and rewrites its error answers into the API's error shape.
 */
export async function authBridge(c: Context<AppEnv>) {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.get('clientIp') || '0.0.0.0');
  const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    init.body = c.req.raw.body;
    init.duplex = 'half';
  }
  const res = await c.get('services').auth.handler(new Request(c.req.raw.url, init));
  if (res.status < 400) return res;

  if (res.status === 429) {
    const retry = Math.max(
      1,
      Math.ceil(Number(res.headers.get('retry-after') ?? res.headers.get('x-retry-after') ?? 60)),
    );
    // The sign-in throttle answers in Indonesian already; better-auth's own limiter does not.
    const data = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    const body: ErrorBody =
      data.code && data.message && SIGN_IN_THROTTLE_CODES.has(data.code)
        ? { error: { code: data.code, message: data.message } }
        : {
            error: {
              code: 'RATE_LIMITED',
              message: `Terlalu banyak percobaan. Coba lagi dalam ${retry} detik.`,
            },
          };
    return c.json(body, 429, { 'Retry-After': String(retry) });
  }
  let code = '';
  try {
    const data = (await res.clone().json()) as { code?: string };
    code = data.code ?? '';
  } catch {
    // not JSON (e.g. a disabled path's plain 404)
  }
  const fallback = byStatus[res.status] ?? ['AUTH_ERROR', 'Permintaan tidak dapat diproses.'];
  const body: ErrorBody = {
    error: { code: code || fallback[0], message: messages[code] ?? fallback[1] },
  };
  const out = c.json(body, res.status as 400);
  for (const cookie of res.headers.getSetCookie()) out.headers.append('set-cookie', cookie);
  return out;
}
