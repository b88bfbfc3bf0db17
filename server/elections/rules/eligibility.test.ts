import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { elections, voters } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { castBallot } from '../ballot-box/cast-ballot.ts';
import { standingsOf } from '../ballot-box/standing.ts';
import {
  castableVoterSql,
  onRollByRule,
  openElectionSql,
  refusalOf,
  rollEntryLabel,
  rollRuleSql,
  standing,
  type EligibilityFacts,
  type RollRule,
} from './eligibility.ts';
import type { Phase } from './lifecycle.ts';

let app: TestApp;
let db: TestApp['services']['database']['db'];
beforeAll(async () => {
  app = await startTestApp();
  db = app.services.database.db;
});
afterAll(() => app.stop());

const base: EligibilityFacts = {
  phase: 'open',
  voter: { status: 'verified' },
  onRoll: true,
  votedAt: null,
  nimVoted: false,
};

describe('eligibility: the rule', () => {
  it('lets exactly a verified voter on the roll, in an open election, who has not voted, cast', () => {
    expect(standing(base)).toBe('eligible');
    const cases: [Partial<EligibilityFacts>, string][] = [
      [{ votedAt: new Date() }, 'voted'],
      [{ voter: null }, 'not-a-voter'],
      [{ voter: { status: 'pending' } }, 'not-verified'],
      [{ voter: { status: 'rejected' } }, 'rejected'],
      [{ onRoll: false }, 'not-on-roll'],
      [{ phase: 'upcoming' }, 'upcoming'],
      [{ phase: 'draft' }, 'not-open'],
      [{ nimVoted: true }, 'nim-voted'],
      // What a voter would ask first wins: having voted, then being a voter at all, then the roll.
      [{ votedAt: new Date(), phase: 'closed', onRoll: false }, 'voted'],
      [{ voter: { status: 'pending' }, onRoll: false, phase: 'closed' }, 'not-verified'],
      [{ onRoll: false, phase: 'upcoming' }, 'not-on-roll'],
    ];
    for (const phase of ['closed', 'published', 'archived'] satisfies Phase[])
      cases.push([{ phase }, 'closed']);
    for (const [change, expected] of cases)
      expect(standing({ ...base, ...change }), JSON.stringify(change)).toBe(expected);
  });

  it('answers each refusal with its status, code and Indonesian message', () => {
    const at = {
      votedAt: new Date('2026-03-02T03:04:00Z'),
      startsAt: new Date('2026-03-05T01:00:00Z'),
    };
    expect(refusalOf('eligible', at)).toBeNull();
    expect(refusalOf('voted', at)).toEqual({
      status: 409,
      code: 'ALREADY_VOTED',
      message: 'Anda sudah memberikan suara pada Senin, 2 Maret 2026 pukul 10.04 WIB.',
    });
    expect(refusalOf('upcoming', at)?.message).toBe(
      'Pemungutan suara belum dibuka. Dibuka pada Kamis, 5 Maret 2026 pukul 08.00 WIB.',
    );
    expect(refusalOf('not-on-roll', at)).toMatchObject({ status: 403, code: 'NOT_ON_ROLL' });
    expect(refusalOf('rejected', at)).toMatchObject({ status: 403, code: 'NOT_VERIFIED' });
    expect(rollEntryLabel('nim-voted')).toBe('Sudah memilih');
    expect(rollEntryLabel('not-a-voter')).toBe('Belum mendaftar');
    expect(rollEntryLabel('eligible')).toBe('Belum memilih');
  });
});

describe('eligibility: the SQL agrees with the rule', () => {
  it('the casting condition picks exactly the voters the rule lets cast, in every phase', async () => {
    const verified = await insertVoters(db, 3);
    const [pending] = await insertVoters(db, 1, { status: 'pending' });
    const [rejected] = await insertVoters(db, 1, { status: 'rejected' });
    const people = [...verified, pending!, rejected!];
    const onRoll = [verified[0]!, verified[1]!, pending!, rejected!];
    const nims = onRoll.map((p) => p.nim);
    const open = await insertOpenElection(db, { nims });
    const upcoming = await insertOpenElection(db, {
      nims,
      startsInMs: 3_600_000,
      endsInMs: 7_200_000,
    });
    const closed = await insertOpenElection(db, { nims, startsInMs: -7_200_000, endsInMs: -1 });
    // One of them has voted in the open election.
    await castBallot(db, {
      electionId: open.election.id,
      userId: verified[1]!.id,
      choice: open.candidates[0]!.id,
    });
    for (const { election } of [open, upcoming, closed]) {
      const bySql = await queryRows<{ user_id: string }>(
        db,
        sql.raw(`
          select vo.user_id from voters vo, elections e
          where e.id = '${election.id}'::uuid and ${openElectionSql('e')}
            and ${castableVoterSql('vo', 'e.id')}
            and not exists (select 1 from participation p
              where p.election_id = e.id and (p.user_id = vo.user_id or p.nim = vo.nim))`),
      );
      const [row] = await db.select().from(elections).where(eq(elections.id, election.id));
      const byRule: string[] = [];
      for (const p of people) {
        const s = (await standingsOf(db, p.id, [row!])).get(election.id)!;
        if (s.standing === 'eligible') byRule.push(p.id);
      }
      expect(bySql.map((r) => r.user_id).sort(), election.id).toEqual(byRule.sort());
    }
    // The open election: only the verified voter on the roll who has not voted.
    const [openRow] = await db.select().from(elections).where(eq(elections.id, open.election.id));
    const standings = await Promise.all(
      people.map(
        async (p) => (await standingsOf(db, p.id, [openRow!])).get(open.election.id)!.standing,
      ),
    );
    expect(standings).toEqual(['eligible', 'voted', 'not-on-roll', 'not-verified', 'rejected']);
  });

  it('the roll rule in SQL puts on the roll exactly whom the rule names', async () => {
    const made = [
      ...(await insertVoters(db, 2, { prodi: 'Elektro Mekanika' })),
      ...(await insertVoters(db, 2, { prodi: 'Teknokimia Nuklir' })),
      ...(await insertVoters(db, 1, { prodi: 'Elektro Mekanika', status: 'pending' })),
    ];
    const years = [2023, 2024, null, 2023, 2024];
    for (const [i, p] of made.entries())
      await db.update(voters).set({ angkatan: years[i] }).where(eq(voters.userId, p.id));
    const rules: RollRule[] = [
      { rollMode: 'all', rollProdi: [], rollYears: [] },
      { rollMode: 'prodi', rollProdi: ['Elektro Mekanika'], rollYears: [] },
      { rollMode: 'angkatan', rollProdi: [], rollYears: [2023] },
      { rollMode: 'roll', rollProdi: [], rollYears: [] },
    ];
    const ids: string[] = made.map((p) => p.id);
    const rows = await db.select().from(voters);
    const ours = rows.filter((v) => ids.includes(v.userId));
    for (const rule of rules) {
      const bySql = await queryRows<{ user_id: string }>(
        db,
        sql`select v.user_id from voters v where ${rollRuleSql(rule)}`,
      );
      const sqlSet = bySql.map((r) => r.user_id).filter((id) => ids.includes(id));
      const ruleSet = ours.filter((v) => onRollByRule(rule, v)).map((v) => v.userId);
      expect(sqlSet.sort(), rule.rollMode).toEqual(ruleSet.sort());
    }
    // And the rule says what it should: verified only, by programme, by entry year.
    const named = (rule: RollRule) => ours.filter((v) => onRollByRule(rule, v)).length;
    expect(rules.map(named)).toEqual([4, 2, 2, 0]);
  });
});
