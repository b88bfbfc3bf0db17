import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from '../http/client-address.ts';
import { parseProdiMap, type CampusSso } from '../auth/campus-sso-config.ts';
import { DEFAULT_SSO_LABEL } from '../../shared/sso.ts';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * A URL setting: parsed as a URL, with one of the given schemes, a host, and a port in range when
 * it has one. The messages never repeat the value (it may hold a password).
 */
function urlSetting(schemes: string[], example: string) {
  const wanted = schemes.map((s) => `${s}://`).join(' atau ');
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((value, ctx) => {
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
              ? `bukan alamat yang sah (periksa host, port dan karakter khusus), contoh ${example}`
              : `harus diawali ${wanted}, contoh ${example}`,
          });
          return;
        }
        if (!schemes.includes(url.protocol.slice(0, -1))) {
          ctx.addIssue({ code: 'custom', message: `harus diawali ${wanted}, contoh ${example}` });
        } else if (!url.hostname) {
          ctx.addIssue({ code: 'custom', message: `tidak menyebut host, contoh ${example}` });
        }
      })
      .optional(),
  );
}

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'harus berupa angka 1–65535' })
    .int({ error: 'harus berupa angka 1–65535' })
    .min(0, { error: 'harus berupa angka 1–65535' })
    .max(65535, { error: 'harus berupa angka 1–65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlSetting(['postgres', 'postgresql'], 'postgres://pengguna:sandi@host:5432/bem'),
  MIGRATION_DATABASE_URL: urlSetting(
    ['postgres', 'postgresql'],
    'postgres://pemilik:sandi@host:5432/bem',
  ),
  PUBLIC_URL: urlSetting(['http', 'https'], 'https://bem.example.ac.id'),
  SMTP_URL: urlSetting(['smtp', 'smtps'], 'smtp://pengguna:sandi@mail.example.ac.id:587'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'harus berupa alamat email' }).optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, { error: 'minimal 8 karakter' }).optional(),
  ),
  ADMIN_NAME: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'minimal 32 karakter' }).optional(),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .undefined({
        error:
          'tidak dipakai lagi: hapus variabel ini dan isi TRUSTED_PROXIES dengan alamat atau rentang CIDR proxy Anda',
      })
      .optional(),
  ),
  TRUSTED_PROXIES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((value, ctx) => {
        const parsed = parseTrustedProxies(value);
        if ('invalid' in parsed) {
          ctx.addIssue({
            code: 'custom',
            message: `berisi entri yang bukan alamat IP atau rentang CIDR: ${parsed.invalid.join(', ')}`,
          });
        }
      })
      .optional(),
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'harus salah satu dari fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST: z.string().default('dist/web'),
  SIGN_IN_PER_MINUTE: z.coerce
    .number({ error: 'harus bilangan bulat 1 atau lebih' })
    .int({ error: 'harus bilangan bulat 1 atau lebih' })
    .min(1, { error: 'harus bilangan bulat 1 atau lebih' })
    .default(120),
  LIVE_STREAMS_PER_ADDRESS: z.coerce
    .number({ error: 'harus bilangan bulat 1 atau lebih' })
    .int({ error: 'harus bilangan bulat 1 atau lebih' })
    .min(1, { error: 'harus bilangan bulat 1 atau lebih' })
    .default(100),
  REGISTER_PER_HOUR: z.coerce
    .number({ error: 'harus bilangan bulat 1 atau lebih' })
    .int({ error: 'harus bilangan bulat 1 atau lebih' })
    .min(1, { error: 'harus bilangan bulat 1 atau lebih' })
    .default(600),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { error: 'minimal 16 karakter' }).optional(),
  ),
  OIDC_ISSUER: urlSetting(['https', 'http'], 'https://sso.example.ac.id').refine(
    (v) =>
      v === undefined ||
      v.startsWith('https://') ||
      /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(v),
    { message: 'harus diawali https:// (http:// hanya untuk penyedia di mesin ini sendiri)' },
  ),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_LABEL: z.preprocess(emptyToUndefined, z.string().max(60).optional()),
  OIDC_NIM_CLAIM: z.preprocess(emptyToUndefined, z.string().default('nim')),
  OIDC_PRODI_CLAIM: z.preprocess(emptyToUndefined, z.string().default('prodi')),
  OIDC_PRODI_MAP: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((value, ctx) => {
        const parsed = parseProdiMap(value);
        if ('invalid' in parsed) ctx.addIssue({ code: 'custom', message: parsed.invalid });
      })
      .optional(),
  ),
  OIDC_EMAIL_DOMAINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*[a-z0-9.-]+\.[a-z]{2,}\s*(,\s*[a-z0-9.-]+\.[a-z]{2,}\s*)*$/i, {
        error: 'harus berupa nama domain, dipisah koma (contoh: student.example.ac.id)',
      })
      .optional(),
  ),
  OIDC_AUTO_VERIFY: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'harus true atau false' }).default('true'),
  ),
  OIDC_SCOPES: z.preprocess(emptyToUndefined, z.string().default('openid email profile')),
  ELECTION_REQUESTS_PER_HOUR: z.coerce
    .number({ error: 'harus bilangan bulat 1 atau lebih' })
    .int({ error: 'harus bilangan bulat 1 atau lebih' })
    .min(1, { error: 'harus bilangan bulat 1 atau lebih' })
    .default(20),
});

/** The validated configuration of one server process. */
export type Env = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The owner's connection, used only to migrate; undefined: migrations use databaseUrl. */
  migrationDatabaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string; name: string } | undefined;
  authSecret: string | undefined;
  /** Reverse proxies whose X-Forwarded-For is believed (unset: the header is ignored). */
  trustedProxies: TrustedProxies | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  webDist: string;
  /** Wrong sign-in attempts allowed per client address per minute (ten times as many per hour). */
  signInPerMinute: number;
  /** Registrations allowed per client address per hour (a campus shares one NAT address). */
  registerPerHour: number;
  /** Election requests accepted per client address per hour. */
  electionRequestsPerHour: number;
  /** Public live-turnout streams open at once per client address (IPv6: per /64), per process. */
  liveStreamsPerAddress: number;
  /** Bearer token that opens GET /metrics; unset: only a direct loopback request may read it. */
  metricsToken: string | undefined;
  /** Campus single sign-on; undefined: not configured, nothing of it shows. */
  sso: CampusSso | undefined;
};

/** A configuration the server cannot start with; its message has one line per bad variable. */
export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `Konfigurasi tidak valid: ${i.path.join('.')} ${i.message}`,
    );
    throw new ConfigError([...new Set(lines)].join('\n'));
  }
  const e = parsed.data;
  const adminVars = [e.ADMIN_EMAIL, e.ADMIN_PASSWORD, e.ADMIN_NAME];
  if (adminVars.some(Boolean) && !adminVars.every(Boolean)) {
    throw new ConfigError(
      'Konfigurasi tidak valid: ADMIN_EMAIL, ADMIN_PASSWORD dan ADMIN_NAME harus diisi bersama.',
    );
  }
  const oidcVars = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcVars.some(Boolean) && !oidcVars.every(Boolean)) {
    throw new ConfigError(
      'Konfigurasi tidak valid: OIDC_ISSUER, OIDC_CLIENT_ID dan OIDC_CLIENT_SECRET harus diisi bersama.',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `BEM Poltek Nuklir <no-reply@${new URL(publicUrl).hostname}>`,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD && e.ADMIN_NAME
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    authSecret: e.AUTH_SECRET,
    trustedProxies: (() => {
      const parsed = e.TRUSTED_PROXIES ? parseTrustedProxies(e.TRUSTED_PROXIES) : undefined;
      return parsed && 'list' in parsed ? parsed : undefined;
    })(),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    signInPerMinute: e.SIGN_IN_PER_MINUTE,
    registerPerHour: e.REGISTER_PER_HOUR,
    electionRequestsPerHour: e.ELECTION_REQUESTS_PER_HOUR,
    liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    metricsToken: e.METRICS_TOKEN,
    sso:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            // Exactly as the provider writes it (some end in /): discovery must say the same.
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL ?? DEFAULT_SSO_LABEL,
            nimClaim: e.OIDC_NIM_CLAIM,
            prodiClaim: e.OIDC_PRODI_CLAIM,
            prodiMap: (() => {
              const parsed = parseProdiMap(e.OIDC_PRODI_MAP ?? '');
              return 'map' in parsed ? parsed.map : new Map();
            })(),
            emailDomains: (e.OIDC_EMAIL_DOMAINS ?? '')
              .split(',')
              .map((d) => d.trim().toLowerCase())
              .filter(Boolean),
            autoVerify: e.OIDC_AUTO_VERIFY === 'true',
            scopes: e.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean),
          }
        : undefined,
  };
}

/**
 * loadEnv for a process entry (the server, the commands): a bad configuration ends the process
 * with its lines on stderr and exit code 1, never a stack trace.
 */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return loadEnv(source);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
