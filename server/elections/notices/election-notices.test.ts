import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elections, participation } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { REMINDER_HOURS, sendElectionNotices } from './election-notices.ts';

let app: TestApp;
const hour = 3_600_000;

beforeAll(async () => {
  // The minute's jobs are run by hand here, so each step is seen on its own.
  app = await startTestApp({}, { minuteJobs: false });
});
afterAll(() => app.stop());

const deps = () => ({
  db: app.services.database.db,
  mailer: app.services.mailer,
  logger: app.services.logger,
  publicUrl: app.services.env.publicUrl,
});
const mailsTo = (email: string, subject: string) =>
  app.sentMail.filter((m) => m.to === email && m.subject === subject);

describe('election notices', () => {
  it('tells the roll once when the polls open, and reminds only those who have not voted, once', async () => {
    const db = app.services.database.db;
    const [onRoll, voted, pending, offRoll] = [
      await insertVoters(db, 2),
      await insertVoters(db, 1),
      await insertVoters(db, 1, { status: 'pending' }),
      await insertVoters(db, 1),
    ];
    const email = (p: { id: string }) => `${p.id}@uji.test`;
    // Open now, closing in more than the reminder's hours: the opening notice only.
    const { election } = await insertOpenElection(db, {
      nims: [...onRoll, ...voted, ...pending].map((p) => p.nim),
      endsInMs: (REMINDER_HOURS + 1) * hour,
    });
    // Not open yet, and a closed one: neither is told anything.
    const later = await insertOpenElection(db, {
      nims: onRoll.map((p) => p.nim),
      startsInMs: hour,
      endsInMs: 2 * hour,
    });
    await insertOpenElection(db, {
      nims: onRoll.map((p) => p.nim),
      startsInMs: -2 * hour,
      endsInMs: -hour,
    });

    // Two instances at once: one of them sends it.
    const [a, b] = await Promise.all([sendElectionNotices(deps()), sendElectionNotices(deps())]);
    expect(a + b).toBe(1);
    const opened = 'Pemungutan suara sudah dibuka';
    for (const p of [...onRoll, ...voted]) expect(mailsTo(email(p), opened)).toHaveLength(1);
    // Only verified voters on the roll: not one still pending, not one off the roll.
    for (const p of [...pending, ...offRoll]) expect(mailsTo(email(p), opened)).toHaveLength(0);
    const notice = mailsTo(email(onRoll[0]!), opened)[0]!;
    expect(notice.text).toContain(`/voting/${election.id}`);
    expect(notice.text).toContain('"Pemilihan Raya Uji"');
    expect(notice.text).toContain('WIB');
    expect(await sendElectionNotices(deps())).toBe(0);
    const [stored] = await db.select().from(elections).where(eq(elections.id, later.election.id));
    expect(stored!.openingMailedAt).toBeNull();

    // One voter votes; the close comes within the reminder's hours. Not within an hour of the
    // opening notice (both at once would be noise), then once.
    await db.insert(participation).values({
      electionId: election.id,
      userId: voted[0]!.id,
      nim: voted[0]!.nim,
      prodi: 'Teknokimia Nuklir',
    });
    await db
      .update(elections)
      .set({ endsAt: new Date(Date.now() + hour) })
      .where(eq(elections.id, election.id));
    expect(await sendElectionNotices(deps())).toBe(0);
    await db
      .update(elections)
      .set({ openingMailedAt: new Date(Date.now() - 2 * hour) })
      .where(eq(elections.id, election.id));
    expect(await sendElectionNotices(deps())).toBe(1);
    const reminder = 'Pengingat: pemungutan suara segera ditutup';
    for (const p of onRoll) expect(mailsTo(email(p), reminder)).toHaveLength(1);
    expect(mailsTo(email(voted[0]!), reminder)).toHaveLength(0);
    expect(mailsTo(email(pending[0]!), reminder)).toHaveLength(0);
    expect(await sendElectionNotices(deps())).toBe(0);
    expect(mailsTo(email(onRoll[0]!), reminder)).toHaveLength(1);

    // The committee extends the close: the reminder is sent again, with the new time.
    const extended = await db
      .update(elections)
      .set({ endsAt: new Date(Date.now() + 2 * hour), reminderMailedAt: null })
      .where(eq(elections.id, election.id))
      .returning();
    expect(extended).toHaveLength(1);
    expect(await sendElectionNotices(deps())).toBe(1);
    expect(mailsTo(email(onRoll[0]!), reminder)).toHaveLength(2);
  });

  it('sends no reminder when the committee turned it off', async () => {
    const db = app.services.database.db;
    const people = await insertVoters(db, 1);
    const { election } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
      endsInMs: hour,
    });
    await db.update(elections).set({ reminderEnabled: false }).where(eq(elections.id, election.id));
    expect(await sendElectionNotices(deps())).toBe(1); // the opening notice only
    await db
      .update(elections)
      .set({ openingMailedAt: new Date(Date.now() - 2 * hour) })
      .where(eq(elections.id, election.id));
    expect(await sendElectionNotices(deps())).toBe(0);
    const to = `${people[0]!.id}@uji.test`;
    expect(mailsTo(to, 'Pemungutan suara sudah dibuka')).toHaveLength(1);
    expect(mailsTo(to, 'Pengingat: pemungutan suara segera ditutup')).toHaveLength(0);
  });
});
