import crypto from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
} from '@playwright/test';
import sharp from 'sharp';
import { E2E_MASTER } from './accounts.ts';
import { newVoter, registerByApi, type Voter } from './fixtures.ts';

/** An API client with its own cookies that sends the site's Origin, as a browser on the site does. */
export async function client(): Promise<APIRequestContext> {
  const baseURL = process.env.E2E_BASE_URL!;
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
}

/** Awaits a call and expects its status (the body is in the failure message); answers its JSON. */
export async function ok<T>(res: Promise<APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return (r.status() === 204 ? null : await r.json()) as T;
}

const wib = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A candidate photo as the committee's browser would send it: a 300×200 JPEG data URL. */
async function photo(r: number, g: number, b: number) {
  const jpeg = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r, g, b } },
  })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * Builds an election through the API alone (request, approval, committee, two candidates with
 * photos, verified voters on an imported roll, locked) whose polls open `opensInMs` from now.
 */
export async function lockedElectionThroughApi(opts: { voters: number; opensInMs: number }) {
  return electionThroughApi(opts);
}

/**
 * As lockedElectionThroughApi, with more choices: polls `durationMs` long (default an hour), the
 * roll also holding already verified voters (`rollNims`), how results are released, and whether
 * the committee locks it at all (`lock: false` leaves a draft; its roll is set only when not empty).
 */
export async function electionThroughApi(opts: {
  voters: number;
  opensInMs: number;
  durationMs?: number;
  rollNims?: string[];
  resultsRelease?: 'on-close' | 'manual';
  lock?: boolean;
}) {
  const suffix = crypto.randomInt(100_000, 999_999);
  const title = `Pemilihan Ponsel ${suffix}`;
  const anonymous = await client();
  await ok(
    anonymous.post('/api/election-requests', {
      data: {
        namaPemilihan: title,
        penyelenggara: 'HIMA Elektronika Instrumentasi',
        deskripsi: 'Pemilihan ketua dan wakil ketua himpunan.',
        waktuMulai: wib(86_400_000),
        waktuSelesai: wib(2 * 86_400_000),
        namaPemohon: 'Rina Pemohon',
        emailPemohon: `pemohon.${suffix}@mahasiswa.test`,
      },
    }),
    201,
  );
  const master = await client();
  await ok(
    master.post('/api/auth/sign-in/email', {
      data: { email: E2E_MASTER.email, password: E2E_MASTER.password },
    }),
  );
  const { items } = await ok<{ items: { id: string; namaPemilihan: string }[] }>(
    master.get('/api/election-requests?status=pending'),
  );
  const requestId = items.find((r) => r.namaPemilihan === title)!.id;
  const { kodeUndangan } = await ok<{ kodeUndangan: string }>(
    master.post(`/api/election-requests/${requestId}/approve`),
  );
  // The code is sent to the requester and works only for that address.
  const committeeAccount = {
    email: `pemohon.${suffix}@mahasiswa.test`,
    password: 'sandi-panitia-1',
  };
  const committee = await client();
  const { electionId } = await ok<{ electionId: string }>(
    committee.post('/api/committee/register', {
      data: {
        kodeUndangan,
        namaLengkap: 'Bayu Panitia',
        email: committeeAccount.email,
        password: committeeAccount.password,
        confirmPassword: committeeAccount.password,
      },
    }),
    201,
  );
  const base = `/api/elections/${electionId}`;
  const candidates = [
    ['Andi Saputra', 'Budi Hartono', await photo(30, 90, 200)],
    ['Citra Lestari', 'Dewi Anggraini', await photo(200, 120, 30)],
  ] as const;
  for (const [i, [namaKetua, namaWakil, foto]] of candidates.entries()) {
    await ok(
      committee.post(`${base}/candidates`, {
        data: {
          nomorUrut: i + 1,
          namaKetua,
          namaWakil,
          visi: `Himpunan yang terbuka, melayani dan berprestasi bersama ${namaKetua}.`,
          misi: '1. Transparansi anggaran.\n2. Program kerja yang terukur.\n3. Ruang aspirasi.',
          foto,
        },
      }),
      201,
    );
  }
  const voters: Voter[] = [];
  for (let i = 0; i < opts.voters; i++) {
    const v = newVoter();
    const p = await client();
    await ok(registerByApi(p, v), 202);
    await p.dispose();
    const found = await ok<{ items: { userId: string }[] }>(master.get(`/api/voters?q=${v.nim}`));
    await ok(master.post(`/api/voters/${found.items[0]!.userId}/verify`));
    voters.push(v);
  }
  const roll = [...voters.map((v) => v.nim), ...(opts.rollNims ?? [])];
  if (roll.length > 0)
    await ok(committee.post(`${base}/roll`, { data: { csv: `NIM\n${roll.join('\n')}\n` } }));
  await ok(
    committee.put(`${base}/settings`, {
      data: {
        title,
        description: 'Pemilihan ketua dan wakil ketua himpunan.',
        startsAt: wib(opts.opensInMs),
        endsAt: wib(opts.opensInMs + (opts.durationMs ?? 3_600_000)),
        kotakKosong: true,
        abstain: false,
        rollMode: 'roll',
        rollProdi: [],
        rollYears: [],
        resultsRelease: opts.resultsRelease ?? 'on-close',
      },
    }),
  );
  if (opts.lock !== false) await ok(committee.post(`${base}/lock`));
  for (const c of [anonymous, master, committee]) await c.dispose();
  return { electionId, title, voters, committee: committeeAccount };
}
