import { eq } from 'drizzle-orm';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import { elections } from '../../db/schema/index.ts';
import type { Actor } from '../../auth/actor.ts';
import type { ROLL_MODES } from '../../../shared/schemas/election-setup.ts';
import { draftForUpdate } from './guard.ts';

export type SettingsInput = {
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  kotakKosong: boolean;
  abstain: boolean;
  rollMode: (typeof ROLL_MODES)[number];
  rollProdi: string[];
  rollYears: number[];
  resultsRelease: 'on-close' | 'manual';
  reminderEnabled?: boolean;
};

/** Saves the settings of a draft election. */
export async function updateSettings(
  db: Db,
  actor: Actor,
  electionId: string,
  input: SettingsInput,
) {
  return db.transaction(async (tx) => {
    const before = await draftForUpdate(tx, electionId);
    const [saved] = await tx
      .update(elections)
      .set(input)
      .where(eq(elections.id, electionId))
      .returning();
    const changed = (Object.keys(input) as (keyof SettingsInput)[]).filter(
      (k) => input[k] !== undefined && JSON.stringify(before[k]) !== JSON.stringify(input[k]),
    );
    await appendAudit(tx, {
      ...auditActor(actor, 'panitia'),
      action: 'election.settings-updated',
      entityType: 'election',
      entityId: electionId,
      electionId,
      summary: `Mengubah pengaturan "${saved!.title}"`,
      details: { fields: changed },
    });
    return saved!;
  });
}
