import { defineRequestState } from '@better-auth/core/context';
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { landingPath } from '../../shared/landing.ts';
import { normalizeNim } from '../../shared/nim.ts';
import { SSO_PROVIDER_ID } from '../../shared/sso.ts';
import { appendAudit } from '../audit/append-audit.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { nimHeldBy, storedForm } from '../db/nim-lookup.ts';
import { admins, user, voters } from '../db/schema/index.ts';
import type { Logger } from '../runtime/logger.ts';
import { loadActor } from './actor.ts';
import { prodiOf, type CampusSso } from './campus-sso-config.ts';

type Deps = { db: Db; logger: Logger; publicUrl: string };

/** What one callback request learnt from the provider, for the step after better-auth's. */
const callbackState = defineRequestState<{
  profile: Record<string, unknown> | null;
  created: boolean;
}>(() => ({ profile: null, created: false }));

/** How long the start of the server waits for the provider's discovery document. */
const DISCOVERY_AT_START_MS = 5_000;

/** What a browser may send to start a campus sign-in (better-auth's endpoint takes much more). */
const START_FIELDS = new Set(['provider', 'callbackURL', 'errorCallbackURL', 'disableRedirect']);
const MAX_CALLBACK_LENGTH = 512;

type ValidateUserInfo = NonNullable<NonNullable<BetterAuthOptions['user']>['validateUserInfo']>;

/**
 * Campus sign-in through OpenID Connect, with better-auth's generic OAuth plugin: discovery,
 * PKCE, state, nonce, the `iss` response parameter and ID tokens verified against the provider's
 * keys are all better-auth's. Ours is the mapping: which provider answers count (issuer, email
 * domain), and the voter record a student's first sign-in creates from the NIM and programme claims.
 *
 * better-auth links the provider to an existing account with the same address only when both the
 * provider and our account have the address verified, so an unconfirmed registration made by
 * someone else with a student's address is never taken over.
 */
export function campusSso(config: CampusSso, deps: Deps) {
  const validateUserInfo: ValidateUserInfo = async ({ user: info, source }, ctx) => {
    if (source.oauth?.providerId !== SSO_PROVIDER_ID) return;
    // The discovery document must name the issuer we were configured with (OIDC Discovery §4.3);
    // better-auth checks ID tokens and the `iss` parameter against what discovery said.
    const provider = ctx.context.socialProviders.find((p) => p.id === SSO_PROVIDER_ID) as
      { issuer?: string } | undefined;
    if (provider?.issuer !== config.issuer) {
      deps.logger.error(
        { configured: config.issuer, discovered: provider?.issuer },
        'campus SSO refused: the discovery document names another issuer',
      );
      return { error: 'issuer_mismatch' };
    }
    // An address the provider does not vouch for is nobody's proof of ownership: refused before
    // any account is made or linked with it (a provider whose users choose their own address).
    if (info.emailVerified !== true) return { error: 'email_not_verified' };
    const domain = String(info.email ?? '')
      .toLowerCase()
      .split('@')[1];
    if (config.emailDomains.length && !config.emailDomains.includes(domain ?? '')) {
      return { error: 'email_domain_not_allowed' };
    }
    // An admin, or anyone with a second factor, signs in with the password and that factor, never
    // around them. (A new account has neither; these two actions run outside better-auth's
    // transaction, so reading the database here is safe.)
    if ((source.action === 'sign-in' || source.action === 'link-account') && info.id) {
      const refused = await staffRefusal(deps.db, String(info.id));
      if (refused) return { error: refused };
    }
    const state = await callbackState.get();
    state.profile = source.oauth.profile ?? null;
    if (source.action === 'create-user') state.created = true;
  };

  const provisioning: BetterAuthPlugin = {
    id: 'campus-sso-provisioning',
    hooks: {
      // The start takes a provider and where to go afterwards, nothing else: not an ID token
      // obtained elsewhere (better-auth would sign it in without this site's request, state or
      // nonce), not extra data stored with the state.
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/social',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            const extra = Object.keys(body).filter((k) => !START_FIELDS.has(k));
            const tooLong = ['callbackURL', 'errorCallbackURL'].some(
              (k) =>
                typeof body[k] === 'string' && (body[k] as string).length > MAX_CALLBACK_LENGTH,
            );
            if (extra.length || tooLong)
              throw new APIError('BAD_REQUEST', {
                code: 'VALIDATION_ERROR',
                message: 'Invalid sign-in request',
              });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/callback/:id' && ctx.params?.['id'] === SSO_PROVIDER_ID,
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn) return;
            const state = await callbackState.get();
            const refused = await provisionVoter(deps, config, signedIn.user, state.profile);
            if (refused) {
              // The session better-auth just made is withdrawn (its cookie then names nothing), and
              // an account this very sign-in created goes with it.
              await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
              if (state.created) await deps.db.delete(user).where(eq(user.id, signedIn.user.id));
              throw ctx.redirect(`${deps.publicUrl}/login-pemilih?error=${refused}`);
            }
            const returned = ctx.context.returned as { headers?: Headers } | undefined;
            const asked = returned?.headers?.get('location') ?? '';
            if (asked === '/' || asked === `${deps.publicUrl}/`) {
              const actor = await loadActor(deps.db, signedIn.user);
              const landing = landingPath({
                ...actor,
                isAdmin: Boolean(actor.admin),
                isVoter: Boolean(actor.voter),
              });
              // Signed in with no role yet (a provider that sends no NIM): the student data form.
              const to = landing === '/' && !actor.voter ? '/register-pemilih' : landing;
              throw ctx.redirect(`${deps.publicUrl}${to}`);
            }
          }),
        },
      ],
    },
  };

  const oauth = genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        name: config.label,
        discoveryUrl: `${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
        requireIdTokenVerification: true,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        scopes: config.scopes,
        pkce: true,
        // An address the provider has not verified is proven by our own mailed link first.
        requireEmailVerification: true,
      },
    ],
  });
  return { plugins: [withDiscoveryDeadline(oauth, deps.logger), provisioning], validateUserInfo };
}

/**
 * better-auth reads the provider's discovery document when it starts, with no time limit, and
 * every request waits for that start: a provider that takes the connection and never answers would
 * hold the whole site, voting included. Past a few seconds the provider is left for later: the
 * plugin itself then tries again (10 s at most) when someone starts an SSO sign-in.
 */
function withDiscoveryDeadline(plugin: ReturnType<typeof genericOAuth>, logger: Logger) {
  const init = plugin.init!.bind(plugin);
  return {
    ...plugin,
    init: async (ctx: Parameters<typeof init>[0]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), DISCOVERY_AT_START_MS);
      });
      const started = init(ctx);
      const first = await Promise.race([started, late]);
      clearTimeout(timer);
      if (first !== 'late') return first;
      started.catch(() => {});
      logger.error('campus SSO: the provider did not answer at start; it is tried again on use');
      return {
        context: {
          genericOAuthPendingDiscovery: new Map(
            plugin.options.config.map((c) => [c.providerId, c]),
          ),
        },
      };
    },
  } as typeof plugin;
}

/** Why an existing account may not sign in through SSO, or null. */
async function staffRefusal(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({
      twoFactor: user.twoFactorEnabled,
      adminOff: admins.deactivatedAt,
      admin: admins.userId,
    })
    .from(user)
    .leftJoin(admins, eq(admins.userId, user.id))
    .where(eq(user.id, userId));
  if (row?.admin && !row.adminOff) return 'admin_password';
  if (row?.twoFactor) return 'second_factor_password';
  return null;
}

/**
 * A student's voter record from the provider's claims: created on their first sign-in (verified
 * at once when the configuration trusts the provider's NIM), a pending one verified, or nothing
 * when the claims carry no usable NIM or programme (the person then registers their data as any
 * other). Returns the error code when the sign-in must be refused.
 */
async function provisionVoter(
  deps: Deps,
  config: CampusSso,
  account: { id: string; name: string },
  profile: Record<string, unknown> | null,
): Promise<string | null> {
  if (!profile) return null;
  const claim = profile[config.nimClaim];
  const nim =
    typeof claim === 'string' || typeof claim === 'number' ? normalizeNim(String(claim)) : null;
  const prodi = prodiOf(config, profile[config.prodiClaim]);
  try {
    return await deps.db.transaction(async (tx) => {
      // An admin signs in with their password (and its second factor), never around it.
      const [admin] = await tx
        .select({ off: admins.deactivatedAt })
        .from(admins)
        .where(eq(admins.userId, account.id));
      if (admin && !admin.off) return 'admin_password';
      const [voter] = await tx
        .select()
        .from(voters)
        .where(eq(voters.userId, account.id))
        .for('update');
      if (voter) {
        if (!nim?.ok) return null;
        if (storedForm(voter.nim) !== nim.nim) return 'nim_mismatch';
        if (!config.autoVerify || voter.status !== 'pending') return null;
        await tx
          .update(voters)
          .set({ status: 'verified', rejectionReason: null })
          .where(and(eq(voters.userId, account.id), eq(voters.status, 'pending')));
        await appendAudit(tx, {
          ...system,
          action: 'voter.verified',
          entityType: 'voter',
          entityId: account.id,
          summary: `Pemilih ${voter.namaLengkap} (${voter.nim}) terverifikasi oleh SSO kampus`,
          details: { via: 'sso' },
        });
        return null;
      }
      if (!nim?.ok || !prodi) return null;
      // A former admin's account does not become a voter by signing in.
      if (admin) return null;
      // A registration with this NIM whose address was never confirmed gives way to the student
      // the provider vouches for (as it would to a new registration once its link expired).
      await tx
        .delete(user)
        .where(
          and(
            eq(user.emailVerified, false),
            notExists(tx.select().from(admins).where(eq(admins.userId, user.id))),
            sql`${user.id} in (select ${voters.userId} from ${voters} where ${nimHeldBy(nim.nim)} and ${voters.status} = 'pending')`,
          ),
        );
      const [holder] = await tx
        .select({ id: voters.userId })
        .from(voters)
        .where(nimHeldBy(nim.nim));
      if (holder) return 'nim_in_use';
      const namaLengkap = account.name.trim() || nim.nim;
      const status = config.autoVerify ? 'verified' : 'pending';
      await tx
        .insert(voters)
        .values({ userId: account.id, namaLengkap, nim: nim.nim, prodi, status });
      await appendAudit(tx, {
        ...system,
        action: status === 'verified' ? 'voter.verified' : 'voter.registered',
        entityType: 'voter',
        entityId: account.id,
        summary:
          status === 'verified'
            ? `Pemilih ${namaLengkap} (${nim.nim}) terdaftar dan terverifikasi oleh SSO kampus`
            : `Pemilih ${namaLengkap} (${nim.nim}) terdaftar lewat SSO kampus, menunggu verifikasi`,
        details: { via: 'sso', prodi },
      });
      return null;
    });
  } catch (err) {
    // Two first sign-ins with one NIM at the same moment: the second is told, as above.
    if (isUniqueViolation(err, 'voters_nim_unique')) return 'nim_in_use';
    throw err;
  }
}

const system = { actorId: null, actorName: 'Sistem', actorRole: 'sistem' } as const;
