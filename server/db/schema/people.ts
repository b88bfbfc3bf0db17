import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ADMIN_ROLES, PRODI, VOTER_STATUSES } from '../../../shared/people.ts';
import { user } from './auth.ts';

export const adminRole = pgEnum('admin_role', ADMIN_ROLES);
export const prodi = pgEnum('prodi', PRODI);
export const voterStatus = pgEnum('voter_status', VOTER_STATUSES);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
};

/** An admin of the organisation (the spec's "users" record). Its existence makes the person an admin. */
export const admins = pgTable('admins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  role: adminRole('role').notNull().default('admin'),
  namaLengkap: text('nama_lengkap').notNull(),
  namaTampilan: text('nama_tampilan').notNull().default(''),
  foto: text('foto').notNull().default(''),
  /** Set when a master deactivates the admin: the record stays (history names it), the role does not. */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  ...timestamps,
});

/** A registered student voter (the spec's "voters" record). */
export const voters = pgTable(
  'voters',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    namaLengkap: text('nama_lengkap').notNull(),
    nim: text('nim').notNull().unique(),
    prodi: prodi('prodi').notNull(),
    namaTampilan: text('nama_tampilan').notNull().default(''),
    foto: text('foto').notNull().default(''),
    status: voterStatus('status').notNull().default('pending'),
    /** Entry year (angkatan), from the official student list an admin imports; null until then. */
    angkatan: smallint('angkatan'),
    rejectionReason: text('rejection_reason'),
    /** Fields the spec says may exist on a voter record; kept as they are on every save. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('voters_status_idx').on(t.status),
    check('voters_nim_format', sql`${t.nim} ~ '^[0-9]{1,12}$'`),
  ],
);
