import { and, asc, count, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordEntries } from '../../db/schema/index.ts';

/** Trackers shown per page of the public ballot box. */
export const BALLOT_BOX_PAGE = 50;

/** A ballot's tracker (Kode Bukti): base64 of its SHA-256, without padding (§4.15). */
export const trackerOf = (hexHash: string) =>
  Buffer.from(hexHash, 'hex').toString('base64').replace(/=+$/, '');

/** The hex SHA-256 a tracker stands for: the ballot's data entry in the record is named so. */
export const hashOfTracker = (tracker: string) => Buffer.from(tracker, 'base64').toString('hex');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The hex digits every hash whose tracker starts with `prefix` shares: each base64 character
 * fixes six bits, so the whole hex digits among them (the rest is filtered exactly afterwards).
 */
function hexPrefixOf(prefix: string): string {
  let bits = '';
  for (const ch of prefix) bits += BASE64.indexOf(ch).toString(2).padStart(6, '0');
  const whole = bits.slice(0, bits.length - (bits.length % 4));
  return (whole.match(/.{4}/g) ?? []).map((b) => parseInt(b, 2).toString(16)).join('');
}

/** Ballot data in the record: the objects a Ballot event's payload names (they begin so). */
const ballotsOf = (electionId: string) =>
  and(
    eq(recordEntries.electionId, electionId),
    eq(recordEntries.kind, 'data'),
    like(recordEntries.body, '{"election_uuid":%'),
  );

/**
 * The public ballot box of a verifiable election: every accepted ballot's tracker, in the order
 * of its hash (never the order of casting, which the clock of a polling place could tie to a
 * voter), a page at a time, or those that begin with `search`. `total` is the number of ballots
 * accepted, which equals the turnout.
 */
export async function publicBallotBox(
  db: Db,
  electionId: string,
  opts: { search?: string; page: number },
) {
  const [all] = await db.select({ n: count() }).from(recordEntries).where(ballotsOf(electionId));
  const total = Number(all?.n ?? 0);
  const search = opts.search?.trim() ?? '';
  if (search) {
    const hex = hexPrefixOf(search);
    const rows = await db
      .select({ hash: recordEntries.hash })
      .from(recordEntries)
      .where(and(ballotsOf(electionId), like(recordEntries.hash, `${hex}%`)))
      .orderBy(asc(recordEntries.hash));
    const matches = rows.map((r) => trackerOf(r.hash)).filter((t) => t.startsWith(search));
    const from = (opts.page - 1) * BALLOT_BOX_PAGE;
    return {
      total,
      matches: matches.length,
      items: matches.slice(from, from + BALLOT_BOX_PAGE),
    };
  }
  const rows = await db
    .select({ hash: recordEntries.hash })
    .from(recordEntries)
    .where(ballotsOf(electionId))
    .orderBy(asc(recordEntries.hash))
    .limit(BALLOT_BOX_PAGE)
    .offset((opts.page - 1) * BALLOT_BOX_PAGE);
  return { total, matches: total, items: rows.map((r) => trackerOf(r.hash)) };
}
