import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { computeTurnout } from '../turnout.ts';
import {
  computeResults,
  summarize,
  type ElectionResults,
  type ElectionSummary,
} from './compute-results.ts';
import {
  loadElection,
  loadElectionForResults,
  sealedError,
  type ElectionRow,
} from './election-row.ts';
import { exportResultsCsv } from './export-csv.ts';
import { exportResultsPdf } from './export-pdf.ts';
import { checkReceipt } from './receipt-check.ts';
import { resultsPublic, visibleToPublic } from '../rules/lifecycle.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { resultsVisibility, type ResultsVisibility } from '../policy.ts';
import { createRouter } from '../../http/router.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';
import { getResults, getResultsCsv, getResultsPdf, postReceiptCheck } from './results.routes.ts';

/**
 * Who may see the counts (the rule: elections/policy.ts `resultsVisibility`). Public results are
 * the same for everyone: nobody is looked up for them. A draft is 404 for outsiders.
 */
type Visibility = Exclude<ResultsVisibility, { hidden: 'missing' }>;

async function visibility(
  c: Context<AppEnv>,
  election: ElectionRow,
  now: Date,
): Promise<Visibility> {
  if (resultsPublic(election, now) && visibleToPublic(election)) return { counts: true };
  const v = resultsVisibility(await actorOf(c), election, now);
  if (!v.counts && v.hidden === 'missing')
    throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
  return v as Visibility;
}

const SEALED_MESSAGE =
  'Hasil belum tersedia. Perolehan suara dibuka setelah pemungutan suara ditutup.';
const UNRELEASED_MESSAGE = 'Hasil belum tersedia: panitia belum mengumumkan hasil pemilihan ini.';

/** For the downloads: 409 while sealed, 401/403 while closed but not yet released to this person. */
function refuseDownload(v: Exclude<Visibility, { counts: true }>): never {
  if (v.hidden === 'sealed') throw sealedError();
  if (!v.signedIn) throw errors.unauthenticated();
  throw new ApiError(403, 'RESULTS_NOT_RELEASED', UNRELEASED_MESSAGE);
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/** A refusal because the results are still sealed becomes "no results yet"; others pass on. */
const stillSealed = (err: unknown): null => {
  if (err instanceof ApiError && err.code === 'RESULTS_SEALED') return null;
  throw err;
};

/**
 * The answer about results released to everyone, serialised once per read of the election's row.
 * Such a row is reused for at most a second (loadElectionForResults) and its count never changes
 * under its seal, so a crowd opening the results page costs no JSON or hashing per request.
 */
const publicAnswers = new WeakMap<ElectionRow, { json: string; etag: string }>();

/** Sends a public answer with its caching headers, or 304 when the caller already holds it. */
function sendPublic(c: Context<AppEnv>, answer: { json: string; etag: string }) {
  c.header('Cache-Control', 'public, no-cache');
  c.header('ETag', answer.etag);
  if (matchesEtag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
  return c.body(answer.json, 200, { 'Content-Type': 'application/json' });
}

const presentElection = (e: ElectionSummary) => ({
  id: e.id,
  title: e.title,
  organizer: e.organizer,
  description: e.description,
  status: e.status,
  phase: e.phase,
  startsAt: e.startsAt.toISOString(),
  endsAt: e.endsAt.toISOString(),
  resultsRelease: e.resultsRelease,
  verifiable: e.ballotFormat === ENCRYPTED_BALLOT_FORMAT,
  extension: e.extension
    ? {
        from: e.extension.from.toISOString(),
        to: e.extension.to.toISOString(),
        at: e.extension.at.toISOString(),
        reason: e.extension.reason,
      }
    : null,
});

const presentResults = (r: ElectionResults) => ({
  options: r.options,
  abstain: r.abstain,
  totals: r.totals,
  winner: r.winner,
  tie: r.tie,
  kotakKosongWon: r.kotakKosongWon,
  chain: r.chain,
  problems: r.problems,
  computedAt: r.computedAt.toISOString(),
});

export const resultsRouter = createRouter()
  .openapi(getResults, async (c) => {
    const db = c.get('services').database.db;
    const { electionId } = c.req.valid('param');
    const now = new Date();
    const election = await loadElectionForResults(db, electionId, now);
    const v = await visibility(c, election, now);
    const known = v.counts ? publicAnswers.get(election) : undefined;
    if (known) return sendPublic(c, known);
    c.header('Cache-Control', 'no-store');
    // Counts only when allowed, and only once the database agrees the box is closed for good.
    const results = v.counts
      ? await computeResults(db, electionId, now, { election }).catch(stillSealed)
      : null;
    if (!results) {
      // Turnout alone: participation marks, never anything read from the ballot box.
      const turnout = await computeTurnout(db, election);
      return c.json(
        {
          sealed: true as const,
          message: !v.counts && v.hidden === 'unreleased' ? UNRELEASED_MESSAGE : SEALED_MESSAGE,
          election: presentElection(summarize(election, now)),
          turnout,
        },
        200,
      );
    }
    const body = {
      sealed: false as const,
      election: presentElection(results.election),
      turnout: results.turnout,
      results: presentResults(results),
    };
    // Results released to everyone never change again (the box is sealed): any cache may keep
    // them, revalidating by ETag, which also changes with the election (announced, archived).
    // Results shown to insiders only, and turnout while sealed, are never stored (no-store above).
    if (results.chain.sealedHead !== null && resultsPublic(election, now)) {
      const json = JSON.stringify(body);
      const answer = { json, etag: `"${createHash('sha256').update(json).digest('base64url')}"` };
      if (visibleToPublic(election)) publicAnswers.set(election, answer);
      return sendPublic(c, answer);
    }
    return c.json(body, 200);
  })
  .openapi(getResultsCsv, async (c) => {
    const db = c.get('services').database.db;
    const { electionId } = c.req.valid('param');
    const now = new Date();
    const v = await visibility(c, await loadElection(db, electionId), now);
    if (!v.counts) refuseDownload(v);
    const { filename, body } = await exportResultsCsv(db, electionId, now);
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  })
  .openapi(getResultsPdf, async (c) => {
    const { database, env } = c.get('services');
    const { electionId } = c.req.valid('param');
    const now = new Date();
    const v = await visibility(c, await loadElection(database.db, electionId), now);
    if (!v.counts) refuseDownload(v);
    const { filename, body } = await exportResultsPdf(database.db, electionId, now, env.publicUrl);
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  })
  .openapi(postReceiptCheck, async (c) => {
    const db = c.get('services').database.db;
    const { electionId } = c.req.valid('param');
    const { receipt } = c.req.valid('json');
    const election = await loadElection(db, electionId);
    if (!visibleToPublic(election))
      throw new ApiError(404, 'NOT_FOUND', 'Pemilihan tidak ditemukan.');
    c.header('Cache-Control', 'no-store');
    return c.json(await checkReceipt(db, electionId, receipt), 200);
  });
