import { z } from './validation.ts';

const link = z.object({
  label: z.string().trim().min(1).max(40),
  url: z.url({ error: 'Alamat tautan tidak valid.' }).max(500),
});

/** The footer's texts, kept in site settings so admins can edit them. */
export const footerSettingsSchema = z.object({
  tagline: z.string().trim().min(1).max(300),
  address: z.string().trim().min(1).max(300),
  email: z.email({ error: 'Format email tidak valid.' }),
  socials: z.array(link).max(8),
  supporters: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(100),
        logo: z.string().max(200_000),
        url: z.string().max(500),
      }),
    )
    .max(12),
});
export type FooterSettings = z.infer<typeof footerSettingsSchema>;

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
