import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { electionCredentials, electionRoll, voters } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import { rollEntryLabel, rollRuleSql, standing, type RollRule } from '../rules/eligibility.ts';
import { phaseOf, type Schedule } from '../rules/lifecycle.ts';
import { draftForUpdate } from './guard.ts';
import { votersByNim } from '../../db/nim-lookup.ts';
import { normalizeNim } from '../../../shared/nim.ts';

export type RollPreview = {
  /** Valid NIMs, deduplicated, in file order. */
  nims: string[];
  /** On the list and registered as verified voters. */
  verified: number;
  /** On the list and registered, still awaiting verification (or rejected). */
  unverified: string[];
  /** On the list but not registered yet (they can still register before voting). */
  unregistered: string[];
  /** Lines that hold no valid NIM, with their line number and why. */
  invalid: { line: number; value: string; reason: string }[];
  duplicates: string[];
};

/** Reads NIMs from a CSV: one column, or a column headed "nim" (any case). */
export function parseRollCsv(csv: string): Pick<RollPreview, 'nims' | 'invalid' | 'duplicates'> {
  let rows: string[][];
  try {
    rows = parse(csv, {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      bom: true,
      delimiter: [',', ';', '\t'],
    });
  } catch {
    throw new ApiError(400, 'INVALID_CSV', 'Berkas CSV tidak dapat dibaca.', {
      csv: 'Berkas CSV tidak dapat dibaca.',
    });
  }
  let column = 0;
  let start = 0;
  const header = rows[0]?.map((h) => h.toLowerCase()) ?? [];
  if (header.some((h) => h === 'nim')) {
    column = header.indexOf('nim');
    start = 1;
  }
  const nims: string[] = [];
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const invalid: RollPreview['invalid'] = [];
  rows.slice(start).forEach((row, i) => {
    const raw = row[column] ?? '';
    const parsed = normalizeNim(raw);
    if (!parsed.ok) {
      invalid.push({ line: i + start + 1, value: raw.trim().slice(0, 40), reason: parsed.error });
    } else if (seen.has(parsed.nim)) {
      // The same student twice, however the lines spell the NIM ("011500012" and "11500012").
      duplicates.add(parsed.nim);
    } else {
      seen.add(parsed.nim);
      nims.push(parsed.nim);
    }
  });
  return { nims, invalid, duplicates: [...duplicates] };
}

/** What applying a CSV would do: matches and mismatches against registered voters. */
export async function previewRoll(db: Db | Tx, csv: string): Promise<RollPreview> {
  return (await matchRoll(db, csv)).preview;
}

async function matchRoll(db: Db | Tx, csv: string) {
  const parsed = parseRollCsv(csv);
  const registered = await votersByNim(db, parsed.nims);
  const status = (n: string) => registered.get(n)?.status;
  const preview: RollPreview = {
    ...parsed,
    verified: parsed.nims.filter((n) => status(n) === 'verified').length,
    unverified: parsed.nims.filter((n) => registered.has(n) && status(n) !== 'verified'),
    unregistered: parsed.nims.filter((n) => !registered.has(n)),
  };
  // The roll names a registered voter the way their record does (a legacy record keeps its
  // leading zeros), so lock and casting match them.
  const rollNims = parsed.nims.map((n) => registered.get(n)?.nim ?? n);
  return { preview, rollNims };
}

/** Replaces a draft election's imported roll with the valid NIMs of the CSV. */
export async function applyRoll(db: Db, actor: Actor, electionId: string, csv: string) {
  return db.transaction(async (tx) => {
    const election = await draftForUpdate(tx, electionId);
    const { preview, rollNims } = await matchRoll(tx, csv);
    if (rollNims.length === 0) {
      throw new ApiError(400, 'EMPTY_ROLL', 'Tidak ada NIM yang valid di berkas ini.', {
        csv: 'Tidak ada NIM yang valid.',
      });
    }
    await tx.delete(electionRoll).where(eq(electionRoll.electionId, electionId));
    for (let i = 0; i < rollNims.length; i += 1000) {
      await tx
        .insert(electionRoll)
        .values(rollNims.slice(i, i + 1000).map((nim) => ({ electionId, nim })));
    }
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'roll.imported',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mengimpor daftar pemilih "${election.title}": ${preview.nims.length} NIM`,
      details: {
        nims: preview.nims.length,
        invalid: preview.invalid.length,
        duplicates: preview.duplicates.length,
      },
    });
    return preview;
  });
}

/** Where a voter's credential mail stands (a verifiable election's roll tab shows it). */
function credentialDelivery(c: {
  held: boolean;
  mailedAt: Date | string | null;
  mailError: string | null;
  /** The credential mail's row in the outbox, once handed to it. */
  outbox: { state: string; error: string | null } | null;
  verified: boolean;
}) {
  if (c.mailedAt) {
    if (c.outbox?.state === 'failed') return 'failed' as const;
    if (c.outbox?.state === 'pending' && c.outbox.error) return 'failing' as const;
    return c.outbox?.state === 'pending' ? ('queued' as const) : ('sent' as const);
  }
  if (!c.held) return 'erased' as const;
  if (c.mailError) return 'failing' as const;
  return c.verified ? ('queued' as const) : ('waiting-account' as const);
}

/**
 * One page of the roll with who has voted (never what), searchable by NIM or name; each entry's
 * standing is the eligibility rule's (rules/eligibility.ts), as its holder would see it.
 */
export async function listRoll(
  db: Db,
  election: Schedule & RollRule & { id: string },
  opts: { q?: string; page: number; pageSize: number },
  now = new Date(),
) {
  // Before the lock a rule-based roll does not exist yet: show whom the rule matches right now,
  // the people the lock would put on it.
  if (election.status === 'draft' && election.rollMode !== 'roll')
    return { ...(await prospectiveRoll(db, election, opts)), prospective: true };
  const electionId = election.id;
  const q = opts.q?.trim();
  const where = and(
    eq(electionRoll.electionId, electionId),
    q
      ? sql`(${electionRoll.nim} like ${`%${q}%`} or ${voters.namaLengkap} ilike ${`%${q}%`})`
      : undefined,
  );
  const votedAt = sql<
    Date | string | null
  >`(select min(p.voted_at) from participation p where p.election_id = ${electionId} and p.nim = ${electionRoll.nim})`;
  const phase = phaseOf(election, now);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        nim: electionRoll.nim,
        namaLengkap: voters.namaLengkap,
        prodi: sql<string | null>`coalesce(${electionRoll.prodi}, ${voters.prodi}::text)`,
        status: voters.status,
        votedAt,
        // Whether the credential is still held (never the credential itself), and its mail.
        credentialHeld: sql<boolean | null>`(${electionCredentials.credential} is not null)`,
        credentialIssued: electionCredentials.publicCredential,
        credentialSealed: sql<
          boolean | null
        >`(${electionCredentials.sealedCredential} is not null)`,
        mailedAt: electionCredentials.mailedAt,
        mailError: electionCredentials.mailError,
        outbox: sql<{ state: string; error: string | null } | null>`(
          select json_build_object('state', o.state, 'error', o.last_error) from mail_outbox o
          where o.election_id = ${electionRoll.electionId} and o.nim = ${electionRoll.nim}
            and o.kind = 'credential'
          order by o.id desc limit 1)`,
      })
      .from(electionRoll)
      .leftJoin(voters, eq(voters.nim, electionRoll.nim))
      .leftJoin(
        electionCredentials,
        and(
          eq(electionCredentials.electionId, electionRoll.electionId),
          eq(electionCredentials.nim, electionRoll.nim),
        ),
      )
      .where(where)
      .orderBy(electionRoll.nim)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(electionRoll)
      .leftJoin(voters, eq(voters.nim, electionRoll.nim))
      .where(where),
  ]);
  const items = rows.map((row) => {
    const {
      votedAt: at,
      credentialHeld,
      credentialIssued,
      credentialSealed,
      mailedAt,
      mailError,
      outbox,
      ...r
    } = row;
    const mailed = typeof outbox === 'string' ? (JSON.parse(outbox) as typeof outbox) : outbox;
    const voted = at !== null;
    const s = standing({
      phase,
      voter: r.status ? { status: r.status } : null,
      onRoll: true,
      votedAt: voted ? new Date(at) : null,
      nimVoted: voted,
    });
    return {
      ...r,
      voted,
      standing: rollEntryLabel(s),
      credential: credentialIssued
        ? {
            state: credentialDelivery({
              held: Boolean(credentialHeld),
              mailedAt,
              mailError,
              outbox: mailed,
              verified: r.status === 'verified',
            }),
            mailedAt: mailedAt ? new Date(mailedAt).toISOString() : null,
            error: mailed?.error ?? mailError,
            recoverable: Boolean(credentialSealed),
          }
        : null,
    };
  });
  return { items, total: Number(total?.n ?? 0), prospective: false };
}

/**
 * The verified voters an election's rule matches now (a draft's roll preview), searchable and
 * paged like the roll: nobody has voted and no credential exists yet.
 */
async function prospectiveRoll(
  db: Db,
  rule: RollRule,
  opts: { q?: string; page: number; pageSize: number },
) {
  const q = opts.q?.trim();
  const where = sql`${rollRuleSql(rule)}${
    q ? sql` and (v.nim like ${`%${q}%`} or v.nama_lengkap ilike ${`%${q}%`})` : sql``
  }`;
  const [rows, [total]] = await Promise.all([
    queryRows<{ nim: string; nama_lengkap: string; prodi: string; status: string }>(
      db,
      sql`select v.nim, v.nama_lengkap, v.prodi::text as prodi, v.status::text as status
        from voters v where ${where} order by v.nim
        limit ${opts.pageSize} offset ${(opts.page - 1) * opts.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from voters v where ${where}`),
  ]);
  return {
    items: rows.map((r) => ({
      nim: r.nim,
      namaLengkap: r.nama_lengkap,
      prodi: r.prodi,
      status: r.status,
      voted: false,
      standing: 'Masuk daftar saat dikunci',
      credential: null,
    })),
    total: Number(total?.n ?? 0),
  };
}
