import { escapeHtml } from '../escape-html.ts';

/** The password reset mail, in Indonesian, with the link on PUBLIC_URL. */
export function resetPasswordMail(p: { name: string; url: string }) {
  const subject = 'Atur ulang kata sandi akun BEM Poltek Nuklir';
  const text = [
    `Halo ${p.name},`,
    '',
    'Kami menerima permintaan untuk mengatur ulang kata sandi akun Anda.',
    'Buka tautan berikut untuk membuat kata sandi baru (berlaku 1 jam):',
    '',
    p.url,
    '',
    'Jika Anda tidak meminta ini, abaikan email ini; kata sandi Anda tidak berubah.',
    '',
    'BEM Politeknik Teknologi Nuklir Indonesia',
  ].join('\n');
  const html = `<p>Halo ${escapeHtml(p.name)},</p>
<p>Kami menerima permintaan untuk mengatur ulang kata sandi akun Anda. Buka tautan berikut untuk membuat kata sandi baru (berlaku 1 jam):</p>
<p><a href="${escapeHtml(p.url)}">Atur ulang kata sandi</a></p>
<p>Jika Anda tidak meminta ini, abaikan email ini; kata sandi Anda tidak berubah.</p>
<p>BEM Politeknik Teknologi Nuklir Indonesia</p>`;
  return { subject, text, html };
}
