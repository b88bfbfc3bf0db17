import type { Context } from 'hono';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { resultsVisibility } from '../policy.ts';
import { loadElection } from '../results/election-row.ts';
import { resultsPublic, visibleToPublic } from '../rules/lifecycle.ts';
import { closeRecord } from './close-record.ts';
import { recordArchive, recordRow } from './record-store.ts';
import { getAuditedBallots, getBallotBox, getRecord, getRecordHead } from './record.routes.ts';
import { auditedList, auditedSummary } from './audited-list.ts';
import { BALLOT_BOX_PAGE, publicBallotBox } from './public-ballot-box.ts';
import { keySummary } from '../trustees/summary.ts';

/** Opened ballots listed on the ballot box page (the newest); the file holds them all. */
const AUDITED_SHOWN = 100;

const NO_RECORD = 'Pemilihan ini tidak memiliki rekaman publik.';
/** A locked election without a record: its ballots were never encrypted (not verifiable). */
const PLAIN =
  'Pemilihan ini tidak memakai surat suara terenkripsi, jadi tidak memiliki kotak suara dan ' +
  'rekaman publik. Hasilnya diumumkan di halaman Hasil Pemilihan.';

/**
 * The copy of the record this request may have: all of it when the counts are visible to the
 * caller (the same rule as the results page), else up to the encrypted tally — every ballot and
 * the tally, all encrypted, but no decryption and no result. A draft has no record.
 */
async function visibility(c: Context<AppEnv>, electionId: string) {
  const db = c.get('services').database.db;
  const election = await loadElection(db, electionId).catch(() => null);
  if (!election || election.status === 'draft') throw new ApiError(404, 'NOT_FOUND', NO_RECORD);
  const now = new Date();
  const v =
    resultsPublic(election, now) && visibleToPublic(election)
      ? { counts: true as const }
      : resultsVisibility(await actorOf(c), election, now);
  if (!v.counts && v.hidden === 'missing') throw new ApiError(404, 'NOT_FOUND', NO_RECORD);
  return { db, election, throughTally: !v.counts };
}

export const recordRouter = createRouter()
  .openapi(getRecord, async (c) => {
    const id = c.req.valid('param').id;
    const { db, throughTally } = await visibility(c, id);
    // Once the polls are closed for good the record holds its tally, whoever asks first.
    await closeRecord(db, id);
    const copy = await recordArchive(db, id, { throughTally });
    if (!copy) throw new ApiError(404, 'NOT_FOUND', PLAIN);
    return c.body(copy.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${copy.uuid}.bel"`,
      'X-Record-Head': copy.head,
      'Cache-Control': 'no-store',
    });
  })
  .openapi(getRecordHead, async (c) => {
    // From the record's row alone: a snapshot's head costs one read, whatever the record's size.
    const id = c.req.valid('param').id;
    const { db, throughTally } = await visibility(c, id);
    await closeRecord(db, id);
    const row = await recordRow(db, id);
    if (!row) throw new ApiError(404, 'NOT_FOUND', PLAIN);
    const cut = throughTally && row.tallyHash !== null;
    const key = await keySummary(db, id);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        uuid: row.uuid,
        head: cut ? row.tallyHash! : row.headHash,
        events: (cut ? row.tallyHeight! : row.headHeight) + 1,
        complete: !cut,
        credentials: { count: row.credentialsCount, fingerprint: row.credentialsFingerprint },
        fingerprint: row.fingerprint,
        keyHolders: { threshold: key?.threshold ?? null, trustees: key?.trustees ?? [] },
      },
      200,
    );
  })
  .openapi(getBallotBox, async (c) => {
    const id = c.req.valid('param').id;
    const { cari, halaman } = c.req.valid('query');
    const { db, election, throughTally } = await visibility(c, id);
    const row = await recordRow(db, id);
    if (!row) throw new ApiError(404, 'NOT_FOUND', PLAIN);
    // `cari` comes without the spaces of its groups or dashes (ballotBoxQuerySchema).
    const box = await publicBallotBox(db, id, { search: cari, page: halaman });
    const audited = await auditedSummary(db, id, row.electionText, {
      limit: AUDITED_SHOWN,
      search: cari,
    });
    const now = Date.now();
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        title: election.title,
        ...box,
        page: halaman,
        pageSize: BALLOT_BOX_PAGE,
        open:
          !row.ballotsEnded &&
          election.startsAt.getTime() <= now &&
          now < election.endsAt.getTime(),
        complete: !throughTally && row.ballotsEnded,
        audited,
      },
      200,
    );
  })
  .openapi(getAuditedBallots, async (c) => {
    const id = c.req.valid('param').id;
    const { db } = await visibility(c, id);
    const row = await recordRow(db, id);
    if (!row) throw new ApiError(404, 'NOT_FOUND', PLAIN);
    c.header('Content-Disposition', `attachment; filename="${row.uuid}.audited.json"`);
    c.header('Cache-Control', 'no-store');
    // The list is compact JSON throughout: written again it has the same bytes.
    return c.json(JSON.parse(await auditedList(db, id)) as unknown[], 200);
  });
