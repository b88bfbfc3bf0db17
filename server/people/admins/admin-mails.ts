import type { AdminRole } from '../../../shared/people.ts';
import { escapeHtml } from '../../mail/escape-html.ts';

const SIGNATURE = 'BEM Politeknik Teknologi Nuklir Indonesia';
const roleName = (role: AdminRole) => (role === 'master' ? 'admin master' : 'admin');

/** Paragraphs, a link on its own line, more paragraphs, the signature: as text and as HTML. */
function mail(
  subject: string,
  before: string[],
  link: { url: string; label: string },
  after: string[] = [],
) {
  const text = [...before, link.url, ...after, SIGNATURE].join('\n\n');
  const html = [
    ...before.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${SIGNATURE}</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** To a new person: they are an admin now and set their password through the mailed link. */
export const adminInvitationMail = (p: {
  nama: string;
  role: AdminRole;
  url: string;
  validDays: number;
  forgotUrl: string;
  /** The address already had an account: its old password no longer works. */
  existingAccount?: boolean;
}) =>
  mail(
    'Undangan menjadi admin BEM Poltek Nuklir',
    [
      `Halo ${p.nama},`,
      `Anda ditambahkan sebagai ${roleName(p.role)} situs BEM Poltek Nuklir.`,
      ...(p.existingAccount
        ? [
            'Email ini sudah memiliki akun. Demi keamanan, kata sandi lamanya tidak berlaku lagi dan semua sesinya diakhiri.',
          ]
        : []),
      `Buat kata sandi akun Anda melalui tautan berikut (berlaku ${p.validDays} hari), lalu masuk di halaman login admin dengan email ini:`,
    ],
    { url: p.url, label: 'Buat kata sandi' },
    [`Jika tautan sudah kedaluwarsa, minta tautan baru di ${p.forgotUrl}.`],
  );
