import type { Db } from '../../db/client.ts';
import { recordRow } from '../record/record-store.ts';
import { ceremonyOf } from './ceremony.ts';

/**
 * What the results page and the berita acara say of a verifiable election's key: the record's
 * uuid and fingerprint, and who holds the key with the server — the trustees' names and roles
 * (never a key) and the threshold. Undefined for an election without a record.
 */
export async function keySummary(db: Db, electionId: string) {
  const row = await recordRow(db, electionId);
  if (!row) return undefined;
  const state = await ceremonyOf(db, electionId);
  const held = state?.ceremony.parameters ? state : undefined;
  return {
    uuid: row.uuid,
    fingerprint: row.fingerprint,
    threshold: held ? held.ceremony.threshold : null,
    trustees: held ? held.trustees.map((t) => ({ namaLengkap: t.namaLengkap, role: t.role })) : [],
  };
}

export type KeySummary = NonNullable<Awaited<ReturnType<typeof keySummary>>>;
