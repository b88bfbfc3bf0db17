import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E_MASTER } from './accounts.ts';
import { client, ok } from './api.ts';
import { ceremonyThroughApi, type ApiTrustee } from './ceremony.ts';
import { newVoter, registerByApi, type Voter } from './fixtures.ts';

export { client, ok };

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

/** A client signed in as the e2e master admin. */
export async function signedInMaster(): Promise<APIRequestContext> {
  const master = await client();
  await ok(
    master.post('/api/auth/sign-in/email', {
      data: { email: E2E_MASTER.email, password: E2E_MASTER.password },
    }),
  );
  return master;
}

/**
 * An election request made by anyone, approved by the master: returns the committee invitation
 * code, which is also mailed to `emailPemohon` and works only for that address.
 */
export async function requestApproved(
  master: APIRequestContext,
  request: {
    namaPemilihan: string;
    penyelenggara: string;
    namaPemohon: string;
    emailPemohon: string;
    waktuMulai: string;
    waktuSelesai: string;
  },
): Promise<string> {
  const anonymous = await client();
  await ok(
    anonymous.post('/api/election-requests', {
      data: { deskripsi: 'Pemilihan ketua dan wakil ketua himpunan.', ...request },
    }),
    201,
  );
  await anonymous.dispose();
  const { items } = await ok<{ items: { id: string; namaPemilihan: string }[] }>(
    master.get('/api/election-requests?status=pending'),
  );
  const requestId = items.find((r) => r.namaPemilihan === request.namaPemilihan)!.id;
  const { kodeUndangan } = await ok<{ kodeUndangan: string }>(
    master.post(`/api/election-requests/${requestId}/approve`),
  );
  return kodeUndangan;
}

/** A student registered (address confirmed) and verified by the master. */
export async function verifiedVoter(master: APIRequestContext): Promise<Voter> {
  const v = newVoter();
  const p = await client();
  await ok(registerByApi(p, v), 202);
  await p.dispose();
  const found = await ok<{ items: { userId: string }[] }>(master.get(`/api/voters?q=${v.nim}`));
  await ok(master.post(`/api/voters/${found.items[0]!.userId}/verify`));
  return v;
}

/** A second committee member, invited by the master and registered with the code. */
export async function secondMember(
  master: APIRequestContext,
  electionId: string,
  account: { email: string; password: string; namaLengkap: string },
) {
  const { code } = await ok<{ code: string }>(
    master.post(`/api/oversight/elections/${electionId}/invitations`, {
      data: { email: account.email },
    }),
    201,
  );
  const other = await client();
  await ok(
    other.post('/api/committee/register', {
      data: {
        kodeUndangan: code,
        namaLengkap: account.namaLengkap,
        email: account.email,
        password: account.password,
        confirmPassword: account.password,
      },
    }),
    201,
  );
  await other.dispose();
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
  /**
   * Its key ceremony with a second committee member: held in full before a lock (the default
   * when locking), only started (the trustees at step 1), or none (the default for a draft).
   */
  ceremony?: 'held' | 'started' | 'none';
}) {
  const suffix = crypto.randomInt(100_000, 999_999);
  const title = `Pemilihan Ponsel ${suffix}`;
  const master = await signedInMaster();
  const kodeUndangan = await requestApproved(master, {
    namaPemilihan: title,
    penyelenggara: 'HIMA Elektronika Instrumentasi',
    waktuMulai: wib(86_400_000),
    waktuSelesai: wib(2 * 86_400_000),
    namaPemohon: 'Rina Pemohon',
    emailPemohon: `pemohon.${suffix}@mahasiswa.test`,
  });
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
  for (let i = 0; i < opts.voters; i++) voters.push(await verifiedVoter(master));
  const roll = [...voters.map((v) => v.nim), ...(opts.rollNims ?? [])];
  if (roll.length > 0)
    await ok(committee.post(`${base}/roll`, { data: { csv: `NIM\n${roll.join('\n')}\n` } }));
  // A verifiable election is locked only once its key is held by its trustees: here the committee
  // member and a second one the master invites, any 2 of whom (with the server) open the result.
  // (Before the schedule is set: its start must still be ahead when the lock comes.)
  let trustees: ApiTrustee[] = [];
  const ceremony = opts.ceremony ?? (opts.lock === false ? 'none' : 'held');
  if (ceremony !== 'none') {
    const second = { email: `wali.${suffix}@mahasiswa.test`, password: 'sandi-panitia-2' };
    await secondMember(master, electionId, { ...second, namaLengkap: 'Dewi Panitia' });
    if (ceremony === 'held')
      trustees = await ceremonyThroughApi(electionId, [committeeAccount, second]);
    else await ok(committee.post(`${base}/ceremony`, { data: { ambang: 2 } }), 201);
  }
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
  for (const c of [master, committee]) await c.dispose();
  return { electionId, title, voters, committee: committeeAccount, trustees };
}
