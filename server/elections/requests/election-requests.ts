import { and, eq, isNull } from 'drizzle-orm';
import { takeMailQuota } from '../../abuse/mail-quota.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import { admins, electionRequests, elections, user } from '../../db/schema/index.ts';
import { createInvitation } from '../committee/invitations.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../runtime/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  requestApprovedMail,
  requestForMastersMail,
  requestReceivedMail,
  requestRejectedMail,
} from '../../mail/templates/election-requests.ts';
import type { Actor } from '../../auth/actor.ts';
import { ENCRYPTED_BALLOT_FORMAT } from '../record/setup-record.ts';

type Deps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string };

type RequestInput = {
  namaPemilihan: string;
  penyelenggara: string;
  deskripsi: string;
  waktuMulai: Date;
  waktuSelesai: Date;
  namaPemohon: string;
  emailPemohon: string;
};

/** Mail that cannot be queued is logged, never undoes what was decided. */
async function sendLater(
  deps: Deps,
  to: string,
  mail: { subject: string; text: string; html: string },
) {
  await deps.mailer
    .send({ to, ...mail })
    .catch((err: unknown) => deps.logger.error({ err, to }, 'mail failed'));
}

/** Stores a request from anyone and confirms it to the requester by mail. */
export async function submitElectionRequest(deps: Deps, actor: Actor | null, input: RequestInput) {
  const request = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(electionRequests).values(input).returning();
    await appendAudit(tx, {
      ...auditActor(actor),
      ...(actor ? {} : { actorName: input.namaPemohon }),
      action: 'election-request.submitted',
      entityType: 'election-request',
      entityId: row!.id,
      summary: `Mengajukan permohonan pemilihan "${input.namaPemilihan}"`,
      details: { penyelenggara: input.penyelenggara, emailPemohon: input.emailPemohon },
    });
    return row!;
  });
  // Anyone may ask, for any address: an inbox gets a few confirmations an hour at most.
  await takeMailQuota(deps.db, 'election-request-received', input.emailPemohon)
    .then(async (ok) => {
      if (ok) await sendLater(deps, input.emailPemohon, requestReceivedMail(input));
      else deps.logger.warn('request confirmation not sent: the address had its hourly share');
    })
    .catch((err: unknown) => deps.logger.error({ err }, 'mail quota failed'));
  await notifyMasters(deps, input).catch((err: unknown) =>
    deps.logger.error({ err }, 'request notice to the masters failed'),
  );
  return request;
}

/** Tells every active master admin that a request waits for them (a few an hour at most). */
async function notifyMasters(deps: Deps, input: RequestInput) {
  const masters = await deps.db
    .select({ email: user.email })
    .from(admins)
    .innerJoin(user, eq(user.id, admins.userId))
    .where(and(eq(admins.role, 'master'), isNull(admins.deactivatedAt)));
  const notice = requestForMastersMail({
    ...input,
    url: `${deps.publicUrl}/admin-master/voting`,
  });
  for (const { email } of masters) {
    // One master's quota failing to count leaves the others told.
    const allowed = await takeMailQuota(deps.db, 'election-request-for-masters', email).catch(
      (err: unknown) => {
        deps.logger.error({ err }, 'mail quota failed');
        return false;
      },
    );
    if (allowed) await sendLater(deps, email, notice);
  }
}

async function pendingRequest(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: string) {
  const [request] = await tx
    .select()
    .from(electionRequests)
    .where(eq(electionRequests.id, id))
    .for('update');
  if (!request) throw new ApiError(404, 'NOT_FOUND', 'Permohonan tidak ditemukan.');
  if (request.status !== 'pending') {
    throw new ApiError(409, 'ALREADY_DECIDED', 'Permohonan ini sudah diputuskan sebelumnya.');
  }
  return request;
}

/**
 * Approves a request: creates the election (verifiable, ballot format 2) in draft and an invitation code for its committee,
 * in one transaction; then mails the code to the requester.
 */
export async function approveElectionRequest(deps: Deps, actor: Actor, requestId: string) {
  const result = await deps.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, requestId);
    const [election] = await tx
      .insert(elections)
      .values({
        title: request.namaPemilihan,
        organizer: request.penyelenggara,
        description: request.deskripsi,
        startsAt: request.waktuMulai,
        endsAt: request.waktuSelesai,
        requestId: request.id,
        // Every new election is verifiable: ballots encrypted in the voter's browser, a public
        // record (older elections keep the plain format they were held in).
        ballotFormat: ENCRYPTED_BALLOT_FORMAT,
      })
      .returning();
    const invitation = await createInvitation(
      tx,
      election!.id,
      actor.user.id,
      request.emailPemohon,
    );
    await tx
      .update(electionRequests)
      .set({
        status: 'approved',
        decidedBy: actor.user.id,
        decidedAt: new Date(),
        electionId: election!.id,
      })
      .where(eq(electionRequests.id, request.id));
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'election-request.approved',
      entityType: 'election-request',
      entityId: request.id,
      electionId: election!.id,
      summary: `Menyetujui permohonan pemilihan "${request.namaPemilihan}"`,
    });
    return { request, election: election!, invitation };
  });
  await sendLater(
    deps,
    result.request.emailPemohon,
    requestApprovedMail({
      ...result.request,
      code: result.invitation.code,
      expiresAt: result.invitation.expiresAt,
      registerUrl: `${deps.publicUrl}/register-panitia`,
    }),
  );
  return result;
}

/** Rejects a request with a reason, mailed to the requester. */
export async function rejectElectionRequest(
  deps: Deps,
  actor: Actor,
  requestId: string,
  alasan: string,
) {
  const request = await deps.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, requestId);
    await tx
      .update(electionRequests)
      .set({
        status: 'rejected',
        rejectionReason: alasan,
        decidedBy: actor.user.id,
        decidedAt: new Date(),
      })
      .where(eq(electionRequests.id, request.id));
    await appendAudit(tx, {
      ...auditActor(actor, 'master'),
      action: 'election-request.rejected',
      entityType: 'election-request',
      entityId: request.id,
      summary: `Menolak permohonan pemilihan "${request.namaPemilihan}"`,
      details: { alasan },
    });
    return request;
  });
  await sendLater(deps, request.emailPemohon, requestRejectedMail({ ...request, alasan }));
  return { ...request, status: 'rejected' as const, rejectionReason: alasan };
}
