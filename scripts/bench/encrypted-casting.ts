// Casting encrypted ballots over HTTP: every ballot fully checked by the server (membership,
// signature, every proof) on its pool of checking threads, then recorded. Budget from issue
// "Verifiable elections 1/3": 64 concurrent voters on PostgreSQL, ≥ 60 ballots/s, p99 < 500 ms.
import os from 'node:os';
import { and, count, eq, like } from 'drizzle-orm';
import { electionCredentials, participation, recordEntries } from '../../server/db/schema/index.ts';
import { electionQuestion, plaintextFor } from '../../server/elections/record/ballot-question.ts';
import { recordRow } from '../../server/elections/record/record-store.ts';
import {
  ENCRYPTED_BALLOT_FORMAT,
  setUpRecord,
} from '../../server/elections/record/setup-record.ts';
import { insertOpenElection, insertVoters } from '../../server/test/elections.ts';
import { useOpensslModPow } from '../../server/crypto/openssl-mod-pow.ts';
import { buildBallot, serializeBallot } from '../../shared/crypto/ballot.ts';
import { ballotContextOf } from '../../shared/crypto/context.ts';
import { credentialSecret } from '../../shared/crypto/credentials.ts';
import {
  combine,
  createSessions,
  runLoad,
  startBenchServer,
  type Load,
  type Run,
  type Target,
} from './casting.ts';
import { postgresTarget } from './elections.ts';
import { freePort, watchOtherCpu, type Row } from './measure.ts';

const CONNECTIONS = 64;
const WARMUP = 128;
const ROUNDS = 3;
const PER_ROUND = 300;
/** The budget's rate: the paced run offers exactly this many ballots per second. */
const RATE = 60;
/**
 * Connections of the paced run: each has one cast in flight at a time, so with 256 the rate holds
 * until answers take about 4 s (no coordinated omission below that).
 */
const PACED_CONNECTIONS = 256;
const PACED = 900;

export type EncryptedCastingFigures = {
  /** As fast as answers come (64 always waiting): the capacity. */
  cast: Load;
  /** 64 connections offering RATE ballots per second: the latency a voter sees at that rate. */
  paced: Load;
  otherCpu: number | undefined;
  threads: number;
  ballotBytes: number;
};

/**
 * An open verifiable election (5 pairs + Kotak Kosong, blank allowed: the budgets' ballot) with
 * warm-up + measured voters on its roll, their ballots built beforehand by the booth's own code;
 * the real server in its own process; autocannon with 64 connections, every request a different
 * signed-in voter casting their own ballot. Afterwards the record must hold one Ballot event and
 * the box one participation mark per cast.
 */
export async function benchEncryptedCasting(target: Target): Promise<EncryptedCastingFigures> {
  useOpensslModPow();
  const total = WARMUP + ROUNDS * PER_ROUND + PACED;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const db = await target.open();
  let electionId: string;
  let cookies: string[];
  let bodies: string[];
  try {
    const people = await insertVoters(db.db, total);
    const { election, candidates } = await insertOpenElection(db.db, {
      nims: people.map((p) => p.nim),
      candidates: 5,
      kotakKosong: true,
      abstain: true,
      ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    });
    electionId = election.id;
    await db.db.transaction((tx) => setUpRecord(tx, election, new Date()));
    const ctx = ballotContextOf((await recordRow(db.db, electionId))!.electionText);
    const credentials = new Map(
      (
        await db.db
          .select({ nim: electionCredentials.nim, credential: electionCredentials.credential })
          .from(electionCredentials)
          .where(eq(electionCredentials.electionId, electionId))
      ).map((c) => [c.nim, c.credential!]),
    );
    const { slots } = electionQuestion(candidates, election);
    console.log(`bench: building ${total} encrypted ballots`);
    bodies = people.map((p, i) =>
      JSON.stringify({
        ballot: serializeBallot(
          buildBallot(ctx, credentialSecret(credentials.get(p.nim)!, ctx.uuid), [
            plaintextFor(slots, slots[i % slots.length]!)!,
          ]),
        ),
      }),
    );
    cookies = await createSessions(
      db.db,
      url,
      people.map((p) => p.id),
    );
  } finally {
    await db.close();
  }

  const server = await startBenchServer(target, port);
  let cast: Load;
  let paced: Load;
  let otherCpu: number | undefined;
  try {
    const castPath = `/api/voting/${electionId}/cast`;
    const castLoad = (from: number, n: number, rate?: number) =>
      runLoad(
        server.url,
        rate ? PACED_CONNECTIONS : CONNECTIONS,
        n,
        castPath,
        (i) => ({ cookie: cookies[from + i]!, body: bodies[from + i]! }),
        rate,
      );
    await castLoad(0, WARMUP);
    const runs: Run[] = [];
    const stopWatching = watchOtherCpu([server.pid]);
    let from = WARMUP;
    for (let r = 0; r < ROUNDS; r++, from += PER_ROUND) runs.push(await castLoad(from, PER_ROUND));
    paced = combine([await castLoad(from, PACED, RATE)]);
    otherCpu = stopWatching();
    cast = combine(runs);
  } finally {
    await server.stop();
  }

  const check = await target.open();
  try {
    const [marks] = await check.db
      .select({ n: count() })
      .from(participation)
      .where(eq(participation.electionId, electionId));
    const [events] = await check.db
      .select({ n: count() })
      .from(recordEntries)
      .where(
        and(
          eq(recordEntries.electionId, electionId),
          eq(recordEntries.kind, 'event'),
          like(recordEntries.body, '%"type":"Ballot"%'),
        ),
      );
    if (marks?.n !== total || events?.n !== total)
      throw new Error(
        `${total} casts answered 201, but the record holds ${events?.n} ballots and the box ${marks?.n} participation marks`,
      );
  } finally {
    await check.close();
  }
  return {
    cast,
    paced,
    otherCpu,
    threads: os.availableParallelism(),
    ballotBytes: bodies[0]!.length,
  };
}

/** The figures on PostgreSQL (a database created for the run and dropped after). */
export async function encryptedCastingRows(): Promise<Row[]> {
  const target = await postgresTarget();
  try {
    const f = await benchEncryptedCasting(target);
    const rounds = f.cast.rounds.map((x) => Math.round(x)).join(', ');
    const note =
      `${CONNECTIONS} connections each sending its next cast as soon as the last is answered, ` +
      `${f.cast.requests} casts in ${f.cast.seconds.toFixed(1)} s (rounds ${rounds} ballots/s) after ${WARMUP} of warm-up; ` +
      `ballots of ${(f.ballotBytes / 1024).toFixed(1)} KiB built beforehand; server in its own process checking on ` +
      `${f.threads} threads, autocannon on the same machine; every answer 201; other processes used ` +
      `${f.otherCpu === undefined ? 'an unknown share' : `${Math.round(f.otherCpu * 100)} %`} of the CPUs`;
    return [
      {
        figure: 'Casting encrypted ballots over HTTP (full check), PostgreSQL: throughput',
        value: `${Math.round(f.cast.rps)} ballots/s`,
        budget: '≥ 60 ballots/s',
        pass: f.cast.rps >= 60,
        note,
      },
      {
        figure: `Casting encrypted ballots over HTTP, PostgreSQL: p99 latency at ${RATE} ballots/s`,
        value: `${Math.round(f.paced.p99)} ms`,
        budget: '< 500 ms',
        pass: f.paced.p99 < 500,
        note:
          `${f.paced.requests} casts offered at ${RATE}/s (open loop: ${PACED_CONNECTIONS} connections, one cast in flight each), ` +
          `answered in ${f.paced.seconds.toFixed(1)} s; p50 ${Math.round(f.paced.p50)} ms. With ${CONNECTIONS} ` +
          `always waiting (the throughput run) the wait is queueing: p50 ${Math.round(f.cast.p50)} ms, ` +
          `p99 ${Math.round(f.cast.p99)} ms (${CONNECTIONS} / throughput)`,
      },
    ];
  } finally {
    await target.dispose();
  }
}
