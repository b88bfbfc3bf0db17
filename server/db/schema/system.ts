import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Process-independent settings (e.g. the auth secret), shared by every app instance on one database. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Fixed-window request counters for our own endpoints, shared by every app instance. */
export const requestLimits = pgTable('request_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});

/** Site-wide settings edited by admins (e.g. the footer), one JSON document per key. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  updatedBy: text('updated_by'),
});

export const mailState = pgEnum('mail_state', ['pending', 'sent', 'failed']);

/**
 * Every outgoing mail, written in the transaction of the change that caused it and sent by a
 * worker (any instance; each row is taken under a lease with `for update skip locked`). A sent
 * mail keeps its address and subject, not its body; a failed one keeps its body until an admin
 * sends it again or the mail is about an election whose polls have closed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    /** What it is about: a voter's mail of an election is shown to its committee when it fails. */
    kind: text('kind').notNull().default('other'),
    electionId: uuid('election_id'),
    nim: text('nim'),
    state: mailState('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
    index('mail_outbox_election')
      .on(t.electionId, t.nim)
      .where(sql`election_id is not null`),
    index('mail_outbox_failed')
      .on(t.createdAt)
      .where(sql`state = 'failed'`),
  ],
);
