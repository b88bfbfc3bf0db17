import { describe, expect, it } from 'vitest';
import { electionRequestSchema } from './elections.ts';

const messagesOf = (input: Record<string, unknown>) => {
  const parsed = electionRequestSchema.safeParse(input);
  expect(parsed.success).toBe(false);
  return Object.fromEntries(
    parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
};

describe('an election request', () => {
  it('names every missing field at once, the times included', () => {
    expect(
      messagesOf({
        namaPemilihan: '',
        penyelenggara: '',
        deskripsi: '',
        waktuMulai: '',
        waktuSelesai: '',
        namaPemohon: '',
        emailPemohon: '',
      }),
    ).toMatchObject({
      namaPemilihan: expect.any(String),
      penyelenggara: expect.any(String),
      deskripsi: expect.any(String),
      waktuMulai: 'Waktu mulai wajib diisi.',
      waktuSelesai: 'Waktu selesai wajib diisi.',
      namaPemohon: expect.any(String),
      emailPemohon: expect.any(String),
    });
  });

  it('tells a malformed time from a missing one', () => {
    expect(messagesOf({ waktuMulai: 'besok pagi' })).toMatchObject({
      waktuMulai: 'Waktu mulai tidak valid.',
      waktuSelesai: 'Waktu selesai wajib diisi.',
    });
  });
});
