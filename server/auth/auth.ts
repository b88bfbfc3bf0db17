import type { Context } from 'hono';
import { getSignedCookie } from 'hono/cookie';
import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { passkey } from '@better-auth/passkey';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Logger } from '../runtime/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordMail } from '../mail/templates/reset-password.ts';
import { takeMailQuota } from '../abuse/mail-quota.ts';
import { clearAccountFailures, signInThrottle } from '../abuse/sign-in-throttle.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/people.ts';
import { CONFIRMATION_HOURS, sendConfirmation } from './confirmation.ts';
import { secondFactorRules } from './second-factor.ts';
import { eq } from 'drizzle-orm';
import type { Passwords } from './passwords.ts';
import type { BackgroundWork } from '../http/background.ts';
import { campusSso } from './campus-sso.ts';
import type { CampusSso } from './campus-sso-config.ts';

/** How long a session lives on the server without a refresh. */
export const SESSION_IDLE_SECONDS = 30 * 60;

/** The name authenticator apps show beside the code. */
export const TOTP_ISSUER = 'BEM Poltek Nuklir';

/** The header our server sets from the socket (or trusted proxy) address; clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-bem-client-ip';

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  logger: Logger;
  passwords: Passwords;
  /** Where mail sent after the answer runs (its failures logged, waited for at shutdown). */
  background: BackgroundWork;
  /**
   * Wrong sign-in attempts per minute per address (ten times as many per hour); right ones are
   * not counted, since a whole campus may share one NAT address.
   */
  signInPerMinute?: number;
  /** The campus OpenID Connect provider; undefined: sign-in is by email and password only. */
  sso?: CampusSso;
};

/** The better-auth instance: email + password accounts with sessions in httpOnly cookies. */
export function createAuth(opts: AuthOptions) {
  const secure = opts.publicUrl.startsWith('https://');
  const signInPerMinute = opts.signInPerMinute ?? 120;
  const sso = opts.sso
    ? campusSso(opts.sso, { db: opts.db, logger: opts.logger, publicUrl: opts.publicUrl })
    : undefined;
  return betterAuth({
    appName: 'BEM Poltek Nuklir',
    baseURL: opts.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: [opts.publicUrl],
    database: drizzleAdapter(opts.db, { provider: 'pg', schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: {
        hash: (password) => opts.passwords.hash(password),
        verify: ({ hash, password }) => opts.passwords.verify(hash, password),
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // An account signs in only once its address is proven: by the link registration mails, by
      // a code mailed to it (committee), by setting a password through a mailed link, or by the
      // operator who created it.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${opts.publicUrl}/lupa-sandi?token=${encodeURIComponent(token)}`;
        // Not awaited: a known address must answer as fast as an unknown one. An inbox gets a few
        // reset mails an hour at most; past that the request is answered alike and sends nothing.
        // Background work, so shutdown (and a test's settled()) waits for it to reach the outbox.
        opts.background.run('reset mail', async () => {
          if (!(await takeMailQuota(opts.db, 'reset-password', user.email))) {
            opts.logger.warn('reset mail not sent: the address had its hourly share');
            return;
          }
          await opts.mailer.send({
            to: user.email,
            ...resetPasswordMail({ name: user.name, url }),
          });
        });
      },
      // The mailed link proves the address: the account's failed sign-ins are forgiven.
      onPasswordReset: async ({ user: account }) => {
        await clearAccountFailures(opts.db, account.email);
        await opts.db
          .update(schema.user)
          .set({ emailVerified: true })
          .where(eq(schema.user.id, account.id));
      },
    },
    emailVerification: {
      expiresIn: CONFIRMATION_HOURS * 3600,
      // Opening the link (through /konfirmasi-email) signs the student in.
      autoSignInAfterVerification: true,
      sendOnSignUp: false,
      // The right password on an unconfirmed account sends the link again (capped per address).
      sendOnSignIn: true,
      sendVerificationEmail: async ({ user: account }) => {
        opts.background.run('confirmation mail', () =>
          sendConfirmation(
            {
              db: opts.db,
              secret: opts.secret,
              mailer: opts.mailer,
              logger: opts.logger,
              publicUrl: opts.publicUrl,
            },
            account,
          ),
        );
      },
    },
    // Accounts are created by our own endpoints (voter and committee registration, admin CLI),
    // each in one transaction with the person's role record; the generic endpoint is closed.
    // Endpoints this product does not use are closed: profile data goes through our own validated
    // routes, and nothing else may send mail or change an account's email.
    disabledPaths: [
      '/sign-up/email',
      '/update-user',
      '/change-email',
      '/delete-user',
      '/delete-user/callback',
      '/send-verification-email',
      // The campus provider's sign-in starts here; with no provider configured it stays closed.
      ...(sso ? [] : ['/sign-in/social']),
      '/link-social',
      '/unlink-account',
      // Two-factor by email or SMS codes is not offered (authenticator apps only); the secret is
      // shown once, at enabling, never fetched again.
      '/two-factor/send-otp',
      '/two-factor/verify-otp',
      '/two-factor/get-totp-uri',
    ],
    // A session ends on the server 30 minutes after the browser last showed activity (the browser
    // logs out after 15; an open tab with an active person refreshes the session every few minutes).
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 5 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 300,
      // Per address, on every request. Sign-in is only a flood guard here (a campus signs in
      // through one address): wrong attempts are limited by the sign-in throttle below.
      customRules: {
        '/sign-in/email': { window: 60, max: Math.max(1200, signInPerMinute * 10) },
        // A whole campus confirms its registrations through one address within minutes.
        '/verify-email': { window: 60, max: 1200 },
        '/request-password-reset': { window: 600, max: 60 },
        '/reset-password': { window: 600, max: 60 },
        // Guessing a signed-in account's current password (a shared campus computer) is slowed.
        '/change-password': { window: 600, max: 30 },
        // A campus signs in through one address in the morning of an election.
        '/sign-in/social': { window: 60, max: 1200 },
        '/callback/*': { window: 60, max: 1200 },
        // Second-factor codes: per address, on top of the plugin's own limits (five tries per
        // sign-in, the account locked for 15 minutes after five failures in a row). Only admins
        // and committee members have codes, so a campus address does not need more.
        '/two-factor/verify-totp': { window: 600, max: 60 },
        '/two-factor/verify-backup-code': { window: 600, max: 30 },
        // Enabling, disabling and new recovery codes check the password.
        '/two-factor/*': { window: 600, max: 60 },
        // Passkey sign-in is a signature check (nothing to guess); a campus signs in through one
        // address, as with passwords.
        '/passkey/generate-authenticate-options': {
          window: 60,
          max: Math.max(1200, signInPerMinute * 10),
        },
        '/passkey/verify-authentication': { window: 60, max: Math.max(1200, signInPerMinute * 10) },
      },
    },
    // An SSO sign-in that fails before its own error page is known (a state that matches no
    // request) comes back to the student's sign-in page, which explains the code.
    onAPIError: { errorURL: `${opts.publicUrl}/login-pemilih` },
    account: {
      // Linking by address needs both sides verified (better-auth's default, spelt out).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    user: sso ? { validateUserInfo: sso.validateUserInfo } : undefined,
    plugins: [
      signInThrottle({ db: opts.db, clientIpHeader: CLIENT_IP_HEADER, perMinute: signInPerMinute }),
      ...(sso?.plugins ?? []),
      // Authenticator apps (TOTP) with ten recovery codes, for admins and committee members. A
      // password sign-in of an account with it on answers `twoFactorRedirect` and starts no
      // session: only the code (or a recovery code) does.
      twoFactor({
        issuer: TOTP_ISSUER,
        // Each sign-in asks for the code: a body asking to remember the device is refused
        // (shared/schemas/second-factor.ts).
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
      }),
      // Passkeys (WebAuthn) for everyone: registered while signed in, then a sign-in of its own.
      passkey({
        rpID: new URL(opts.publicUrl).hostname,
        rpName: 'BEM Poltek Nuklir',
        origin: opts.publicUrl,
      }),
      secondFactorRules({ db: opts.db }),
    ],
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      disableCSRFCheck: false,
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    // No explicit `level`: with one set, better-auth also prints every refused request to the console.
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        opts.logger[fn]({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The session token of a request, read from better-auth's signed session cookie (same name,
 * secret and HMAC as better-auth uses), or null when absent or not genuinely signed. Only the
 * casting route uses it, to check the session inside its one statement; everything else goes
 * through better-auth's getSession.
 */
export async function signedSessionToken(c: Context, auth: Auth): Promise<string | null> {
  const ctx = await auth.$context;
  const token = await getSignedCookie(c, ctx.secret, ctx.authCookies.sessionToken.name);
  return typeof token === 'string' && token ? token : null;
}
