import { pino, type Logger } from 'pino';

export type { Logger };

// Keys whose values are secrets wherever they appear in a logged object: credentials, session
// tokens, cookies, invitation codes, and the bound parameters of a failed SQL query (they carry
// session tokens and password hashes).
const SECRET_KEY =
  /^(params|password|newpassword|currentpassword|confirmpassword|passwordhash|token|sessiontoken|session_token|accesstoken|refreshtoken|idtoken|cookie|set-cookie|authorization|secret|clientsecret|kodeundangan|invitationcode|receipt|smtpurl|databaseurl|migrationdatabaseurl)$/i;

// Secrets inside strings: URL credentials, cookies, bearer tokens, reset links, token query
// parameters, and the parameter list drizzle appends to a failed query's message.
// None of these classes matches a quote or a backslash, so a finished JSON line stays valid.
const SECRET_IN_LINE: [RegExp, string][] = [
  [/\b([a-z][a-z0-9+.-]*:\/\/[^:/?#\s"'@\\]*:)[^@\s"'/\\]+@/gi, '$1[REDACTED]@'],
  [/(session_token=)[^;\s"',\\]+/gi, '$1[REDACTED]'],
  [/(\bbearer\s+)[a-z0-9._~+/=-]+/gi, '$1[REDACTED]'],
  [/(\/reset-password\/)[^/?#\s"'\\]+/gi, '$1[REDACTED]'],
  [/([?&](?:token|code|kodeUndangan)=)[^&#\s"'\\]+/gi, '$1[REDACTED]'],
];
const SECRET_TEXT: [RegExp, string][] = [
  ...SECRET_IN_LINE,
  [/(\bparams:\s)[^\n]*/gi, '$1[REDACTED]'],
];

function replaceAll(text: string, patterns: [RegExp, string][]): string {
  let out = text;
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
  return out;
}

/** A string with every secret pattern replaced. */
export function redactText(text: string): string {
  return replaceAll(text, SECRET_TEXT);
}

/** A copy of a value to log with secret keys and secret text removed, errors made plain. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const source =
    value instanceof Error
      ? {
          type: value.name,
          message: value.message,
          stack: value.stack,
          ...Object.fromEntries(Object.entries(value)),
          ...('cause' in value ? { cause: value.cause } : {}),
        }
      : (value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) {
    out[k] = SECRET_KEY.test(k) ? '[REDACTED]' : redactValue(v, depth + 1);
  }
  return out;
}

/**
 * Structured JSON logs on stdout; one line per event. Every line passes the redaction above:
 * the logged objects key by key, the message, and the finished line once more.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { log: (obj) => redactValue(obj) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as typeof args,
        );
      },
      streamWrite: (line) => replaceAll(line, SECRET_IN_LINE),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
