import type { Actor } from '../auth/actor.ts';
import type { AuditEntry } from './append-audit.ts';

/** Who an audit entry names: the person and the role they acted in. */
export function auditActor(
  actor: Actor | null,
  as?: 'master' | 'admin' | 'panitia' | 'saksi' | 'pemilih',
): Pick<AuditEntry, 'actorId' | 'actorName' | 'actorRole'> {
  if (!actor) return { actorId: null, actorName: 'Publik', actorRole: 'publik' };
  const role =
    as ??
    actor.admin?.role ??
    (actor.committeeOf.length ? 'panitia' : actor.voter ? 'pemilih' : 'publik');
  const name =
    actor.admin?.namaTampilan ||
    actor.admin?.namaLengkap ||
    actor.voter?.namaLengkap ||
    actor.user.name;
  return { actorId: actor.user.id, actorName: name, actorRole: role };
}
