import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL harus diawali postgres:// atau postgresql://')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL harus diawali smtp:// atau smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  ADMIN_NAME: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('dist/web'),
  SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(600),
});

/** The validated configuration of one server process. */
export type Env = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string; name: string } | undefined;
  authSecret: string | undefined;
  trustProxy: boolean;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  webDist: string;
  /** Wrong sign-in attempts allowed per client address per minute (ten times as many per hour). */
  signInPerMinute: number;
  /** Registrations allowed per client address per hour (a campus shares one NAT address). */
  registerPerHour: number;
};

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const adminVars = [e.ADMIN_EMAIL, e.ADMIN_PASSWORD, e.ADMIN_NAME];
  if (adminVars.some(Boolean) && !adminVars.every(Boolean)) {
    throw new Error(
      'Konfigurasi tidak valid: ADMIN_EMAIL, ADMIN_PASSWORD dan ADMIN_NAME harus diisi bersama.',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `BEM Poltek Nuklir <no-reply@${new URL(publicUrl).hostname}>`,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD && e.ADMIN_NAME
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    signInPerMinute: e.SIGN_IN_PER_MINUTE,
    registerPerHour: e.REGISTER_PER_HOUR,
  };
}
