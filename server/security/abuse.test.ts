import fs from 'node:fs';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  accountDelayMs,
  accountKey,
  SIGN_IN_MESSAGES,
} from '../abuse/sign-in-throttle.ts';
import { MAIL_PER_RECIPIENT_PER_HOUR } from '../abuse/mail-quota.ts';
import { createAdmin } from '../people/admins/create-admin.ts';
import { elections, requestLimits, voters } from '../db/schema/index.ts';
import { createInvitation } from '../elections/committee/invitations.ts';
import { startTestApp, voterInput, type TestApp, type TestClient } from '../test/app.ts';
import { insertOpenElection } from '../test/elections.ts';
import { imageBytes } from '../test/images.ts';
import { startSmtpCatcher } from '../test/smtp.ts';
import { recordFigures } from './figures.ts';
import { snapshot } from './matrix-support.ts';

/**
 * Abuse: guessing passwords is slowed and then refused per account and per address, yet a campus
 * behind one NAT address is never locked out; reset and confirmation mail cannot flood an inbox;
 * writes from other sites are refused whatever their content type; cookies are HttpOnly, SameSite
 * and (behind https) Secure; every kind of response carries the security headers.
 *
 * Client addresses come from X-Forwarded-For (TRUSTED_PROXIES = loopback), from the documentation ranges.
 * "The clock moves on" is done by moving a counter's start back in the database.
 */

type ErrorBody = { error: { code: string; message: string } };
const figures: Record<string, number | string> = {};

const WRONG = 'salah-sandi-99';
let addressSeq = 0;
/** A fresh client address (TEST-NET-3), so tests do not share an address's counts. */
const newAddress = () => `203.0.113.${++addressSeq}`;

function signInFrom(client: TestClient, address: string, email: string, password: string) {
  return client.request('POST', '/api/auth/sign-in/email', {
    json: { email, password },
    headers: { 'x-forwarded-for': address },
  });
}

async function errorOf(res: Response) {
  return ((await res.json()) as ErrorBody).error;
}

/** Moves every counter whose key starts with `prefix` `ms` into the past. */
async function clockMovesOn(app: TestApp, prefix: string, ms: number) {
  await app.services.database.db
    .update(requestLimits)
    .set({ windowStart: sql`${requestLimits.windowStart} - ${ms}` })
    .where(like(requestLimits.key, `${prefix}%`));
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map((x, j) => fn(x, i + j)))));
  return out;
}

/**
 * Registers a voter over HTTP from `address` and opens the mailed confirmation link (from the
 * same address); returns the registration's answer, their email and password.
 */
async function registerFrom(app: TestApp, address: string, nim?: string) {
  const input = voterInput(nim ? { nim } : {});
  const client = app.client();
  const res = await client.request('POST', '/api/voters/register', {
    json: input,
    headers: { 'x-forwarded-for': address },
  });
  if (res.status === 202) {
    const link = new URL(await client.confirmationLink(input.email));
    const token = link.searchParams.get('token')!;
    const confirmed = await client.request('GET', `/api/auth/verify-email?token=${token}`, {
      headers: { 'x-forwarded-for': address },
    });
    if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status}`);
  }
  return { res, email: input.email, password: input.password };
}

describe('per account: wrong passwords are slowed, then the account is locked for a while', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  /** Wrong passwords until the account is locked, letting the clock run past every wait. */
  async function failUntilLocked(email: string, address: string) {
    const statuses: number[] = [];
    for (let i = 1; i <= ACCOUNT.lockAfter; i++) {
      if (i > ACCOUNT.slowAfter) await clockMovesOn(app, accountKey(email), accountDelayMs(i - 1));
      const res = await signInFrom(app.client(), address, email, WRONG);
      statuses.push(res.status);
      if (i === ACCOUNT.lockAfter) {
        expect(res.status).toBe(429);
        expect((await errorOf(res)).code).toBe('ACCOUNT_LOCKED');
      }
    }
    expect(statuses).toEqual([...Array<number>(ACCOUNT.lockAfter - 1).fill(401), 429]);
  }

  it('slows the sixth try, waits longer after each failure, locks on the tenth, and refuses even the right password while locked', async () => {
    const address = newAddress();
    const voter = await registerFrom(app, address);
    expect(voter.res.status).toBe(202);

    const free: number[] = [];
    for (let i = 0; i < ACCOUNT.slowAfter; i++)
      free.push((await signInFrom(app.client(), address, voter.email, WRONG)).status);
    expect(free).toEqual([401, 401, 401, 401, 401]);

    // Slowed: the next try, right or wrong, must wait; the answer says how long.
    const waits: number[] = [];
    for (let failures = ACCOUNT.slowAfter; failures < ACCOUNT.lockAfter; failures++) {
      const client = app.client();
      const early = await signInFrom(client, address, voter.email, voter.password);
      expect(early.status).toBe(429);
      const wait = Number(early.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(accountDelayMs(failures) / 1000);
      expect(wait).toBeGreaterThan(accountDelayMs(failures) / 1000 - 5);
      const error = await errorOf(early);
      expect(error.code).toBe('ACCOUNT_SLOWED');
      expect(error.message).toMatch(
        /^Terlalu banyak percobaan masuk yang gagal untuk akun ini\. Coba lagi dalam \d+ (detik|menit)\.$/,
      );
      expect(client.cookies.size).toBe(0);
      waits.push(wait);

      await clockMovesOn(app, accountKey(voter.email), accountDelayMs(failures));
      const next = await signInFrom(app.client(), address, voter.email, WRONG);
      if (failures + 1 < ACCOUNT.lockAfter) expect(next.status).toBe(401);
      else {
        // The tenth failure locks the account, and says for how long.
        expect(next.status).toBe(429);
        expect(next.headers.get('retry-after')).toBe(String(ACCOUNT.lockMinutes * 60));
        expect(await errorOf(next)).toEqual({
          code: 'ACCOUNT_LOCKED',
          message: SIGN_IN_MESSAGES.ACCOUNT_LOCKED.replace('{wait}', '15 menit'),
        });
      }
    }
    expect(waits).toEqual([15, 30, 60, 120, 240]);

    // Locked: the right password is refused too, from this address and from any other.
    for (const from of [address, newAddress()]) {
      const client = app.client();
      const res = await signInFrom(client, from, voter.email, voter.password);
      expect(res.status).toBe(429);
      const error = await errorOf(res);
      expect(error.code).toBe('ACCOUNT_LOCKED');
      expect(error.message).toContain('Coba lagi dalam 15 menit');
      expect(client.cookies.size).toBe(0);
      expect((await client.me()).user).toBeNull();
    }

    // Another student on the same address is not touched.
    const neighbour = await registerFrom(app, address);
    expect(
      (await signInFrom(app.client(), address, neighbour.email, neighbour.password)).status,
    ).toBe(200);

    // Fifteen minutes later the lock is over; the right password signs in and clears the count.
    await clockMovesOn(app, accountKey(voter.email), ACCOUNT.lockMinutes * 60_000);
    const client = app.client();
    expect((await signInFrom(client, address, voter.email, voter.password)).status).toBe(200);
    expect((await client.me()).user?.email).toBe(voter.email);
    const again: number[] = [];
    for (let i = 0; i < ACCOUNT.slowAfter; i++)
      again.push((await signInFrom(app.client(), address, voter.email, WRONG)).status);
    expect(again).toEqual([401, 401, 401, 401, 401]);

    figures.accountFreeWrongAttempts = ACCOUNT.slowAfter;
    figures.accountWaitsSeconds = waits.join('/');
    figures.accountLockedAfterWrongAttempts = ACCOUNT.lockAfter;
    figures.accountLockMinutes = ACCOUNT.lockMinutes;
  });

  it('answers an email no account has exactly as an existing one, so the lock tells nothing', async () => {
    const address = newAddress();
    const voter = await registerFrom(app, address);
    const unknown = `tidak.ada.${addressSeq}@mahasiswa.test`;
    const answers: Record<string, { statuses: number[]; last: ErrorBody['error'] }> = {};
    for (const email of [voter.email, unknown]) {
      const statuses: number[] = [];
      let last: ErrorBody['error'] = { code: '', message: '' };
      for (let i = 0; i <= ACCOUNT.slowAfter; i++) {
        const res = await signInFrom(app.client(), address, email, WRONG);
        statuses.push(res.status);
        last = await errorOf(res);
      }
      answers[email] = { statuses, last };
    }
    expect(answers[unknown]!.statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(answers[unknown]).toEqual(answers[voter.email]);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const address = newAddress();
    const voter = await registerFrom(app, address);
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT.slowAfter - 1; i++)
      statuses.push((await signInFrom(app.client(), address, voter.email, WRONG)).status);
    statuses.push((await signInFrom(app.client(), address, voter.email, voter.password)).status);
    for (let i = 0; i <= ACCOUNT.slowAfter; i++)
      statuses.push((await signInFrom(app.client(), address, voter.email, WRONG)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 401, 429]);
  });

  it('lets no more than the free attempts through when forty wrong passwords arrive at once', async () => {
    const address = newAddress();
    const voter = await registerFrom(app, address);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInFrom(app.client(), address, voter.email, `${WRONG}-${i}`).then((r) => r.status),
      ),
    );
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBe(ACCOUNT.slowAfter);
    expect(statuses.filter((s) => s === 429).length).toBe(40 - ACCOUNT.slowAfter);
    figures.simultaneousWrongAttempts = 40;
    figures.simultaneousPasswordsChecked = checked;
  });

  it('locks committee members and admins the same way (one sign-in endpoint for everyone)', async () => {
    const db = app.services.database.db;
    const address = newAddress();
    await createAdmin(db, {
      email: 'admin.kunci@bem.test',
      password: 'sandi-admin-1',
      name: 'Admin Kunci',
      role: 'admin',
    });
    const { election } = await insertOpenElection(db, {
      startsInMs: 86_400_000,
      endsInMs: 2 * 86_400_000,
    });
    // Codes work only while the election is a draft.
    await db.update(elections).set({ status: 'draft' }).where(eq(elections.id, election.id));
    const { code } = await createInvitation(db, election.id, null, 'panitia.kunci@mahasiswa.test');
    const committee = await app.client().request('POST', '/api/committee/register', {
      json: {
        kodeUndangan: code,
        namaLengkap: 'Panitia Kunci',
        email: 'panitia.kunci@mahasiswa.test',
        password: 'sandi-panitia-1',
        confirmPassword: 'sandi-panitia-1',
      },
      headers: { 'x-forwarded-for': address },
    });
    expect(committee.status).toBe(201);

    for (const [email, password] of [
      ['admin.kunci@bem.test', 'sandi-admin-1'],
      ['panitia.kunci@mahasiswa.test', 'sandi-panitia-1'],
    ] as const) {
      await failUntilLocked(email, address);
      const res = await signInFrom(app.client(), address, email, password);
      expect(res.status).toBe(429);
      expect((await errorOf(res)).code).toBe('ACCOUNT_LOCKED');
      await clockMovesOn(app, accountKey(email), ACCOUNT.lockMinutes * 60_000);
      expect((await signInFrom(app.client(), address, email, password)).status).toBe(200);
    }
  });

  it('lifts the lock when the owner resets the password through the mailed link', async () => {
    const address = newAddress();
    const voter = await registerFrom(app, address);
    await failUntilLocked(voter.email, address);

    const asked = await app.client().request('POST', '/api/auth/request-password-reset', {
      json: { email: voter.email },
      headers: { 'x-forwarded-for': address },
    });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor(voter.email, /lupa-sandi/);
    const token = new URL(mail.text!.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    const reset = await app
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'sandi-baru-456' });
    expect(reset.status).toBe(200);
    expect((await signInFrom(app.client(), address, voter.email, 'sandi-baru-456')).status).toBe(
      200,
    );
  });
});

describe('per address: only wrong attempts count, so a campus behind one NAT address passes', () => {
  it('lets 500 students register and sign in within minutes from one address (production defaults), typos included', async () => {
    // No SIGN_IN_PER_MINUTE or REGISTER_PER_HOUR: the defaults a campus gets.
    const app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1' });
    try {
      const campus = '198.51.100.7';
      const students = Array.from({ length: 500 }, (_, i) => `7${String(i).padStart(9, '0')}`);
      const registered = await inBatches(students, 10, async (nim) => {
        const r = await registerFrom(app, campus, nim);
        return { status: r.res.status, email: r.email, password: r.password };
      });
      expect(registered.filter((r) => r.status === 202).length).toBe(500);

      // One student in ten mistypes once before getting it right.
      const signIns = await inBatches(registered, 10, async (s, i) => {
        const client = app.client();
        const typo =
          i % 10 === 0 ? (await signInFrom(client, campus, s.email, WRONG)).status : null;
        const res = await signInFrom(client, campus, s.email, s.password);
        return {
          typo,
          status: res.status,
          user: res.status === 200 ? (await client.me()).user : null,
        };
      });
      const typos = signIns.filter((s) => s.typo !== null);
      expect(typos.map((s) => s.typo)).toEqual(Array<number>(50).fill(401));
      expect(signIns.filter((s) => s.status === 200).length).toBe(500);
      expect(signIns.every((s, i) => s.user?.email === registered[i]!.email)).toBe(true);

      figures.natRegistrationsAccepted = registered.filter((r) => r.status === 202).length;
      figures.natSignInsAccepted = signIns.filter((s) => s.status === 200).length;
      figures.natTyposAnswered401 = typos.length;
      figures.signInWrongPerAddressPerMinuteDefault = app.services.env.signInPerMinute;
      figures.registerPerAddressPerHourDefault = app.services.env.registerPerHour;
    } finally {
      await app.stop();
    }
  }, 600_000);

  it('slows an address that sprays wrong passwords over many accounts, then refuses it for the hour', async () => {
    const perMinute = 5;
    const app = await startTestApp({
      TRUSTED_PROXIES: '127.0.0.1,::1',
      SIGN_IN_PER_MINUTE: String(perMinute),
    });
    try {
      const sprayer = newAddress();
      const voter = await registerFrom(app, newAddress());
      let n = 0;
      const spray = () => signInFrom(app.client(), sprayer, `korban${++n}@mahasiswa.test`, WRONG);

      const first: number[] = [];
      for (let i = 0; i < perMinute; i++) first.push((await spray()).status);
      expect(first).toEqual([401, 401, 401, 401, 401]);
      const slowed = await spray();
      expect(slowed.status).toBe(429);
      const retry = Number(slowed.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      const error = await errorOf(slowed);
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.message).toMatch(
        /^Terlalu banyak percobaan masuk yang gagal dari alamat jaringan Anda\. Coba lagi dalam \d+ detik\.$/,
      );

      // The limit is the address's: from elsewhere the student signs in.
      expect(
        (await signInFrom(app.client(), newAddress(), voter.email, voter.password)).status,
      ).toBe(200);

      // A minute later the address may try again; after ten times the minute's share within the
      // hour it is refused until the hour is over.
      let refusedForHour: Response | undefined;
      for (let round = 1; round < 12 && !refusedForHour; round++) {
        await clockMovesOn(app, 'signin-address-1m|', 60_000);
        for (let i = 0; i < perMinute; i++) {
          const res = await spray();
          if (res.status === 429) {
            refusedForHour = res;
            break;
          }
          expect(res.status).toBe(401);
        }
      }
      expect(refusedForHour).toBeDefined();
      expect(n - 1).toBe(perMinute * 10 + 1);
      expect(Number(refusedForHour!.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await errorOf(refusedForHour!)).message).toMatch(/Coba lagi dalam \d+ menit\.$/);

      // An IPv6 sprayer cannot step to the next address of its /64.
      const v6: number[] = [];
      for (let i = 1; i <= perMinute + 1; i++)
        v6.push(
          (await signInFrom(app.client(), `2001:db8:7:7::${i}`, `v6.${i}@mahasiswa.test`, WRONG))
            .status,
        );
      expect(v6).toEqual([401, 401, 401, 401, 401, 429]);

      figures.sprayWrongUntilSlowed = perMinute;
      figures.sprayWrongUntilRefusedForHour = perMinute * 10;
    } finally {
      await app.stop();
    }
  });
});

describe('mail cannot flood an inbox', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1,::1', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  /** Waits until `expected` mails reached `to`, then until a later mail to `marker` arrived too. */
  async function settled(
    to: string,
    expected: number,
    marker: () => Promise<string>,
    markerText?: RegExp,
  ) {
    await expect.poll(() => smtp.to(to).length, { timeout: 15_000 }).toBe(expected);
    await smtp.waitFor(await marker(), markerText);
    return smtp.to(to).length;
  }

  it('sends at most 3 reset mails an hour to one address, answering every request alike', async () => {
    const address = newAddress();
    const voter = await registerFrom(app, address);
    const ask = (email: string) =>
      app.client().request('POST', '/api/auth/request-password-reset', {
        json: { email },
        headers: { 'x-forwarded-for': address },
      });
    const unknown = await ask('tidak.ada@mahasiswa.test');
    const unknownBody = await unknown.text();
    const answers: { status: number; body: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await ask(voter.email);
      answers.push({ status: res.status, body: await res.text() });
    }
    expect(answers.every((a) => a.status === unknown.status && a.body === unknownBody)).toBe(true);

    const cap = MAIL_PER_RECIPIENT_PER_HOUR['reset-password'];
    // The inbox also holds the registration's confirmation mail.
    const delivered =
      (await settled(
        voter.email,
        cap + 1,
        async () => {
          const other = await registerFrom(app, address);
          expect((await ask(other.email)).status).toBe(200);
          return other.email;
        },
        /lupa-sandi/,
      )) - 1;
    expect(delivered).toBe(cap);
    // Every delivered link works (the cap drops mail, never breaks the ones sent).
    expect(
      smtp
        .to(voter.email)
        .slice(1)
        .every((m) => m.subject?.startsWith('Atur ulang kata sandi')),
    ).toBe(true);
    figures.resetRequestsForOneInbox = 20;
    figures.resetMailsDelivered = delivered;
  });

  it('limits reset requests per requesting address, whichever inboxes they aim at', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await app.client().request('POST', '/api/auth/request-password-reset', {
        json: { email: `sasaran${i}@mahasiswa.test` },
        headers: { 'x-forwarded-for': address },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect((await errorOf(res)).message).toMatch(/^Terlalu banyak percobaan\. Coba lagi dalam/);
      }
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    figures.resetRequestsPerAddressPer10Min = 60;
  });

  it('sends at most 5 election-request confirmations an hour to one address; every request is kept', async () => {
    const address = newAddress();
    const inbox = 'pemohon.banjir@mahasiswa.test';
    const body = (i: number, email = inbox) => {
      const start = new Date(Date.now() + 7 * 86_400_000);
      return {
        namaPemilihan: `Pemilihan Banjir ${i}`,
        penyelenggara: 'HIMA Uji',
        deskripsi: 'Permohonan uji untuk batas surat per alamat.',
        waktuMulai: start.toISOString(),
        waktuSelesai: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
        namaPemohon: 'Pemohon Uji',
        emailPemohon: email,
      };
    };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.client().request('POST', '/api/election-requests', {
        json: body(i),
        headers: { 'x-forwarded-for': address },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array<number>(8).fill(201));
    const cap = MAIL_PER_RECIPIENT_PER_HOUR['election-request-received'];
    const delivered = await settled(inbox, cap, async () => {
      const marker = 'pemohon.penanda@mahasiswa.test';
      const res = await app.client().request('POST', '/api/election-requests', {
        json: body(99, marker),
        headers: { 'x-forwarded-for': address },
      });
      expect(res.status).toBe(201);
      return marker;
    });
    expect(delivered).toBe(cap);
    figures.requestConfirmationsForOneInbox = 8;
    figures.requestConfirmationsDelivered = delivered;
  });
});

describe('writes from other sites are refused, whatever the content type', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('refuses every cross-origin POST, PUT, PATCH and DELETE with 403, changing nothing', async () => {
    const db = app.services.database.db;
    const voter = app.client();
    const input = await voter.registerVoter();
    await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, input.nim));
    const { election, candidates } = await insertOpenElection(db, { nims: [input.nim] });
    await createAdmin(db, {
      email: 'admin.asal@bem.test',
      password: 'sandi-admin-1',
      name: 'Admin Asal',
      role: 'admin',
    });
    const admin = app.client();
    expect((await admin.signIn('admin.asal@bem.test', 'sandi-admin-1')).status).toBe(200);

    const png = await imageBytes(40, 40, 'png');
    const bodies: Record<
      string,
      () => { body: RequestInit['body']; headers: Record<string, string> }
    > = {
      json: () => ({
        body: JSON.stringify({ choice: candidates[0]!.id, email: input.email, password: 'x' }),
        headers: { 'content-type': 'application/json' },
      }),
      form: () => ({
        body: new URLSearchParams({ choice: candidates[0]!.id, email: input.email }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      multipart: () => {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(png)]), 'foto.png');
        form.set('choice', candidates[0]!.id);
        return { body: form, headers: {} };
      },
      text: () => ({
        body: JSON.stringify({ choice: candidates[0]!.id }),
        headers: { 'content-type': 'text/plain' },
      }),
    };
    const targets: [string, string, TestClient][] = [
      ['POST', `/api/voting/${election.id}/cast`, voter],
      ['POST', '/api/auth/sign-in/email', app.client()],
      ['POST', '/api/auth/sign-out', voter],
      ['POST', '/api/auth/request-password-reset', app.client()],
      ['POST', '/api/voters/register', app.client()],
      ['PUT', '/api/voters/me', voter],
      ['POST', '/api/uploads/images', admin],
      ['PATCH', `/api/elections/${election.id}/settings`, admin],
      ['DELETE', '/api/documents/00000000-0000-0000-0000-000000000000', admin],
      ['POST', '/api/election-requests', app.client()],
    ];
    const evil: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: app.services.env.publicUrl.replace('http://', 'https://') },
      { origin: `${app.services.env.publicUrl}.evil.example` },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: app.services.env.publicUrl, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];

    const before = await snapshot(db);
    let refused = 0;
    let sent = 0;
    for (const [method, url, client] of targets)
      for (const [kind, make] of Object.entries(bodies))
        for (const headers of evil) {
          const { body, headers: typeHeaders } = make();
          // `origin` is set explicitly, or removed when the case has none.
          const res = await fetch(app.url + url, {
            method,
            body,
            redirect: 'manual',
            headers: {
              ...typeHeaders,
              cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
              ...headers,
            },
          });
          sent++;
          const label = `${method} ${url} ${kind} ${JSON.stringify(headers)}`;
          expect(res.status, label).toBe(403);
          expect(await res.json(), label).toEqual({
            error: { code: 'FORBIDDEN_ORIGIN', message: 'Permintaan dari situs lain ditolak.' },
          });
          expect(res.headers.getSetCookie(), label).toEqual([]);
          refused++;
        }
    expect(await snapshot(db)).toEqual(before);
    // The voter is still signed in (sign-out was refused) and has not voted.
    expect((await voter.me()).user?.email).toBe(input.email);
    const ballot = (await (await voter.get(`/api/voting/${election.id}`)).json()) as {
      me: { canVote: boolean; votedAt: string | null };
    };
    expect(ballot.me).toMatchObject({ canVote: true, votedAt: null });

    // From the site itself the same cast is accepted.
    const cast = await voter.post(`/api/voting/${election.id}/cast`, { choice: candidates[0]!.id });
    expect(cast.status).toBe(201);
    figures.crossOriginWritesSent = sent;
    figures.crossOriginWritesRefused = refused;
  });

  it('lets requests without Origin or Sec-Fetch-Site through (programs, not browsers), and same-origin ones', async () => {
    const plain = await fetch(`${app.url}/api/voters/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(voterInput()),
    });
    expect(plain.status).toBe(202);
    const browser = await fetch(`${app.url}/api/voters/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.services.env.publicUrl,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify(voterInput()),
    });
    expect(browser.status).toBe(202);
    // Reading stays open to any origin (no cookies cross sites with SameSite=Lax anyway).
    const read = await fetch(`${app.url}/api/site/footer`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.status).not.toBe(403);
  });
});

describe('session cookies', () => {
  for (const https of [true, false]) {
    it(`are HttpOnly, SameSite=Lax, Path=/ and ${https ? 'Secure (__Secure-) behind https' : 'not Secure on plain http'}`, async () => {
      const app = await startTestApp(https ? { PUBLIC_URL: 'https://bem.example.test' } : {});
      try {
        const input = await app.client().registerVoter();
        const res = await app.client().signIn(input.email, input.password);
        expect(res.status).toBe(200);
        const cookies = res.headers.getSetCookie();
        const session = cookies.find((c) => /^(__Secure-)?[^=]*session_token=/.test(c));
        expect(session).toBeDefined();
        for (const cookie of cookies) {
          expect(cookie).toMatch(/;\s*HttpOnly/i);
          expect(cookie).toMatch(/;\s*SameSite=Lax/i);
          expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
          if (https) {
            expect(cookie).toMatch(/^__Secure-/);
            expect(cookie).toMatch(/;\s*Secure/i);
          } else {
            expect(cookie).not.toMatch(/^__Secure-/);
            expect(cookie).not.toMatch(/;\s*Secure/i);
          }
        }
        figures[https ? 'httpsCookiesChecked' : 'httpCookiesChecked'] = cookies.length;
      } finally {
        await app.stop();
      }
    });
  }
});

describe('security headers on every kind of response', () => {
  for (const https of [true, false]) {
    it(`${https ? 'behind https (with HSTS)' : 'on plain http (no HSTS)'}`, async () => {
      const app = await startTestApp({
        ...(https ? { PUBLIC_URL: 'https://bem.example.test' } : {}),
        REGISTER_PER_HOUR: '3',
        SIGN_IN_PER_MINUTE: '2',
      });
      try {
        const web = app.services.env.webDist;
        fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
        fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app shell</title>');
        fs.writeFileSync(path.join(web, 'assets', 'main-abc123.js'), 'console.log(1);');
        fs.writeFileSync(
          path.join(web, 'favicon.svg'),
          '<svg xmlns="http://www.w3.org/2000/svg"/>',
        );

        const db = app.services.database.db;
        const voter = app.client();
        await voter.registerVoter();
        await createAdmin(db, {
          email: 'admin.kepala@bem.test',
          password: 'sandi-admin-1',
          name: 'Admin Kepala',
          role: 'admin',
        });
        const admin = app.client();
        const adminSignIn = await admin.signIn('admin.kepala@bem.test', 'sandi-admin-1');
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(await imageBytes(64, 64, 'png'))]), 'a.png');
        const upload = await admin.request('POST', '/api/uploads/images', { body: form });
        expect(upload.status).toBe(201);
        const { small } = (await upload.json()) as { small: { url: string } };

        const anon = app.client();
        const responses: [string, Response, number | ((s: number) => boolean)][] = [];
        const check = async (
          label: string,
          res: Promise<Response> | Response,
          expected: number | ((s: number) => boolean),
        ) => {
          responses.push([label, await res, expected]);
        };
        await check('sign-in (better-auth 200)', adminSignIn, 200);
        await check('upload (201)', upload, 201);
        await check('API JSON 200', anon.get('/api/me'), 200);
        await check('API 400', anon.post('/api/voters/register', { nim: 'x' }), 400);
        await check('API 401', anon.get('/api/activity'), 401);
        await check('API 403', voter.get('/api/activity'), 403);
        await check('API 404', anon.get('/api/tidak-ada'), 404);
        await check('API 404 (better-auth closed path)', anon.post('/api/auth/sign-up/email'), 404);
        // A known path with a method it does not take is answered 404, like an unknown one.
        await check('API wrong method', anon.request('DELETE', '/api/me'), 404);
        await check('API wrong method (better-auth)', anon.get('/api/auth/sign-in/email'), 404);
        await check(
          'API 413',
          anon.request('POST', '/api/voters/register', {
            body: 'x'.repeat(1024 * 1024 + 10),
            headers: { 'content-type': 'application/json' },
          }),
          413,
        );
        await check(
          'API 415',
          anon.request('POST', '/api/voters/register', {
            body: 'a,b',
            headers: { 'content-type': 'text/csv' },
          }),
          415,
        );
        await check(
          'API 403 cross-origin',
          anon.request('POST', '/api/voters/register', {
            json: {},
            headers: { origin: 'https://evil.example' },
          }),
          403,
        );
        // Accepted registrations spend the address's budget (3): two more, then the fourth.
        for (let i = 0; i < 2; i++) await anon.post('/api/voters/register', voterInput());
        await check('API 429 (registration)', anon.post('/api/voters/register', voterInput()), 429);
        for (let i = 0; i < 2; i++) await anon.signIn(`x${i}@y.test`, WRONG);
        await check('API 429 (sign-in)', anon.signIn('x9@y.test', WRONG), 429);
        await check(
          'better-auth redirect',
          anon.get('/api/auth/reset-password/token-palsu?callbackURL=%2Flupa-sandi'),
          (s) => s >= 300 && s < 400,
        );
        await check('HTML page', anon.get('/'), 200);
        await check('HTML page (app route)', anon.get('/berita'), 200);
        await check('HEAD page', anon.request('HEAD', '/'), 200);
        await check('static asset', anon.get('/assets/main-abc123.js'), 200);
        await check('static file', anon.get('/favicon.svg'), 200);
        await check('missing asset 404', anon.get('/assets/tidak-ada.js'), 404);
        await check('stored file', anon.get(new URL(small.url, app.url).pathname), 200);
        await check('stored file 404', anon.get(`/files/${'0'.repeat(64)}`), 404);
        await check('OpenAPI document', anon.get('/api/openapi.json'), 200);
        await check('API docs page', anon.get('/api/docs'), 200);
        await check('API docs asset', anon.get('/api/docs/swagger-ui.css'), 200);
        await check('health', anon.get('/healthz'), 200);
        await check('readiness', anon.get('/readyz'), 200);
        await check('robots.txt', anon.get('/robots.txt'), 200);
        await check('sitemap.xml', anon.get('/sitemap.xml'), 200);
        await check('OPTIONS', anon.request('OPTIONS', '/api/me'), (s) => s < 500);

        const stream = new AbortController();
        const sse = await fetch(`${app.url}/api/live/me`, {
          headers: { cookie: [...voter.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
          signal: stream.signal,
        });
        await check('SSE stream', sse, 200);
        expect(sse.headers.get('content-type')).toContain('text/event-stream');
        stream.abort();

        for (const [label, res, expected] of responses) {
          if (typeof expected === 'number') expect(res.status, label).toBe(expected);
          else expect(expected(res.status), `${label}: ${res.status}`).toBe(true);
          const h = res.headers;
          const csp = h.get('content-security-policy') ?? '';
          expect(csp, label).toContain("default-src 'self'");
          expect(csp, label).toContain("script-src 'self'");
          expect(csp, label).not.toMatch(/script-src[^;]*unsafe-inline/);
          expect(csp, label).toContain("frame-ancestors 'none'");
          expect(h.get('x-content-type-options'), label).toBe('nosniff');
          expect(h.get('x-frame-options'), label).toBe('DENY');
          expect(h.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
          if (https) expect(h.get('strict-transport-security'), label).toMatch(/max-age=\d{7,}/);
          else expect(h.get('strict-transport-security'), label).toBeNull();
          if (res.body && label !== 'SSE stream') await res.body.cancel().catch(() => undefined);
        }
        figures[https ? 'headersCheckedHttps' : 'headersCheckedHttp'] = responses.length;
      } finally {
        await app.stop();
      }
    });
  }
});

afterAll(() => {
  recordFigures(
    'abuse',
    figures,
    `${figures.natSignInsAccepted ?? '?'}/500 NAT sign-ins and ${figures.natRegistrationsAccepted ?? '?'}/500 registrations accepted from one address; ` +
      `an account is slowed after ${figures.accountFreeWrongAttempts ?? '?'} wrong passwords and locked after ${figures.accountLockedAfterWrongAttempts ?? '?'} ` +
      `(${figures.simultaneousPasswordsChecked ?? '?'} of ${figures.simultaneousWrongAttempts ?? '?'} simultaneous tries checked); ` +
      `${figures.resetMailsDelivered ?? '?'} of ${figures.resetRequestsForOneInbox ?? '?'} reset mails delivered to one inbox; ` +
      `${figures.crossOriginWritesRefused ?? '?'}/${figures.crossOriginWritesSent ?? '?'} cross-origin writes refused; ` +
      `${(Number(figures.headersCheckedHttps) || 0) + (Number(figures.headersCheckedHttp) || 0)} responses carried the security headers`,
  );
});
