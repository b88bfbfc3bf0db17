import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import {
  passkeyRegisterQuery,
  secondFactorBodies,
  type SecondFactorPath,
} from '../../shared/schemas/second-factor.ts';
import { appendAudit } from '../audit/append-audit.ts';
import { auditActor } from '../audit/audit-actor.ts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passkey } from '../db/schema/index.ts';
import { loadActor, type Actor } from './actor.ts';
import {
  claimTotpCode,
  factorsOf,
  passkeyOnly,
  readSecurityPolicy,
  releaseTotpCode,
} from './second-factor-policy.ts';

/** Codes this module answers with; their messages are Indonesian already (the bridge keeps them). */
export const SECOND_FACTOR_CODES = new Set([
  'INVALID_INPUT',
  'TOTP_NOT_ALLOWED',
  'SECOND_FACTOR_REQUIRED',
  'PASSKEY_UNKNOWN',
  'PASSKEY_SIGN_IN_REQUIRED',
  'TOTP_CODE_USED',
]);

export const SECOND_FACTOR_MESSAGES = {
  TOTP_NOT_ALLOWED:
    'Aplikasi autentikator (2FA) hanya untuk admin dan panitia pemilihan. Akun pemilih dapat memakai passkey.',
  TOTP_REQUIRED:
    'Master admin mewajibkan aplikasi autentikator (2FA) untuk setiap admin, sehingga 2FA tidak dapat dinonaktifkan.',
  PASSKEY_REQUIRED:
    'Master admin mewajibkan passkey untuk setiap admin: tambahkan passkey lain sebelum menghapus yang terakhir.',
  TOTP_CODE_USED:
    'Kode ini sudah dipakai. Tunggu kode berikutnya di aplikasi autentikator, lalu masukkan kode itu.',
  PASSKEY_SIGN_IN_REQUIRED:
    'Master admin mewajibkan passkey untuk setiap admin: masuk dengan tombol "Masuk dengan Passkey", bukan dengan kata sandi.',
} as const;

const refuse = (code: string, message: string) => new APIError('FORBIDDEN', { code, message });

/** Whoever may use an authenticator app: admins (even while held for one) and committee members. */
export const mayUseTotp = (actor: Actor) =>
  Boolean(actor.admin ?? actor.heldAdmin) || actor.committeeOf.length > 0;

/** The actor as the audit log names them (a held admin still acts as the admin they are). */
const named = (actor: Actor) =>
  auditActor({ ...actor, admin: actor.admin ?? actor.heldAdmin ?? null });

const PATHS = new Set<string>([
  ...Object.keys(secondFactorBodies),
  '/passkey/generate-register-options',
]);

type Seen = {
  actor: Actor | null;
  totpBefore: boolean;
  passkeyName: string | null;
  /** The authenticator code this request took (given back if the request fails). */
  totpClaim?: string | null;
};

/** The account a code step belongs to: the signed-in one, or the one its pending cookie names. */
async function codeStepUser(
  ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0],
  signedIn: string | undefined,
): Promise<string | null> {
  if (signedIn) return signedIn;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return null;
  const found = await ctx.context.internalAdapter.findVerificationValue(pending);
  return found?.value ?? null;
}

/**
 * Our rules around better-auth's two-factor and passkey plugins:
 * - every body (and the registration options' query) is checked against the shared schemas, with
 *   Indonesian messages, before the plugin reads it;
 * - only admins and committee members may turn on an authenticator (voters get passkeys);
 * - what the master requires of admins cannot be taken away: no disabling a required
 *   authenticator, no removing the last passkey when passkeys are required;
 * - an admin who has a passkey while the master requires passkeys signs in with it only: no
 *   session starts for them any other way (password, authenticator or recovery code, email link),
 *   except one that replaces the session they already hold (a changed password, a new
 *   authenticator);
 * - an authenticator code is accepted once: the same code again (a replay within its 90 seconds)
 *   is refused before it is checked;
 * - enabling and disabling an authenticator, new recovery codes, a recovery code used to sign
 *   in, and staff passkeys added or removed are written to the audit log.
 */
export function secondFactorRules(opts: { db: Db }): BetterAuthPlugin {
  const { db } = opts;
  const seen = new WeakMap<Request, Seen>();

  return {
    id: 'second-factor-rules',
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              // Every way into a session passes here, after its own check (the password is
              // verified before): the refusal tells nothing to someone without the password.
              before: async (created, ctx) => {
                if (!ctx || ctx.path === '/passkey/verify-authentication') return;
                if (ctx.context.session?.user.id === created.userId) return;
                if (await passkeyOnly(db, created.userId))
                  throw refuse(
                    'PASSKEY_SIGN_IN_REQUIRED',
                    SECOND_FACTOR_MESSAGES.PASSKEY_SIGN_IN_REQUIRED,
                  );
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx) => PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const path = ctx.path;
            const parsed =
              path === '/passkey/generate-register-options'
                ? passkeyRegisterQuery.safeParse(ctx.query ?? {})
                : secondFactorBodies[path as SecondFactorPath].safeParse(ctx.body);
            if (!parsed.success)
              throw new APIError('BAD_REQUEST', {
                code: 'INVALID_INPUT',
                message: parsed.error.issues[0]?.message ?? 'Data yang dikirim tidak valid.',
              });

            const session = await getSessionFromCtx(ctx);
            const actor = session
              ? await loadActor(db, {
                  id: session.user.id,
                  email: session.user.email,
                  name: session.user.name,
                })
              : null;
            const admin = actor ? (actor.admin ?? actor.heldAdmin ?? null) : null;

            // Someone else's passkey is answered like one that does not exist.
            if (
              (path === '/passkey/delete-passkey' || path === '/passkey/update-passkey') &&
              actor
            ) {
              const id = (ctx.body as { id: string }).id;
              const [own] = await db
                .select({ id: passkey.id })
                .from(passkey)
                .where(and(eq(passkey.id, id), eq(passkey.userId, actor.user.id)));
              if (!own)
                throw new APIError('NOT_FOUND', {
                  code: 'PASSKEY_UNKNOWN',
                  message: 'Passkey tidak ditemukan.',
                });
            }
            if (path === '/two-factor/enable' && actor && !mayUseTotp(actor))
              throw refuse('TOTP_NOT_ALLOWED', SECOND_FACTOR_MESSAGES.TOTP_NOT_ALLOWED);
            if (path === '/two-factor/disable' && admin) {
              const policy = await readSecurityPolicy(db);
              if (policy.requireTotpForAdmins)
                throw refuse('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.TOTP_REQUIRED);
            }
            if (path === '/passkey/delete-passkey' && admin) {
              const policy = await readSecurityPolicy(db);
              if (
                policy.requirePasskeyForAdmins &&
                (await factorsOf(db, admin.userId)).passkeys <= 1
              )
                throw refuse('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_MESSAGES.PASSKEY_REQUIRED);
            }
            let totpClaim: string | null = null;
            if (path === '/two-factor/verify-totp') {
              const userId = await codeStepUser(ctx, session?.user.id);
              // No account found: the plugin refuses the request itself.
              if (userId) {
                totpClaim = await claimTotpCode(db, userId, (ctx.body as { code: string }).code);
                if (!totpClaim)
                  throw new APIError('UNAUTHORIZED', {
                    code: 'TOTP_CODE_USED',
                    message: SECOND_FACTOR_MESSAGES.TOTP_CODE_USED,
                  });
              }
            }
            if (ctx.request)
              seen.set(ctx.request, {
                totpClaim,
                actor,
                totpBefore: Boolean(
                  (session?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled,
                ),
                passkeyName:
                  typeof (ctx.body as { name?: unknown } | undefined)?.name === 'string'
                    ? ((ctx.body as { name: string }).name.trim() ?? null)
                    : null,
              });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const request = ctx.request;
            const before = request ? seen.get(request) : undefined;
            if (before?.totpClaim && isAPIError(ctx.context.returned))
              await releaseTotpCode(db, before.totpClaim);
            if (!before || isAPIError(ctx.context.returned)) return;
            const { actor } = before;
            const staff = actor && mayUseTotp(actor);
            const entry = (action: string, summary: string, details?: Record<string, unknown>) =>
              actor &&
              appendAudit(db, {
                ...named(actor),
                action,
                entityType: 'account',
                entityId: actor.user.id,
                summary,
                details,
              });
            switch (ctx.path) {
              case '/two-factor/verify-totp':
                // Signed in and not yet on: this code finished turning the authenticator on.
                if (actor && !before.totpBefore)
                  await entry(
                    'second-factor.totp-enabled',
                    'Mengaktifkan aplikasi autentikator (2FA)',
                  );
                return;
              case '/two-factor/disable':
                await entry(
                  'second-factor.totp-disabled',
                  'Menonaktifkan aplikasi autentikator (2FA)',
                );
                return;
              case '/two-factor/generate-backup-codes':
                await entry(
                  'second-factor.recovery-codes-regenerated',
                  'Membuat ulang kode pemulihan 2FA (kode lama tidak berlaku lagi)',
                );
                return;
              case '/two-factor/verify-backup-code': {
                // Signing in with a recovery code: the session it made names the person.
                const userId = ctx.context.newSession?.user.id;
                if (actor || !userId) return;
                const who = ctx.context.newSession!.user;
                const signedIn = await loadActor(db, {
                  id: userId,
                  email: who.email,
                  name: who.name,
                });
                await appendAudit(db, {
                  ...named(signedIn),
                  action: 'second-factor.recovery-code-used',
                  entityType: 'account',
                  entityId: userId,
                  summary: 'Masuk dengan kode pemulihan 2FA (kode itu kini tidak berlaku)',
                });
                return;
              }
              case '/passkey/verify-registration':
                if (staff)
                  await entry('passkey.added', 'Menambahkan passkey', {
                    name: before.passkeyName ?? '',
                  });
                return;
              case '/passkey/delete-passkey':
                if (staff) await entry('passkey.removed', 'Menghapus passkey');
                return;
              default:
                return;
            }
          }),
        },
      ],
    },
  };
}
