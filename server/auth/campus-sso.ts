import { defineRequestState } from '@better-auth/core/context';
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq } from 'drizzle-orm';
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
    const domain = String(info.email ?? '')
      .toLowerCase()
      .split('@')[1];
    if (config.emailDomains.length && !config.emailDomains.includes(domain ?? '')) {
      return { error: 'email_domain_not_allowed' };
    }
    const state = await callbackState.get();
    state.profile = source.oauth.profile ?? null;
    if (source.action === 'create-user') state.created = true;
  };

  const provisioning: BetterAuthPlugin = {
    id: 'campus-sso-provisioning',
    hooks: {
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

  return {
    plugins: [
      genericOAuth({
        config: [
          {
            providerId: SSO_PROVIDER_ID,
            name: config.label,
            discoveryUrl: `${config.issuer}/.well-known/openid-configuration`,
            requireIdTokenVerification: true,
            clientId: config.clientId,
            clientSecret: config.clientSecret,
            scopes: config.scopes,
            pkce: true,
            // An address the provider has not verified is proven by our own mailed link first.
            requireEmailVerification: true,
          },
        ],
      }),
      provisioning,
    ],
    validateUserInfo,
  };
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
