import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elections } from '../../db/schema/index.ts';
import { castBallot } from './cast-ballot.ts';
import { signedInStaff, startTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { insertOpenElection, insertVoters } from '../../test/elections.ts';
import { openEventStream, until } from '../../test/sse.ts';

let app: TestApp;
let master: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  master = await signedInStaff(app, {
    email: 'master.turnout@bem.test',
    password: 'rahasia-master-1',
    name: 'Master',
    role: 'master',
  });
});
afterAll(() => app.stop());

type Turnout = {
  rollSize: number;
  voted: number;
  percent: number;
  perProdi: { prodi: string; rollSize: number; voted: number; percent: number }[];
};

describe('hardening 3: turnout is computed in one place', () => {
  it('the committee overview, results, live stream, master list and berita acara show the same turnout', async () => {
    const db = app.services.database.db;
    // Roll entries imported without a programme: the voter's own prodi fills it in once they vote.
    const people = await insertVoters(db, 3, { prodi: 'Elektro Mekanika' });
    const { election, candidates } = await insertOpenElection(db, {
      nims: people.map((p) => p.nim),
      abstain: true,
    });
    await castBallot(db, {
      electionId: election.id,
      userId: people[0]!.id,
      choice: candidates[0]!.id,
    });

    const expected: Turnout = {
      rollSize: 3,
      voted: 1,
      percent: 33.33,
      perProdi: [
        { prodi: 'Elektro Mekanika', rollSize: 1, voted: 1, percent: 100 },
        { prodi: 'Tidak diketahui', rollSize: 2, voted: 0, percent: 0 },
      ],
    };
    const overview = (await (
      await master.get(`/api/elections/${election.id}/overview`)
    ).json()) as { turnout: Turnout };
    expect(overview.turnout).toEqual(expected);
    const results = (await (await master.get(`/api/results/${election.id}`)).json()) as {
      turnout: Turnout;
    };
    expect(results.turnout).toEqual(expected);
    const stream = await openEventStream(`${app.url}/api/live/elections/${election.id}`);
    await until(() => stream.events.some((e) => e.event === 'turnout'));
    expect(JSON.parse(stream.events.find((e) => e.event === 'turnout')!.data)).toEqual(expected);
    await stream.close();
    const list = (await (await master.get('/api/oversight/elections')).json()) as {
      items: { id: string; voted: number; rollSize: number }[];
    };
    const listed = list.items.find((e) => e.id === election.id)!;
    expect({ voted: listed.voted, rollSize: listed.rollSize }).toEqual({ voted: 1, rollSize: 3 });

    await db
      .update(elections)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 60_000) })
      .where(eq(elections.id, election.id));
    const pdf = await master.get(`/api/results/${election.id}/pdf`);
    expect(pdf.status).toBe(200);
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())),
      {
        mergePages: true,
      },
    );
    expect(text).toMatch(/1 dari 3 pemilih \(33,33\s?%\)/);
    const closed = (await (await master.get(`/api/results/${election.id}`)).json()) as {
      turnout: Turnout;
    };
    expect(closed.turnout).toEqual(expected);
  });
});
