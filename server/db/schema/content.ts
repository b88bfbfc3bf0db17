import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
};

export const fileKind = pgEnum('file_kind', ['image', 'document']);

/**
 * An uploaded file, known by the SHA-256 of its (re-encoded) bytes, which are in file_chunks: in
 * the database, so every instance serves it and every backup holds it. The same bytes uploaded
 * twice are one file.
 */
export const files = pgTable('files', {
  hash: text('hash').primaryKey(),
  kind: fileKind('kind').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** Images: pixel size of this rendition. */
  width: integer('width'),
  height: integer('height'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
});

/** Raw bytes (bytea): a Buffer from node-postgres, a Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A stored file's bytes, in pieces of FILE_CHUNK_BYTES (server/files/store.ts) in order from 0:
 * written with the file's row in one transaction, read one piece at a time when served, gone
 * with the row.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    hash: text('hash')
      .notNull()
      .references(() => files.hash, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.seq] })],
);

export const articleStatus = pgEnum('article_status', ['draft', 'published']);

/**
 * A news article (berita). Published when status is published and publishedAt has come, so a
 * future publishedAt schedules it with no job running.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Fixed when first saved: the article keeps its URL when its title changes. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML (allowlist) — never stored unsanitised. */
    body: text('body').notNull().default(''),
    category: text('category').notNull().default('Berita'),
    /** Large and small renditions of the cover image (files.hash). */
    cover: text('cover').references(() => files.hash),
    coverSmall: text('cover_small').references(() => files.hash),
    status: articleStatus('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    isExample: boolean('is_example').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('articles_public_idx').on(t.status, t.publishedAt)],
);

/** A document in the Bank Dokumen. */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  file: text('file')
    .notNull()
    .references(() => files.hash),
  /** The name the download gets (sanitised). */
  fileName: text('file_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isExample: boolean('is_example').notNull().default(false),
  ...timestamps,
});

/** A service (layanan) the organisation offers, and how to reach it. */
export const services = pgTable('services', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  link: text('link').notNull().default(''),
  contact: text('contact').notNull().default(''),
  hours: text('hours').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  isExample: boolean('is_example').notNull().default(false),
  ...timestamps,
});

/** A period of the organisation (a cabinet), with its leaders and divisions. */
export const orgPeriods = pgTable(
  'org_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.g. "2025/2026". */
    label: text('label').notNull(),
    cabinetName: text('cabinet_name').notNull(),
    tagline: text('tagline').notNull().default(''),
    /** The period shown by default; at most one. */
    isCurrent: boolean('is_current').notNull().default(false),
    isExample: boolean('is_example').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('org_periods_current_idx').on(t.isCurrent)],
);

/** A division (departemen/biro) of one period. */
export const orgDivisions = pgTable('org_divisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  periodId: uuid('period_id')
    .notNull()
    .references(() => orgPeriods.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

/** A person in a period: a leader (no division) or a member of a division. */
export const orgMembers = pgTable('org_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  periodId: uuid('period_id')
    .notNull()
    .references(() => orgPeriods.id, { onDelete: 'cascade' }),
  divisionId: uuid('division_id').references(() => orgDivisions.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: text('position').notNull(),
  photo: text('photo').references(() => files.hash),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps,
});

/** Page views per day and path, counted first-party: no IP address, no cookie, no identifier. */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** One web-vitals measurement reported by a visitor's browser (no identifier kept). */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    path: text('path').notNull(),
  },
  (t) => [
    index('web_vitals_name_at_idx').on(t.name, t.at),
    check('web_vitals_name', sql`${t.name} in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
  ],
);
