import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { samplePdf } from '../../server/content/documents/sample-pdf.ts';
import { E2E_MASTER } from './accounts.ts';
import { decryptThroughApi } from './ceremony.ts';
import { client, electionThroughApi, ok } from './election-api.ts';
import { newVoter, registerByApi, type Voter } from './fixtures.ts';
import { ballotBody, boothLink } from './booth.ts';

type Election = {
  electionId: string;
  title: string;
  /** The booth links mailed to its voters (with their credentials), by voter email. */
  boothPaths?: Record<string, string>;
};

/** What the accessibility checks visit: real content, and an election in every phase. */
export type A11ySite = {
  article: { slug: string; title: string };
  elections: {
    draft: Election;
    upcoming: Election;
    open: Election;
    /** Polls closed; results released on close; the voter voted. */
    closed: Election;
    /** Polls closed, results announced by hand; the voter voted. */
    published: Election;
    archived: Election;
  };
  /** On the committee of every election above but the archived one. */
  committee: { email: string; password: string };
  /** Verified, on the roll of every locked election. */
  voter: Voter;
  /** Registered, waiting for an admin's verification. */
  pendingVoter: Voter;
  /** Verified, on the roll of the open election only, not voted: one per project (they vote). */
  ballotVoters: Voter[];
};

async function signedIn(email: string, password: string): Promise<APIRequestContext> {
  const api = await client();
  await ok(api.post('/api/auth/sign-in/email', { data: { email, password } }));
  return api;
}

async function registerVoter(master: APIRequestContext, verify: boolean): Promise<Voter> {
  const v = newVoter();
  const anonymous = await client();
  await ok(registerByApi(anonymous, v), 202);
  await anonymous.dispose();
  if (verify) {
    const found = await ok<{ items: { userId: string }[] }>(master.get(`/api/voters?q=${v.nim}`));
    await ok(master.post(`/api/voters/${found.items[0]!.userId}/verify`));
  }
  return v;
}

/** Polls `check` every 250 ms until it answers true (at most `ms`). */
async function until(what: string, ms: number, check: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The voter casts the first choice of an election as soon as its polls open. */
async function voteWhenOpen(api: APIRequestContext, electionId: string, email: string) {
  let choice = '';
  await until('polls open', 30_000, async () => {
    const ballot = (await (await api.get(`/api/voting/${electionId}`)).json()) as {
      choices: string[];
      me: { canVote: boolean };
    };
    choice = ballot.choices[0] ?? '';
    return ballot.me.canVote;
  });
  const data = await ballotBody(api, electionId, choice, email);
  await ok(api.post(`/api/voting/${electionId}/cast`, { data }), 201);
}

/** A published article with a cover, a document, a service, a structure period and elections. */
export async function buildA11ySite(): Promise<A11ySite> {
  const suffix = crypto.randomInt(100_000, 999_999);
  const master = await signedIn(E2E_MASTER.email, E2E_MASTER.password);
  const voter = await registerVoter(master, true);
  const pendingVoter = await registerVoter(master, false);
  const ballotVoters = [await registerVoter(master, true), await registerVoter(master, true)];

  // The short elections first: their polls open in a few seconds and close soon after.
  const short = { voters: 0, rollNims: [voter.nim], opensInMs: 3_000, durationMs: 12_000 };
  const voterApi = await signedIn(voter.email, voter.password);
  const closed = await electionThroughApi(short);
  await voteWhenOpen(voterApi, closed.electionId, voter.email);
  const published = await electionThroughApi({ ...short, resultsRelease: 'manual' });
  const closesAt = Date.now() + short.opensInMs + short.durationMs;
  await voteWhenOpen(voterApi, published.electionId, voter.email);
  await voterApi.dispose();

  const open = await electionThroughApi({
    voters: 0,
    rollNims: [voter.nim, ...ballotVoters.map((v) => v.nim)],
    opensInMs: 3_000,
  });
  const openBooths: Record<string, string> = {};
  for (const v of [voter, ...ballotVoters])
    openBooths[v.email] = (await boothLink(v.email, open.electionId)).path;
  const upcoming = await electionThroughApi({
    voters: 0,
    rollNims: [voter.nim],
    opensInMs: 86_400_000,
  });
  const draft = await electionThroughApi({
    voters: 0,
    rollNims: [voter.nim],
    opensInMs: 86_400_000,
    lock: false,
    // Its key held, so that it can be locked (the confirm dialog is scanned).
    ceremony: 'held',
  });
  const archived = await electionThroughApi({ voters: 0, opensInMs: 86_400_000, lock: false });
  await ok(master.post(`/api/oversight/elections/${archived.electionId}/archive`));
  for (const e of [upcoming, open, closed, published])
    await ok(
      master.post(`/api/oversight/elections/${e.electionId}/committee`, {
        data: { email: draft.committee.email },
      }),
      201,
    );

  // Content: an article with a cover, a document, a service, a period of the structure.
  const jpeg = await sharp({
    create: { width: 1200, height: 675, channels: 3, background: { r: 20, g: 70, b: 140 } },
  })
    .jpeg()
    .toBuffer();
  const cover = await ok<{ large: { hash: string }; small: { hash: string } }>(
    master.post('/api/uploads/images', {
      multipart: { file: { name: 'sampul.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    }),
    201,
  );
  const title = `Musyawarah Besar Mahasiswa ${suffix}`;
  const article = await ok<{ slug: string }>(
    master.post('/api/admin/articles', {
      data: {
        title,
        summary: 'Ringkasan hasil musyawarah besar mahasiswa tahun ini.',
        category: 'Kegiatan',
        body: '<h2>Hasil</h2><p>Musyawarah menetapkan <strong>program kerja</strong> baru.</p><ul><li>Satu</li><li>Dua</li></ul><p><a href="https://example.org/laporan">Laporan lengkap</a></p>',
        cover: cover.large.hash,
        coverSmall: cover.small.hash,
        action: 'publish',
      },
    }),
    201,
  );
  const pdf = await samplePdf(`Program Kerja ${suffix}`, ['Program kerja BEM satu periode.']);
  const stored = await ok<{ hash: string }>(
    master.post('/api/uploads/documents', {
      multipart: { file: { name: 'proker.pdf', mimeType: 'application/pdf', buffer: pdf } },
    }),
    201,
  );
  await ok(
    master.post('/api/documents', {
      data: {
        title: `Program Kerja ${suffix}`,
        description: 'Program kerja BEM untuk satu periode.',
        category: 'Program Kerja',
        file: stored.hash,
      },
    }),
    201,
  );
  await ok(
    master.post('/api/services', {
      data: {
        title: `Peminjaman Ruang ${suffix}`,
        description: 'Peminjaman ruang sekretariat untuk kegiatan mahasiswa.',
        category: 'Fasilitas & Peminjaman',
        link: 'https://example.org/pinjam',
        contact: 'sekretariat@bem.test',
        hours: 'Senin–Jumat 08.00–16.00',
      },
    }),
    201,
  );
  const period = await ok<{ id: string }>(
    master.post('/api/structure/periods', {
      data: { label: `A11Y-${suffix}`, cabinetName: `Kabinet Terang ${suffix}` },
    }),
    201,
  );
  await ok(
    master.post(`/api/structure/periods/${period.id}/members`, {
      data: { name: 'Rahmat Hidayat', position: 'Ketua' },
    }),
    201,
  );

  // The short elections close; the committee announces one of them.
  // Closed for good a moment after the end (the seal's grace); the results exist once two
  // trustees have decrypted the tallies.
  await new Promise((r) => setTimeout(r, Math.max(0, closesAt - Date.now() + 3_000)));
  for (const e of [closed, published]) await decryptThroughApi(e.electionId, e.trustees);
  const committee = await signedIn(draft.committee.email, draft.committee.password);
  await until('results announced', 15_000, async () => {
    const res = await committee.post(`/api/elections/${published.electionId}/publish`);
    return res.status() === 200;
  });
  await committee.dispose();
  await master.dispose();
  expect(article.slug).toBeTruthy();

  const pick = (e: { electionId: string; title: string }) => ({
    electionId: e.electionId,
    title: e.title,
  });
  return {
    article: { slug: article.slug, title },
    elections: {
      draft: pick(draft),
      upcoming: pick(upcoming),
      open: { ...pick(open), boothPaths: openBooths },
      closed: pick(closed),
      published: pick(published),
      archived: pick(archived),
    },
    committee: draft.committee,
    voter,
    pendingVoter,
    ballotVoters,
  };
}

/**
 * The site built once per end-to-end run and shared by the desktop and phone workers (the server
 * allows 20 election requests an hour per address): the first caller builds it under a lock in
 * the run's own work folder, the others read it.
 */
export async function sharedA11ySite(): Promise<A11ySite> {
  const work = path.dirname(process.env.E2E_MAIL_DIR!);
  const file = path.join(work, 'a11y-site.json');
  const lock = path.join(work, 'a11y-site.lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as A11ySite;
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (Date.now() > deadline) throw new Error('the accessibility site was not built within 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as A11ySite;
    const site = await buildA11ySite();
    fs.writeFileSync(file, JSON.stringify(site));
    return site;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
