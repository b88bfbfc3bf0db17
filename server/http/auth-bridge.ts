import type { Context } from 'hono';
import { SIGN_IN_THROTTLE_CODES } from '../abuse/sign-in-throttle.ts';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import { loadActor } from '../auth/actor.ts';
import { mayUseTotp, SECOND_FACTOR_CODES, SECOND_FACTOR_MESSAGES } from '../auth/second-factor.ts';
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
  SESSION_NOT_FRESH: 'Demi keamanan, keluar lalu masuk kembali sebelum menambahkan passkey.',
  // Two-factor (authenticator app and recovery codes)
  INVALID_CODE: 'Kode autentikator salah atau sudah kedaluwarsa.',
  INVALID_BACKUP_CODE: 'Kode pemulihan salah atau sudah pernah dipakai.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    'Terlalu banyak kode yang salah. Masuk kembali dengan email dan kata sandi.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Terlalu banyak kode yang salah berturut-turut: akun dikunci 15 menit. Coba lagi nanti.',
  INVALID_TWO_FACTOR_COOKIE:
    'Langkah verifikasi sudah kedaluwarsa. Masuk kembali dengan email dan kata sandi.',
  TOTP_NOT_ENABLED: 'Aplikasi autentikator belum diaktifkan untuk akun ini.',
  TOTP_ALREADY_ENABLED: 'Aplikasi autentikator sudah aktif untuk akun ini.',
  TWO_FACTOR_NOT_ENABLED: 'Autentikasi dua langkah (2FA) belum aktif untuk akun ini.',
  BACKUP_CODES_NOT_ENABLED: 'Kode pemulihan belum tersedia untuk akun ini.',
  OTP_NOT_CONFIGURED: 'Hanya aplikasi autentikator (TOTP) yang didukung.',
  // Passkeys
  CHALLENGE_NOT_FOUND: 'Permintaan passkey sudah kedaluwarsa. Silakan coba lagi.',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY:
    'Passkey ini tidak dapat didaftarkan untuk akun Anda.',
  FAILED_TO_VERIFY_REGISTRATION: 'Passkey tidak dapat diverifikasi. Silakan coba lagi.',
  PASSKEY_NOT_FOUND: 'Passkey tidak dikenal. Masuk dengan email dan kata sandi.',
  AUTHENTICATION_FAILED: 'Masuk dengan passkey gagal. Silakan coba lagi.',
  UNABLE_TO_CREATE_SESSION: 'Gagal membuat sesi. Silakan coba lagi.',
  FAILED_TO_UPDATE_PASSKEY: 'Passkey tidak dapat diubah.',
  SESSION_REQUIRED: 'Silakan masuk terlebih dahulu.',
};

type SessionUser = { id: string; email: string; name: string };

/** Only admins and committee members may turn on an authenticator app. */
async function totpAllowed(c: Context<AppEnv>, user: SessionUser): Promise<string | null> {
  const actor = await loadActor(c.get('services').database.db, user);
  return mayUseTotp(actor) ? null : SECOND_FACTOR_MESSAGES.TOTP_NOT_ALLOWED;
}

/**
 * better-auth endpoints that need a session: anyone without one is refused before the body is
 * read (as with the API's own routes); a check refuses a signed-in person without the right.
 */
const SESSION_ONLY: Record<
  string,
  ((c: Context<AppEnv>, user: SessionUser) => Promise<string | null>) | null
> = {
  '/api/auth/two-factor/enable': totpAllowed,
  '/api/auth/two-factor/disable': null,
  '/api/auth/two-factor/generate-backup-codes': null,
  '/api/auth/passkey/generate-register-options': null,
  '/api/auth/passkey/verify-registration': null,
  '/api/auth/passkey/list-user-passkeys': null,
  '/api/auth/passkey/delete-passkey': null,
  '/api/auth/passkey/update-passkey': null,
};

/** The refusal for a session-only endpoint, or null when the request may go on. */
async function refusal(c: Context<AppEnv>): Promise<Response | null> {
  const path = c.req.path;
  if (!Object.hasOwn(SESSION_ONLY, path)) return null;
  const session = await c
    .get('services')
    .auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
  if (!session) {
    const body: ErrorBody = {
      error: { code: 'UNAUTHENTICATED', message: 'Silakan masuk terlebih dahulu.' },
    };
    return c.json(body, 401);
  }
  const check = SESSION_ONLY[path];
  const { id, email, name } = session.user;
  const message = check ? await check(c, { id, email, name }) : null;
  if (!message) return null;
  const body: ErrorBody = { error: { code: 'TOTP_NOT_ALLOWED', message } };
  return c.json(body, 403);
}

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
  const refused = await refusal(c);
  if (refused) return refused;
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
  let own = '';
  try {
    const data = (await res.clone().json()) as { code?: string; message?: string };
    code = data.code ?? '';
    // Our own plugin's answers are Indonesian already.
    if (SECOND_FACTOR_CODES.has(code) && data.message) own = data.message;
  } catch {
    // not JSON (e.g. a disabled path's plain 404)
  }
  const fallback = byStatus[res.status] ?? ['AUTH_ERROR', 'Permintaan tidak dapat diproses.'];
  const body: ErrorBody = {
    error: { code: code || fallback[0], message: own || (messages[code] ?? fallback[1]) },
  };
  const out = c.json(body, res.status as 400);
  for (const cookie of res.headers.getSetCookie()) out.headers.append('set-cookie', cookie);
  return out;
}
