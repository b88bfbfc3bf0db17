import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
