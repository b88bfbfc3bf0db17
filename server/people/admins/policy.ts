import type { Actor } from '../../auth/actor.ts';

const isMaster = (a: Actor) => a.admin?.role === 'master';

/**
 * Rules about admin records and the admin area. An admin edits only their own profile and sees the
 * dashboard and the activity history; only masters manage admins.
 */
export const adminRules = {
  readOwn: (actor: Actor, _subject: null) => actor.admin !== null,
  updateOwn: (actor: Actor, _subject: null) => actor.admin !== null,
  /** List admins, add one, change a role, deactivate or reactivate (master). */
  manage: (actor: Actor, _subject: null) => isMaster(actor),
  /** Histori Aktivitas, its CSV export and the audit chain check (any admin). */
  viewActivity: (actor: Actor, _subject: null) => actor.admin !== null,
  /** The dashboard's counts and usage figures (any admin). */
  viewDashboard: (actor: Actor, _subject: null) => actor.admin !== null,
};

type AdminRecord = { role: 'master' | 'admin'; deactivatedAt: Date | null };

/** The one active master left is never demoted or deactivated: there is always one. */
export const isLastActiveMaster = (target: AdminRecord, activeMasters: number) =>
  target.role === 'master' && target.deactivatedAt === null && activeMasters <= 1;

/** What a master may do with an admin record in Kelola Admin, and why not. */
export function managedAdminAbilities(target: AdminRecord, activeMasters: number) {
  const last = isLastActiveMaster(target, activeMasters);
  return {
    changeRole: !last,
    deactivate: target.deactivatedAt === null && !last,
    reactivate: target.deactivatedAt !== null,
    why: last
      ? 'Satu-satunya master aktif: tidak dapat dijadikan admin biasa atau dinonaktifkan.'
      : null,
  };
}
