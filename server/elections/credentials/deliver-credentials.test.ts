// Credentials by mail (issue 18): each voter of a locked verifiable election gets the booth link
// with their private credential in its fragment, once; the server erases the credential as soon
// as the mail server took the mail, keeps it while the mail fails, and erases whatever was never
// delivered when the polls close. The booth's API never hands a private credential out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../auth/actor.ts';
import { electionCredentials, elections, mailOutbox, voters } from '../../db/schema/index.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { holdCeremony } from '../../test/trustee.ts';
import { publicCredential } from '../../../shared/crypto/credentials.ts';
import { recordRow } from '../record/record-store.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { lockElection } from '../setup/lock.ts';
import { listRoll } from '../setup/roll.ts';
import { deliverCredentials } from './deliver-credentials.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
/** What the mail server took; while `mailServerDown`, it refuses connections. */
const delivered: Mail[] = [];
let mailServerDown = false;
beforeAll(async () => {
  app = await startTestApp(
    {},
    {
      mailTransport: {
        send: async (mail) => {
          if (mailServerDown)
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), {
              code: 'ESOCKET',
            });
          delivered.push(mail);
        },
        close: () => {},
      },
      outbox: { retryBaseMs: 100, retryMaxMs: 200, pollMs: 100 },
    },
  );
  db = app.services.database.db;
});
afterAll(async () => {
  await app.stop();
});

const deps = (mailer: Mailer = app.services.mailer) => ({
  db,
  mailer,
  logger: app.services.logger,
  publicUrl: app.services.env.publicUrl,
});

/** A locked verifiable election, open in an hour: two verified voters and one pending. */
async function lockedElection() {
  const verified = await insertVoters(db, 2);
  const [pending] = await insertVoters(db, 1, { status: 'pending' });
  const people = [...verified, pending!];
  const { election } = await insertOpenElection(db, {
    nims: people.map((p) => p.nim),
    ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    startsInMs: 3_600_000,
    endsInMs: 7_200_000,
  });
  await db
    .update(elections)
    .set({ status: 'draft', lockedAt: null })
    .where(eq(elections.id, election.id));
  const actor = {
    user: { id: verified[0]!.id, name: 'Panitia Uji', email: 'panitia@uji.test' },
    admin: null,
    voter: null,
    committeeOf: [election.id],
  } as unknown as Actor;
  await holdCeremony(db, election.id, [verified[0]!.id, verified[1]!.id]);
  await lockElection(db, actor, election.id);
  const uuid = (await recordRow(db, election.id))!.uuid;
  return { election, verified, pending: pending!, uuid };
}

const rows = (electionId: string) =>
  db.select().from(electionCredentials).where(eq(electionCredentials.electionId, electionId));
const mailsTo = (email: string, electionId: string) =>
  app.sentMail.filter(
    (m) => m.to === email && m.text.includes(`/voting/${electionId}#kredensial=`),
  );
const credentialIn = (text: string) => /#kredensial=([1-9A-Za-z-]{19})/.exec(text)![1]!;

describe('credentials by mail', () => {
  it('mails each verified voter their own credential once, then forgets it; a pending voter gets theirs once verified', async () => {
    const e = await lockedElection();
    // Two runs at once (two instances): nobody is mailed twice.
    const [a, b] = await Promise.all([
      deliverCredentials(deps(), e.election.id),
      deliverCredentials(deps(), e.election.id),
    ]);
    expect(a + b).toBeLessThanOrEqual(2);
    for (const v of e.verified) {
      const mails = mailsTo(`${v.id}@uji.test`, e.election.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Kredensial pemilihan ${e.election.title}`);
      const credential = credentialIn(mails[0]!.text);
      expect(mails[0]!.text).toContain(`Kredensial Anda: ${credential}`);
      const [row] = (await rows(e.election.id)).filter((r) => r.nim === v.nim);
      // The mailed credential is the one whose public part is on record for this voter.
      expect(String(publicCredential(credential, e.uuid))).toBe(row!.publicCredential);
      expect(row).toMatchObject({ credential: null, mailError: null });
      expect(row!.mailedAt).toBeInstanceOf(Date);
    }
    expect(await deliverCredentials(deps(), e.election.id)).toBe(0);
    // The pending voter waits, their credential kept until it can be delivered.
    const waiting = (await rows(e.election.id)).find((r) => r.nim === e.pending.nim)!;
    expect(waiting).toMatchObject({ mailedAt: null });
    expect(waiting.credential).toMatch(/^[1-9A-Za-z]{3}(-[1-9A-Za-z]{3}){4}$/);
    expect(mailsTo(`${e.pending.id}@uji.test`, e.election.id)).toHaveLength(0);
    // The committee's roll tab says where each stands (once the outbox has sent the mails), and
    // never shows a credential.
    await app.services.background.settled();
    const roll = await listRoll(db, e.election, { page: 1, pageSize: 50 });
    const stateOf = (nim: string) => roll.items.find((i) => i.nim === nim)!.credential!.state;
    expect(e.verified.map((v) => stateOf(v.nim))).toEqual(['sent', 'sent']);
    expect(stateOf(e.pending.nim)).toBe('waiting-account');
    expect(JSON.stringify(roll)).not.toContain(waiting.credential!);
    await db.update(voters).set({ status: 'verified' }).where(eq(voters.nim, e.pending.nim));
    expect(await deliverCredentials(deps())).toBeGreaterThanOrEqual(1);
    expect(mailsTo(`${e.pending.id}@uji.test`, e.election.id)).toHaveLength(1);
    expect((await rows(e.election.id)).every((r) => r.credential === null)).toBe(true);
  });

  it('hands each credential to the outbox as it erases it; a mail server that is down delays it, the roll says so, and it arrives once the server is back', async () => {
    const e = await lockedElection();
    mailServerDown = true;
    expect(await deliverCredentials(deps(), e.election.id)).toBe(2);
    await app.services.background.settled();
    const roll = async () => (await listRoll(db, e.election, { page: 1, pageSize: 50 })).items;
    for (const r of (await rows(e.election.id)).filter((x) => x.nim !== e.pending.nim)) {
      // Erased here at once: the outbox holds the only copy until the mail server takes it.
      expect(r.credential).toBeNull();
      expect(r.mailedAt).toBeInstanceOf(Date);
    }
    const failing = (await roll()).filter((i) => i.nim !== e.pending.nim);
    expect(failing.map((i) => i.credential!.state)).toEqual(['failing', 'failing']);
    expect(failing[0]!.credential!.error).toBe('Server surat tidak dapat dihubungi.');
    expect(delivered.filter((m) => m.text.includes(`/voting/${e.election.id}#`))).toHaveLength(0);
    mailServerDown = false;
    await expect
      .poll(async () => (await roll()).map((i) => i.credential!.state), { timeout: 10_000 })
      .toEqual(e.verified.map(() => 'sent').concat('waiting-account'));
    for (const v of e.verified)
      expect(
        delivered.filter(
          (m) => m.to === `${v.id}@uji.test` && m.text.includes(`/voting/${e.election.id}#`),
        ),
      ).toHaveLength(1);
    // Once sent, the outbox keeps no copy of a credential.
    const kept = await db
      .select({ body: mailOutbox.bodyText })
      .from(mailOutbox)
      .where(eq(mailOutbox.electionId, e.election.id));
    expect(kept.length).toBe(2);
    expect(kept.every((k) => k.body === null)).toBe(true);
  });

  it('erases the credentials never delivered once the polls have closed', async () => {
    const e = await lockedElection();
    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(elections.id, e.election.id));
    expect(await deliverCredentials(deps(), e.election.id)).toBe(0);
    expect((await rows(e.election.id)).every((r) => r.credential === null)).toBe(true);
    expect(mailsTo(`${e.verified[0]!.id}@uji.test`, e.election.id)).toHaveLength(0);
    const roll = await listRoll(db, e.election, { page: 1, pageSize: 50 });
    expect(roll.items.map((i) => i.credential?.state)).toEqual(['erased', 'erased', 'erased']);
  });
});
