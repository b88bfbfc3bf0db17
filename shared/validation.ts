import { z } from 'zod';
import id from 'zod/v4/locales/id.js';

// Every message zod produces is Indonesian unless a schema gives its own. zod's own Indonesian
// locale speaks in type names ("diharapkan number, diterima NaN"); people get plain sentences.
const fallback = id().localeError;

const typeNames: Record<string, string> = {
  string: 'berupa teks',
  number: 'berupa angka',
  int: 'berupa bilangan bulat',
  bigint: 'berupa bilangan bulat',
  boolean: 'bernilai true atau false',
  object: 'berupa objek',
  array: 'berupa daftar',
  date: 'berupa tanggal',
};

const formatNames: Record<string, string> = {
  email: 'Format email tidak valid.',
  url: 'Alamat URL tidak valid.',
  uuid: 'Pengenal tidak valid.',
  datetime: 'Tanggal dan waktu tidak valid.',
  date: 'Tanggal tidak valid.',
  time: 'Jam tidak valid.',
};

const units: Record<string, string> = { string: 'karakter', array: 'item', set: 'item' };

function listOf(values: readonly unknown[]) {
  return values.map((v) => String(v)).join(', ');
}

z.config({
  localeError: (issue) => {
    switch (issue.code) {
      case 'invalid_type': {
        if (issue.input === undefined || issue.input === null) return 'Wajib diisi.';
        if (Array.isArray(issue.input) && issue.expected !== 'array')
          return 'Hanya boleh satu nilai.';
        if (issue.expected === 'number' && typeof issue.input === 'number')
          return 'Harus berupa angka.';
        const name = typeNames[issue.expected];
        return name ? `Harus ${name}.` : fallback(issue);
      }
      case 'invalid_value':
        return issue.values.length === 1
          ? `Harus bernilai ${String(issue.values[0])}.`
          : `Pilihan tidak valid. Pilih salah satu: ${listOf(issue.values)}.`;
      case 'too_big': {
        const unit = units[issue.origin];
        const max = Number(issue.maximum) - (issue.inclusive ? 0 : 1);
        if (unit) return `Terlalu panjang: maksimal ${max} ${unit}.`;
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
          return `Terlalu besar: maksimal ${issue.inclusive ? issue.maximum : `kurang dari ${issue.maximum}`}.`;
        return fallback(issue);
      }
      case 'too_small': {
        const unit = units[issue.origin];
        const min = Number(issue.minimum) + (issue.inclusive ? 0 : 1);
        if (unit === 'karakter' && min === 1) return 'Wajib diisi.';
        if (unit) return `Terlalu pendek: minimal ${min} ${unit}.`;
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
          return `Terlalu kecil: minimal ${issue.inclusive ? issue.minimum : `lebih dari ${issue.minimum}`}.`;
        return fallback(issue);
      }
      case 'invalid_format':
        return formatNames[issue.format] ?? 'Format tidak valid.';
      case 'unrecognized_keys':
        return `Kolom tidak dikenal: ${listOf(issue.keys)}.`;
      case 'invalid_union':
        return 'Nilai tidak valid.';
      default:
        return fallback(issue);
    }
  },
});

// The site's CSP forbids eval: in a browser zod must neither compile parsers with it nor probe for
// it (Chromium reports the probe as a CSP violation even though zod catches it).
if ('document' in globalThis) z.config({ jitless: true });

export { z };

/**
 * Plain text on one or more lines: trimmed, bounded, never markup. Empty is "wajib diisi" (when
 * `min` asks for anything), too short "minimal N karakter".
 */
export const plainText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(Math.min(min, 1), { error: `${label} wajib diisi.` })
    .min(min, { error: `${label} minimal ${min} karakter.` })
    .max(max, { error: `${label} maksimal ${max} karakter.` })
    .regex(/^[^<>]*$/, { error: `${label} tidak boleh berisi < atau >.` });
