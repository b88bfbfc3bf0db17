import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../admins/create-admin.ts';
import { elections, voters } from '../../db/schema/index.ts';
import { insertOpenElection } from '../../test/elections.ts';
import { startTestApp, type TestApp, type TestClient, type VoterInput } from '../../test/app.ts';
import { imageBytes, jpegDataUrl } from '../../test/images.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Voter = { namaLengkap: string; nim: string; prodi: string; foto: string; status: string };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

async function signedInVoter(): Promise<{ client: TestClient; input: VoterInput }> {
  const client = app.client();
  const input = await client.registerVoter();
  return { client, input };
}

let admins = 0;
async function signedInAdmin() {
  admins++;
  const email = `admin-profil${admins}@bem.test`;
  await createAdmin(app.services.database.db, {
    email,
    password: 'sandi-admin-1',
    name: 'Admin Uji',
    role: 'admin',
  });
  const client = app.client();
  expect((await client.signIn(email, 'sandi-admin-1')).status).toBe(200);
  return client;
}

const row = async (nim: string) =>
  (await app.services.database.db.select().from(voters).where(eq(voters.nim, nim)))[0]!;

const put = (client: TestClient, body: unknown) =>
  client.request('PUT', '/api/voters/me', { json: body });

describe('GET /api/voters/me', () => {
  it('refuses the anonymous (401) and a signed-in admin without a voter record (403)', async () => {
    expect((await app.client().get('/api/voters/me')).status).toBe(401);
    const admin = await signedInAdmin();
    expect((await admin.get('/api/voters/me')).status).toBe(403);
  });

  it("answers the voter's own record", async () => {
    const { client, input } = await signedInVoter();
    const res = await client.get('/api/voters/me');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      nim: input.nim,
      namaLengkap: input.namaLengkap,
      status: 'pending',
      foto: '',
    });
  });
});

describe('PUT /api/voters/me', () => {
  it('stores the photo re-encoded: metadata stripped, never the bytes as sent', async () => {
    const { client, input } = await signedInVoter();
    const sent = await sharp(await imageBytes(300, 200))
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS-RAHASIA' } } })
      .jpeg()
      .toBuffer();
    const res = await put(client, {
      namaLengkap: input.namaLengkap,
      nim: input.nim,
      prodi: input.prodi,
      foto: `data:image/jpeg;base64,${sent.toString('base64')}`,
    });
    expect(res.status).toBe(200);
    const stored = Buffer.from((await row(input.nim)).foto.split(',')[1]!, 'base64');
    expect(stored.equals(sent)).toBe(false);
    expect(stored.toString('latin1')).not.toContain('GPS-RAHASIA');
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('saves the profile and keeps every field the voter does not edit', async () => {
    const { client, input } = await signedInVoter();
    const db = app.services.database.db;
    await db
      .update(voters)
      .set({ extra: { angkatan: 2023, catatan: 'x' }, namaTampilan: 'Siti' })
      .where(eq(voters.nim, input.nim));
    const foto = await jpegDataUrl(300, 200);
    const res = await put(client, {
      namaLengkap: 'Siti Rahma',
      nim: input.nim,
      prodi: 'Elektro Mekanika',
      foto,
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as Voter;
    expect(saved).toMatchObject({
      namaLengkap: 'Siti Rahma',
      prodi: 'Elektro Mekanika',
      status: 'pending',
    });
    expect(saved.foto.startsWith('data:image/jpeg;base64,')).toBe(true);
    const r = await row(input.nim);
    expect(r.extra).toEqual({ angkatan: 2023, catatan: 'x' });
    expect(r.namaTampilan).toBe('Siti');
    const meta = await sharp(Buffer.from(r.foto.split(',')[1]!, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  });

  it('empties the photo with foto ""', async () => {
    const { client, input } = await signedInVoter();
    await put(client, {
      namaLengkap: input.namaLengkap,
      nim: input.nim,
      prodi: input.prodi,
      foto: await jpegDataUrl(300, 300),
    });
    const res = await put(client, {
      namaLengkap: input.namaLengkap,
      nim: input.nim,
      prodi: input.prodi,
      foto: '',
    });
    expect(res.status).toBe(200);
    expect((await row(input.nim)).foto).toBe('');
  });

  it('sends a verified or rejected voter back to verification when name, NIM or programme change, not for a photo', async () => {
    const db = app.services.database.db;
    for (const status of ['verified', 'rejected'] as const) {
      for (const change of ['photo', 'namaLengkap', 'nim', 'prodi'] as const) {
        const { client, input } = await signedInVoter();
        await db
          .update(voters)
          .set({ status, rejectionReason: status === 'rejected' ? 'Nama tidak cocok' : null })
          .where(eq(voters.nim, input.nim));
        const body = {
          namaLengkap: change === 'namaLengkap' ? 'Nama Diperbaiki' : input.namaLengkap,
          nim: change === 'nim' ? String(Number(input.nim) + 7).padStart(10, '0') : input.nim,
          prodi: change === 'prodi' ? 'Elektro Mekanika' : input.prodi,
          foto: change === 'photo' ? await jpegDataUrl(300, 200) : '',
        };
        const res = await put(client, body);
        expect(res.status).toBe(200);
        const saved = (await res.json()) as Voter;
        expect(saved.status, `${status} + ${change}`).toBe(change === 'photo' ? status : 'pending');
      }
    }
  });

  it('refuses a verified voter’s name, NIM or programme change while on the roll of a locked election not over yet', async () => {
    const db = app.services.database.db;
    const { client, input } = await signedInVoter();
    await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, input.nim));
    const { election } = await insertOpenElection(db, {
      nims: [input.nim],
      startsInMs: 86_400_000,
      endsInMs: 2 * 86_400_000,
    });
    const profile = { namaLengkap: input.namaLengkap, nim: input.nim, prodi: input.prodi };
    const before = await row(input.nim);
    for (const change of [
      { namaLengkap: 'Nama Diperbaiki' },
      { nim: String(Number(input.nim) + 9).padStart(10, '0') },
      { prodi: 'Elektro Mekanika' },
    ]) {
      const res = await put(client, { ...profile, foto: '', ...change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe('ON_LOCKED_ROLL');
      expect(body.error.message).toContain(
        `pada pemilihan "${election.title}" yang belum berakhir`,
      );
      expect(await row(input.nim)).toEqual(before);
    }
    // A photo costs nothing: saved.
    expect((await put(client, { ...profile, foto: await jpegDataUrl(300, 200) })).status).toBe(200);
    expect((await row(input.nim)).status).toBe('verified');
    // Once the election is over, the change is taken (and checked again by an admin).
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(elections.id, election.id));
    const res = await put(client, { ...profile, foto: '', prodi: 'Elektro Mekanika' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Voter).status).toBe('pending');
  });

  it('refuses a NIM that belongs to another voter, changing nothing', async () => {
    const other = await signedInVoter();
    const { client, input } = await signedInVoter();
    const before = await row(input.nim);
    const otherBefore = await row(other.input.nim);
    const res = await put(client, {
      namaLengkap: 'Coba Curang',
      nim: other.input.nim,
      prodi: input.prodi,
      foto: '',
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.fields?.nim).toBe('NIM sudah terdaftar.');
    expect(await row(input.nim)).toEqual(before);
    expect(await row(other.input.nim)).toEqual(otherBefore);
  });

  it("writes only the caller's own record, whatever the body says", async () => {
    const victim = await signedInVoter();
    const { client, input } = await signedInVoter();
    const before = await row(victim.input.nim);
    const res = await put(client, {
      namaLengkap: 'Penyusup',
      nim: input.nim,
      prodi: input.prodi,
      foto: '',
      userId: before.userId,
      status: 'verified',
    });
    // Unknown fields are ignored: the caller's own record changes, status is not theirs to set.
    expect(res.status).toBe(200);
    expect(((await res.json()) as Voter).status).toBe('pending');
    expect(await row(victim.input.nim)).toEqual(before);
  });

  it('refuses an admin without a voter record and the anonymous', async () => {
    const res = await put(app.client(), {
      namaLengkap: 'X Y',
      nim: '12345678',
      prodi: 'Elektro Mekanika',
      foto: '',
    });
    expect(res.status).toBe(401);
  });

  const hostile: [string, () => Promise<Record<string, unknown>>, string, RegExp][] = [
    [
      'a prodi outside the three',
      async () => ({ prodi: 'Teknik Informatika' }),
      'prodi',
      /Program Studi/,
    ],
    ['a NIM with letters', async () => ({ nim: '1234abcd' }), 'nim', /8 sampai 12 digit/],
    ['a NIM of 30 digits', async () => ({ nim: '1'.repeat(30) }), 'nim', /8 sampai 12 digit/],
    [
      'a PNG photo',
      async () => ({
        foto: `data:image/png;base64,${(await imageBytes(300, 200, 'png')).toString('base64')}`,
      }),
      'foto',
      /JPEG/,
    ],
    [
      'a PNG labelled as JPEG',
      async () => ({
        foto: `data:image/jpeg;base64,${(await imageBytes(300, 200, 'png')).toString('base64')}`,
      }),
      'foto',
      /JPEG/,
    ],
    [
      'a photo 301 px wide',
      async () => ({ foto: await jpegDataUrl(301, 200) }),
      'foto',
      /Lebar foto maksimal 300/,
    ],
    [
      'a photo over 150 KB',
      async () => ({ foto: await jpegDataUrl(300, 1100, { quality: 100, noise: true }) }),
      'foto',
      /150 KB/,
    ],
    [
      'bytes that are not an image',
      async () => ({
        foto: `data:image/jpeg;base64,${Buffer.from('MZ\x90\x00 not an image').toString('base64')}`,
      }),
      'foto',
      /tidak dapat dibaca/,
    ],
    ['broken base64', async () => ({ foto: 'data:image/jpeg;base64,@@@###' }), 'foto', /rusak/],
    [
      'an SVG with script',
      async () => ({
        foto: 'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+',
      }),
      'foto',
      /JPEG/,
    ],
    [
      'a photo URL instead of data',
      async () => ({ foto: 'https://evil.example/x.jpg' }),
      'foto',
      /JPEG/,
    ],
    [
      'a name with markup',
      async () => ({ namaLengkap: '<img src=x onerror=alert(1)>' }),
      'namaLengkap',
      /hanya boleh/,
    ],
  ];

  it.each(hostile)(
    'refuses %s with an Indonesian message and changes nothing',
    async (_label, make, field, message) => {
      const { client, input } = await signedInVoter();
      const before = await row(input.nim);
      const body = {
        namaLengkap: input.namaLengkap,
        nim: input.nim,
        prodi: input.prodi,
        foto: '',
        ...(await make()),
      };
      const res = await put(client, body);
      expect(res.status).toBe(400);
      const err = (await res.json()) as ErrorBody;
      expect(err.error.fields?.[field] ?? err.error.message).toMatch(message);
      expect(await row(input.nim)).toEqual(before);
    },
  );
});

describe('POST /api/auth/change-password', () => {
  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const { client, input } = await signedInVoter();
    const elsewhere = app.client();
    expect((await elsewhere.signIn(input.email, input.password)).status).toBe(200);
    const change = (c: TestClient, currentPassword: string) =>
      c.post('/api/auth/change-password', {
        currentPassword,
        newPassword: 'sandi-baru-yang-panjang',
        revokeOtherSessions: true,
      });

    // A wrong current password changes nothing.
    const wrong = await change(client, 'bukan-sandinya');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Kata sandi salah.',
    });
    expect((await elsewhere.get('/api/voters/me')).status).toBe(200);
    // Nobody signed out can change anyone's.
    expect((await change(app.client(), input.password)).status).toBe(401);

    expect((await change(client, input.password)).status).toBe(200);
    expect((await client.get('/api/voters/me')).status).toBe(200);
    expect((await elsewhere.get('/api/voters/me')).status).toBe(401);
    expect((await app.client().signIn(input.email, input.password)).status).toBe(401);
    expect((await app.client().signIn(input.email, 'sandi-baru-yang-panjang')).status).toBe(200);
  });
});
