import { emailField } from './schemas/account.ts';
import { plainText, z } from './validation.ts';

/** A web address people may follow: http or https to a real domain, nothing else (no javascript:). */
export const webUrl = (label: string, protocols: 'http-or-https' | 'https' = 'http-or-https') =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .max(500, { error: `${label} maksimal 500 karakter.` })
    .pipe(
      z.url({
        protocol: protocols === 'https' ? /^https$/ : /^https?$/,
        hostname: z.regexes.domain,
        error:
          protocols === 'https'
            ? `${label} harus berupa alamat https:// yang valid.`
            : `${label} harus berupa alamat http:// atau https:// yang valid.`,
      }),
    );

/** Like webUrl, or left empty. */
export const optionalWebUrl = (
  label: string,
  protocols: 'http-or-https' | 'https' = 'http-or-https',
) => {
  const url = webUrl(label, protocols);
  return z
    .string({ error: `${label} tidak valid.` })
    .trim()
    .superRefine((s, ctx) => {
      if (s === '') return;
      const parsed = url.safeParse(s);
      if (!parsed.success)
        ctx.addIssue({
          code: 'custom',
          message: parsed.error.issues[0]?.message ?? `${label} tidak valid.`,
        });
    });
};

/** The SHA-256 of a stored file, as /files/{hash} serves it. */
export const fileHashField = (label: string) =>
  z
    .string({ error: `${label} tidak valid.` })
    .regex(/^[0-9a-f]{64}$/, { error: `${label} tidak valid: unggah ulang gambarnya.` });

/** An uploaded image's URL (/files/{hash}) or one of the logos shipped with the site (/logos/…svg). */
export const logoField = z
  .string({ error: 'Logo wajib diunggah.' })
  .trim()
  .regex(/^\/(files\/[0-9a-f]{64}|logos\/[a-z0-9-]{1,60}\.svg)$/, {
    error: 'Logo wajib diunggah melalui formulir ini.',
  });

/** The hash inside a /files/{hash} logo URL, or null for a logo shipped with the site. */
export const uploadedLogoHash = (logo: string) =>
  /^\/files\/([0-9a-f]{64})$/.exec(logo)?.[1] ?? null;

const phoneField = (label: string) =>
  z
    .string({ error: `${label} tidak valid.` })
    .trim()
    .max(30, { error: `${label} maksimal 30 karakter.` })
    .regex(/^(\+?[0-9(][0-9 ()-]{5,28})?$/, {
      error: `${label} hanya boleh berisi angka, spasi, tanda hubung, kurung dan + di depan.`,
    });

/** The footer's texts, kept in site settings so admins can edit them. */
export const footerSettingsSchema = z.object({
  tagline: plainText('Tagline', 1, 300),
  address: plainText('Alamat', 1, 300),
  email: emailField,
  socials: z
    .array(
      z.object({
        label: plainText('Nama tautan', 1, 40),
        url: webUrl('Alamat tautan'),
      }),
      { error: 'Daftar tautan tidak valid.' },
    )
    .max(8, { error: 'Maksimal 8 tautan media sosial.' }),
  supporters: z
    .array(
      z.object({
        name: plainText('Nama pendukung', 1, 100),
        logo: logoField,
        url: optionalWebUrl('Alamat situs pendukung'),
      }),
      { error: 'Daftar pendukung tidak valid.' },
    )
    .max(12, { error: 'Maksimal 12 logo pendukung.' }),
});
export type FooterSettings = z.infer<typeof footerSettingsSchema>;
export type FooterSettingsInput = z.input<typeof footerSettingsSchema>;

/** What the footer shows until an admin changes it. */
export const DEFAULT_FOOTER: FooterSettings = {
  tagline:
    'Badan Eksekutif Mahasiswa Politeknik Teknologi Nuklir Indonesia: bersama membangun mahasiswa yang kritis, berintegritas dan berdaya untuk negeri.',
  address:
    'Jl. Babarsari, Kotak Pos 6101 YKBB, Caturtunggal, Depok, Sleman, Daerah Istimewa Yogyakarta 55281',
  email: 'bem@poltek.ac.id',
  // Admins add the organisation's own accounts (Instagram, YouTube…) in the site settings.
  socials: [{ label: 'Poltek Nuklir', url: 'https://www.poltek.ac.id' }],
  supporters: [
    {
      name: 'Politeknik Teknologi Nuklir Indonesia',
      logo: '/logos/poltek-nuklir.svg',
      url: 'https://www.poltek.ac.id',
    },
    {
      name: 'Badan Riset dan Inovasi Nasional',
      logo: '/logos/brin.svg',
      url: 'https://www.brin.go.id',
    },
  ],
};

/** The Tentang page: vision, mission, history, contact and a link to a map. */
export const aboutSettingsSchema = z.object({
  visi: plainText('Visi', 1, 1000),
  misi: z
    .array(plainText('Butir misi', 1, 300), { error: 'Daftar misi tidak valid.' })
    .min(1, { error: 'Isi minimal satu butir misi.' })
    .max(12, { error: 'Maksimal 12 butir misi.' }),
  /** Paragraphs separated by blank lines. */
  sejarah: plainText('Sejarah', 1, 6000),
  contact: z.object({
    address: plainText('Alamat sekretariat', 1, 300),
    email: emailField,
    phone: phoneField('Nomor telepon'),
    whatsapp: phoneField('Nomor WhatsApp'),
    officeHours: plainText('Jam layanan', 0, 200),
  }),
  /** A map of the secretariat, opened in a new tab (nothing embedded). */
  mapUrl: optionalWebUrl('Tautan peta', 'https'),
});
export type AboutSettings = z.infer<typeof aboutSettingsSchema>;
export type AboutSettingsInput = z.input<typeof aboutSettingsSchema>;

/** What the Tentang page shows until an admin edits it. */
export const DEFAULT_ABOUT: AboutSettings = {
  visi: 'Mewujudkan BEM Politeknik Teknologi Nuklir Indonesia yang aspiratif, inklusif dan berintegritas sebagai wadah mahasiswa untuk berkarya bagi kampus dan negeri.',
  misi: [
    'Menampung dan menyalurkan aspirasi mahasiswa secara terbuka dan bertanggung jawab.',
    'Mengembangkan minat, bakat dan keilmuan mahasiswa di bidang sains dan teknologi nuklir.',
    'Membangun kerja sama yang sehat dengan civitas akademika dan masyarakat.',
  ],
  sejarah:
    'Badan Eksekutif Mahasiswa (BEM) adalah organisasi kemahasiswaan tertinggi di tingkat politeknik yang menjalankan fungsi eksekutif. Sejarah lengkap organisasi akan dilengkapi oleh pengurus.',
  contact: {
    address:
      'Jl. Babarsari, Kotak Pos 6101 YKBB, Caturtunggal, Depok, Sleman, Daerah Istimewa Yogyakarta 55281',
    email: 'bem@poltek.ac.id',
    phone: '',
    whatsapp: '',
    officeHours: 'Senin–Jumat, 08.00–16.00 WIB',
  },
  mapUrl: '',
};

/**
 * How admins must prove who they are, set by a master: an authenticator app (TOTP) and/or a
 * passkey. An admin without a required one is held on the Keamanan Akun screen, and the server
 * refuses their admin requests, until they have added it.
 */
export const securitySettingsSchema = z.object({
  requireTotpForAdmins: z.boolean({ error: 'Pilihan "Wajibkan 2FA untuk admin" tidak valid.' }),
  requirePasskeyForAdmins: z.boolean({
    error: 'Pilihan "Wajibkan passkey untuk admin" tidak valid.',
  }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** Nothing is required until a master says so. */
export const DEFAULT_SECURITY: SecuritySettings = {
  requireTotpForAdmins: false,
  requirePasskeyForAdmins: false,
};

/** A second way of proving who someone is, beside the password. */
export const SECOND_FACTORS = ['totp', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** The factors a security setting requires of every admin. */
export const requiredFactors = (s: SecuritySettings): SecondFactor[] => [
  ...(s.requireTotpForAdmins ? (['totp'] as const) : []),
  ...(s.requirePasskeyForAdmins ? (['passkey'] as const) : []),
];

/** The keys site settings are stored under. */
export const SITE_SETTING_KEYS = ['footer', 'about', 'security'] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
