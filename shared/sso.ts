/** The campus single sign-on (OpenID Connect), as the browser and the server both speak of it. */

/** better-auth's id for the campus provider: the callback is /api/auth/callback/kampus. */
export const SSO_PROVIDER_ID = 'kampus';

export const DEFAULT_SSO_LABEL = 'Masuk dengan SSO Kampus';

/** What the sign-in pages need to know: whether the button shows, and its text. */
export type SignInOptions = { sso: { label: string } | null };

const restart = 'Silakan ulangi masuk dengan SSO kampus.';

/**
 * The message for each `?error=` code an SSO sign-in comes back with (better-auth's callback codes
 * and ours). Anything else gets the general one.
 */
const messages: Record<string, string> = {
  state_mismatch: `Permintaan masuk SSO tidak cocok dengan sesi peramban ini atau sudah kedaluwarsa. ${restart}`,
  state_invalid: `Permintaan masuk SSO tidak cocok dengan sesi peramban ini atau sudah kedaluwarsa. ${restart}`,
  state_not_found: `Permintaan masuk SSO tidak lengkap. ${restart}`,
  issuer_mismatch:
    'Jawaban masuk tidak berasal dari penyedia SSO kampus yang terdaftar. Masuk dibatalkan.',
  issuer_missing:
    'Jawaban masuk tidak berasal dari penyedia SSO kampus yang terdaftar. Masuk dibatalkan.',
  unable_to_get_user_info:
    'Identitas dari SSO kampus tidak dapat diverifikasi (token tidak sah). Masuk dibatalkan.',
  nonce_binding_missing: `Identitas dari SSO kampus tidak dapat diverifikasi. ${restart}`,
  invalid_code: `Kode masuk dari SSO kampus tidak sah atau sudah dipakai. ${restart}`,
  access_denied: 'Masuk dengan SSO kampus dibatalkan.',
  email_not_found: 'SSO kampus tidak mengirimkan alamat email Anda. Hubungi pengelola SSO kampus.',
  account_not_linked:
    'Sudah ada akun dengan email ini, tetapi belum dapat ditautkan ke SSO kampus: alamatnya harus terverifikasi di SSO kampus dan sudah dikonfirmasi di situs ini. Masuk dengan email dan kata sandi, atau buka tautan konfirmasi di email Anda.',
  email_domain_not_allowed: 'Email Anda bukan email kampus yang diizinkan untuk masuk dengan SSO.',
  nim_in_use:
    'NIM dari SSO kampus sudah terdaftar pada akun lain. Hubungi admin BEM untuk memeriksanya.',
  nim_mismatch:
    'NIM pada akun Anda berbeda dengan NIM dari SSO kampus. Hubungi admin BEM untuk memeriksanya.',
  admin_password:
    'Akun admin masuk dengan email dan kata sandi di halaman Masuk Admin, tidak lewat SSO kampus.',
  second_factor_password:
    'Akun ini memakai verifikasi dua langkah: masuk dengan email, kata sandi dan kode autentikator atau passkey, tidak lewat SSO kampus.',
  email_not_verified:
    'SSO kampus belum memverifikasi alamat email Anda, jadi akun tidak dapat dibuat atau ditautkan. Hubungi pengelola SSO kampus.',
  sso_unavailable: 'SSO kampus sedang tidak dapat digunakan. Silakan masuk dengan email.',
};

const general = 'Masuk dengan SSO kampus gagal. Silakan coba lagi atau masuk dengan email.';

/** The Indonesian message for an SSO error code from the callback's redirect. */
export function ssoErrorMessage(code: string): string {
  return Object.hasOwn(messages, code) ? messages[code]! : general;
}
