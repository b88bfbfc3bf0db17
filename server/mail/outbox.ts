import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { BackgroundWork } from '../http/background.ts';
import type { Logger } from '../runtime/logger.ts';
import type { Metrics } from '../runtime/prometheus.ts';
import type { Mail, Mailer, MailTransport } from './mailer.ts';

/** Rows taken per claim; each is leased to this instance while its mail is being handed over. */
const BATCH = 20;
/** Mails handed to the mail server at once. */
const PARALLEL = 4;
/** A lease outlives the transport's own timeouts: a crashed instance's rows are free after it. */
const LEASE_SECONDS = 120;
/** A mail that still cannot be delivered after this long is given up (shown to the admin). */
const GIVE_UP_HOURS = 48;
/** Sent mails (address and subject only) are kept this long, then removed. */
const KEEP_SENT_DAYS = 30;

export type OutboxOptions = {
  /** First retry delay; each further retry waits twice as long, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How often each instance looks for mail that is due (retries, other instances' mail). */
  pollMs?: number;
};

type Claimed = {
  id: number;
  to_address: string;
  subject: string;
  body_text: string | null;
  body_html: string | null;
  attempts: number;
  created_at: Date | string;
};

/**
 * Writes mail into the outbox: in `tx` (with the change that caused it) or on its own. Returns
 * the new rows' ids.
 */
export async function enqueueMail(db: Db | Tx, mails: Mail | Mail[]): Promise<number[]> {
  const list = Array.isArray(mails) ? mails : [mails];
  if (list.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      list.map((m) => ({
        toAddress: m.to,
        subject: m.subject,
        bodyText: m.text,
        bodyHtml: m.html ?? null,
        kind: m.about?.kind ?? 'other',
        electionId: m.about?.electionId ?? null,
        nim: m.about?.nim ?? null,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * A refusal that sending again will not change: the mail server's 5xx answer to this message or
 * recipient (a wrong password for the server itself is the operator's to fix, so it is retried).
 */
function isPermanent(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown };
  return (
    typeof e.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    e.code !== 'EAUTH'
  );
}

/** What a person is told about a failed mail (never the mail server's raw words). */
export function failureReason(err: unknown): string {
  const e = err as { responseCode?: unknown; code?: unknown };
  if (isPermanent(err)) return `Ditolak server surat (kode ${String(e.responseCode)}).`;
  if (e.code === 'EAUTH') return 'Server surat menolak akun pengirim.';
  if (e.code === 'ETIMEDOUT' || e.code === 'ECONNECTION' || e.code === 'ESOCKET')
    return 'Server surat tidak dapat dihubungi.';
  return 'Surat belum dapat dikirim.';
}

/**
 * The outbox: every instance's `mailer` writes into it, and every instance runs this worker,
 * which takes due rows under a lease (`for update skip locked`, so each mail is handed over by one
 * instance), hands them to the transport, and on failure retries with a doubling delay until the
 * mail server refuses it for good or GIVE_UP_HOURS have passed. A mail server that was down for
 * a while delays mail and loses none. The rare duplicate: an instance that dies after the mail
 * server took a mail and before it marked the row sent; its lease ends and the mail goes again.
 */
export class MailOutbox {
  readonly mailer: Mailer;
  readonly #db: Db;
  readonly #transport: MailTransport;
  readonly #logger: Logger;
  readonly #metrics: Metrics;
  readonly #background: BackgroundWork;
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #cleanedAt = 0;

  constructor(deps: {
    db: Db;
    transport: MailTransport;
    logger: Logger;
    metrics: Metrics;
    background: BackgroundWork;
    options?: OutboxOptions;
  }) {
    this.#db = deps.db;
    this.#transport = deps.transport;
    this.#logger = deps.logger;
    this.#metrics = deps.metrics;
    this.#background = deps.background;
    this.#retryBaseMs = deps.options?.retryBaseMs ?? 30_000;
    this.#retryMaxMs = deps.options?.retryMaxMs ?? 15 * 60_000;
    const pollMs = deps.options?.pollMs ?? 5_000;
    this.mailer = {
      send: async (mail, tx) => {
        const ids = await enqueueMail(tx ?? this.#db, mail);
        if (!tx) this.nudge();
        else if (ids.length) this.#afterCommit(ids[0]!);
      },
    };
    this.#timer = setInterval(() => this.nudge(), pollMs);
    this.#timer.unref();
  }

  /**
   * Mail written in a transaction can be sent once it commits: watched for a few seconds (as work
   * a shutdown, and a test, waits for), then sent at once; the polling takes it otherwise.
   */
  #afterCommit(id: number): void {
    this.#background.run('mail outbox', async () => {
      for (const wait of [10, 40, 100, 250, 600, 1500]) {
        await new Promise((r) => setTimeout(r, wait));
        if (this.#stopped) return;
        const [seen] = await queryRows<{ n: number }>(
          this.#db,
          sql`select count(*)::int as n from mail_outbox where id = ${id}`,
        );
        if (seen!.n > 0) return this.nudge();
      }
    });
  }

  /** Looks for due mail now (coalesced: one pass at a time, one more if asked meanwhile). */
  nudge(): void {
    if (this.#stopped) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#background.run('mail outbox', () => {
      this.#draining = (async () => {
        do {
          this.#again = false;
          await this.drain();
        } while (this.#again && !this.#stopped);
      })().finally(() => (this.#draining = undefined));
      return this.#draining;
    });
  }

  /** Hands every due mail over once; returns how many were delivered. */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const rows = await queryRows<Claimed>(
        this.#db,
        sql`update mail_outbox
          set lease_until = now() + make_interval(secs => ${LEASE_SECONDS}),
            attempts = attempts + 1
          where id in (
            select id from mail_outbox
            where state = 'pending' and next_attempt_at <= now()
              and (lease_until is null or lease_until < now())
            order by id limit ${BATCH}
            for update skip locked)
          returning id, to_address, subject, body_text, body_html, attempts, created_at`,
      );
      for (let i = 0; i < rows.length; i += PARALLEL) {
        const done = await Promise.all(rows.slice(i, i + PARALLEL).map((r) => this.#deliver(r)));
        delivered += done.filter(Boolean).length;
      }
      if (rows.length < BATCH || this.#stopped) break;
    }
    // Old sent rows go once an hour per instance, not on every pass (the table is scanned).
    if (Date.now() - this.#cleanedAt > 3_600_000) {
      this.#cleanedAt = Date.now();
      await this.#db.execute(
        sql`delete from mail_outbox where state = 'sent'
          and sent_at < now() - make_interval(days => ${KEEP_SENT_DAYS})`,
      );
    }
    return delivered;
  }

  async #deliver(row: Claimed): Promise<boolean> {
    try {
      await this.#transport.send({
        to: row.to_address,
        subject: row.subject,
        text: row.body_text ?? '',
        ...(row.body_html ? { html: row.body_html } : {}),
      });
    } catch (err) {
      const givenUp =
        isPermanent(err) ||
        Date.now() - new Date(row.created_at).getTime() > GIVE_UP_HOURS * 3_600_000;
      const delay = Math.min(this.#retryBaseMs * 2 ** (row.attempts - 1), this.#retryMaxMs);
      this.#metrics.mails.inc({ outcome: givenUp ? 'failed' : 'retry' });
      this.#logger.warn(
        { err, mailId: row.id, attempts: row.attempts, givenUp },
        givenUp ? 'mail given up' : 'mail failed, will retry',
      );
      await this.#db.execute(
        sql`update mail_outbox set lease_until = null, last_error = ${failureReason(err)},
          state = ${givenUp ? 'failed' : 'pending'},
          next_attempt_at = now() + make_interval(secs => ${delay / 1000})
          where id = ${row.id}`,
      );
      return false;
    }
    this.#metrics.mails.inc({ outcome: 'sent' });
    // The body (a credential, a reset link) is not kept once the mail server has it.
    await this.#db.execute(
      sql`update mail_outbox set state = 'sent', sent_at = now(), lease_until = null,
        last_error = null, body_text = null, body_html = null
        where id = ${row.id}`,
    );
    return true;
  }

  /** Stops looking for mail; a pass under way finishes (its leases end if it cannot). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.race([
      this.#draining,
      new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
    ]);
    this.#transport.close();
  }
}
