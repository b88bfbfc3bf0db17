import { escapeHtml } from '../escape-html.ts';

/**
 * The mails voter registration sends. Registration answers the same whatever it finds, so what
 * happened is told here, to the owner of the address (and, for a NIM already in use, to the
 * owner of that account too). Subjects are fixed; what a visitor typed is escaped.
 */

const SIGNATURE = 'BEM Politeknik Teknologi Nuklir Indonesia';

function mail(subject: string, paragraphs: (string | { link: string; label: string })[]) {
  const text = [
    ...paragraphs.flatMap((p) => (typeof p === 'string' ? [p, ''] : [p.link, ''])),
    SIGNATURE,
  ].join('\n');
  const html = [
    ...paragraphs.map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    ),
    `<p>${SIGNATURE}</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** The link that confirms a new registration's address and signs the student in. */
export function confirmRegistrationMail(p: { nama: string; url: string; hours: number }) {
  return mail('Konfirmasi email pendaftaran pemilih BEM Poltek Nuklir', [
    `Halo ${p.nama},`,
    `Terima kasih telah mendaftar sebagai pemilih. Buka tautan berikut untuk mengonfirmasi alamat email Anda dan masuk (berlaku ${p.hours} jam):`,
    { link: p.url, label: 'Konfirmasi email dan masuk' },
    'Setelah email dikonfirmasi, admin BEM memverifikasi data Anda dengan daftar mahasiswa resmi.',
    'Jika Anda tidak mendaftar, abaikan email ini; akun tidak akan aktif tanpa konfirmasi.',
  ]);
}

/** Someone registered with an address that already has an account. */
export function alreadyRegisteredMail(p: { nama: string; loginUrl: string; resetUrl: string }) {
  return mail('Pendaftaran dengan email Anda di BEM Poltek Nuklir', [
    `Halo ${p.nama},`,
    'Seseorang baru saja mencoba mendaftar sebagai pemilih dengan alamat email ini, tetapi email ini sudah memiliki akun.',
    'Jika itu Anda, masuk dengan akun yang sudah ada:',
    { link: p.loginUrl, label: 'Masuk' },
    'Lupa kata sandi? Atur ulang di sini:',
    { link: p.resetUrl, label: 'Atur ulang kata sandi' },
    'Jika bukan Anda, abaikan email ini; akun Anda tidak berubah.',
  ]);
}

/** To the owner of a NIM someone else tried to register with. */
export function nimClaimedMail(p: { nama: string; nim: string }) {
  return mail('Percobaan pendaftaran dengan NIM Anda di BEM Poltek Nuklir', [
    `Halo ${p.nama},`,
    `Seseorang baru saja mencoba mendaftar sebagai pemilih dengan NIM ${p.nim}, yang terdaftar pada akun Anda. Pendaftaran itu tidak dibuat; akun Anda tidak berubah.`,
    'Jika Anda tidak mengenali percobaan ini, beri tahu admin BEM.',
  ]);
}

/** To a registrant whose NIM is already held by another account. */
export function nimInUseMail(p: { nama: string; nim: string }) {
  return mail('Pendaftaran pemilih BEM Poltek Nuklir belum dapat dibuat', [
    `Halo ${p.nama},`,
    `Pendaftaran Anda belum dapat dibuat karena NIM ${p.nim} sudah terdaftar pada akun lain.`,
    'Jika ini NIM Anda dan Anda tidak pernah mendaftar, hubungi admin BEM dengan membawa Kartu Tanda Mahasiswa.',
  ]);
}
