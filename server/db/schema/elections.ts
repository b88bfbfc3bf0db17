import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = timestamp('updated_at', { withTimezone: true })
  .defaultNow()
  .$onUpdate(() => new Date())
  .notNull();

export const requestStatus = pgEnum('election_request_status', ['pending', 'approved', 'rejected']);
/** Stored statuses; the lifecycle between them is server/elections/rules/lifecycle.ts. */
export const electionStatus = pgEnum('election_status', [
  'draft',
  'ready',
  'published',
  'archived',
]);
export const rollMode = pgEnum('election_roll_mode', ['all', 'prodi', 'angkatan', 'roll']);
export const resultsRelease = pgEnum('election_results_release', ['on-close', 'manual']);

/** A request for an election, submitted by anyone, decided by the master admin. */
export const electionRequests = pgTable(
  'election_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namaPemilihan: text('nama_pemilihan').notNull(),
    penyelenggara: text('penyelenggara').notNull(),
    deskripsi: text('deskripsi').notNull(),
    waktuMulai: timestamp('waktu_mulai', { withTimezone: true }).notNull(),
    waktuSelesai: timestamp('waktu_selesai', { withTimezone: true }).notNull(),
    namaPemohon: text('nama_pemohon').notNull(),
    emailPemohon: text('email_pemohon').notNull(),
    status: requestStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    electionId: uuid('election_id'),
    createdAt,
  },
  (t) => [index('election_requests_status_idx').on(t.status, t.createdAt)],
);

/** An election. Whether it is upcoming, open or closed follows from status + schedule (rules/lifecycle). */
export const elections = pgTable(
  'elections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    organizer: text('organizer').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: electionStatus('status').notNull().default('draft'),
    kotakKosong: boolean('kotak_kosong').notNull().default(true),
    abstain: boolean('abstain').notNull().default(false),
    rollMode: rollMode('roll_mode').notNull().default('all'),
    rollProdi: jsonb('roll_prodi').$type<string[]>().notNull().default([]),
    rollYears: jsonb('roll_years').$type<number[]>().notNull().default([]),
    resultsRelease: resultsRelease('results_release').notNull().default('on-close'),
    ballotFormat: smallint('ballot_format').notNull().default(1),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    rollSize: integer('roll_size'),
    /** Head of the ballot chain, sealed when results are computed after closing. */
    ballotChainHead: text('ballot_chain_head'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The one extension of an open election: when, from which end, and why (shown publicly). */
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    extendedFrom: timestamp('extended_from', { withTimezone: true }),
    extensionReason: text('extension_reason'),
    requestId: uuid('request_id'),
    /** A reminder mail to those on the roll who have not voted, hours before the close. */
    reminderEnabled: boolean('reminder_enabled').notNull().default(true),
    /** When the roll was told that voting opened, and reminded: each sent once (claimed). */
    openingMailedAt: timestamp('opening_mailed_at', { withTimezone: true }),
    reminderMailedAt: timestamp('reminder_mailed_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [check('elections_schedule', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** A committee invitation code: single-use, bound to the email it was sent to, valid 72 hours, revocable. */
export const committeeInvitations = pgTable(
  'committee_invitations',
  {
    code: text('code').primaryKey(),
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The address the code was sent to: only an account with this email may use it. */
    email: text('email'),
    /** A committee member's code, or a witness's (saksi) for one candidate pair. */
    role: text('role').$type<'panitia' | 'saksi'>().notNull().default('panitia'),
    candidateId: uuid('candidate_id').references(() => candidates.id, { onDelete: 'cascade' }),
    /** A code works once: when and by whom it was used. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: text('used_by').references(() => user.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    index('committee_invitations_election_idx').on(t.electionId),
    check(
      'committee_invitations_role',
      sql`(${t.role} = 'panitia' and ${t.candidateId} is null) or (${t.role} = 'saksi' and ${t.candidateId} is not null)`,
    ),
  ],
);

/** A committee (panitia) member of one election. */
export const committeeMembers = pgTable(
  'committee_members',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    namaLengkap: text('nama_lengkap').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.userId] }),
    index('committee_members_user_idx').on(t.userId),
  ],
);

/**
 * A witness (saksi) of one candidate pair: sees the committee's overview read-only and is one of
 * the election's trustees. One per candidate pair.
 */
export const electionWitnesses = pgTable(
  'election_witnesses',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    namaLengkap: text('nama_lengkap').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.userId] }),
    unique('election_witnesses_candidate_unique').on(t.candidateId),
    index('election_witnesses_user_idx').on(t.userId),
  ],
);

/** A candidate or candidate pair on an election's ballot. */
export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    nomorUrut: integer('nomor_urut').notNull(),
    namaKetua: text('nama_ketua').notNull(),
    namaWakil: text('nama_wakil').notNull().default(''),
    visi: text('visi').notNull().default(''),
    misi: text('misi').notNull().default(''),
    foto: text('foto').notNull().default(''),
    createdAt,
    updatedAt,
  },
  (t) => [unique('candidates_election_nomor_unique').on(t.electionId, t.nomorUrut)],
);

/** The voter roll (DPT) by NIM: imported, or fixed from the eligibility rule when locked. */
export const electionRoll = pgTable(
  'election_roll',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    nim: text('nim').notNull(),
    prodi: text('prodi'),
  },
  (t) => [primaryKey({ columns: [t.electionId, t.nim] })],
);

/**
 * Who has voted (never what). Written in the same transaction as the ballot; its primary key is
 * what makes a second vote impossible, whatever the concurrency.
 */
export const participation = pgTable(
  'participation',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    nim: text('nim').notNull(),
    prodi: text('prodi').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.userId] }),
    unique('participation_election_nim_unique').on(t.electionId, t.nim),
  ],
);

/**
 * The ballot box. A row holds no voter, no time and no sequence: its key is the hash of a random
 * receipt, so nothing in it can be joined with participation. Append-only (trigger).
 */
export const ballots = pgTable(
  'ballots',
  {
    receiptHash: text('receipt_hash').primaryKey(),
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'restrict' }),
    choice: text('choice').notNull(),
    format: smallint('format').notNull(),
    digest: text('digest').notNull(),
  },
  (t) => [index('ballots_election_choice_idx').on(t.electionId, t.choice)],
);

/**
 * A verifiable election's public record (ballot format 2): the Belenios 2.0 election, the head of
 * its event chain, and the server's own trustee key (the mandatory Single key of §4.7; decryption
 * also needs the committee's and witnesses' Pedersen keys once they exist, issue 2/3).
 */
export const electionRecords = pgTable('election_records', {
  electionId: uuid('election_id')
    .primaryKey()
    .references(() => elections.id, { onDelete: 'restrict' }),
  /** The Belenios election uuid (Base58), the record's file name. */
  uuid: text('uuid').notNull().unique(),
  /** The archive header's timestamp (Unix seconds, the lock). */
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  /** The election object exactly as stored in the record (its fingerprint is over these bytes). */
  electionText: text('election_text').notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** The server's Single trustee key: its secret exponent (decimal), used once, to decrypt. */
  serverSecret: text('server_secret').notNull(),
  /** The public credential list's fingerprint and size, announced at lock. */
  credentialsFingerprint: text('credentials_fingerprint').notNull(),
  credentialsCount: integer('credentials_count').notNull(),
  /** The last event: what a snapshot pins, and what the next event's parent is. */
  headHash: text('head_hash').notNull(),
  headHeight: integer('head_height').notNull(),
  /** Entries so far (the next entry's position). */
  entryCount: integer('entry_count').notNull(),
  /** Set with EndBallots, under this row's lock: a cast that takes the lock later is refused. */
  ballotsEnded: boolean('ballots_ended').notNull().default(false),
  /** The EncryptedTally event (hash, height): the head of the copy shown before the counts are. */
  tallyHash: text('tally_hash'),
  tallyHeight: integer('tally_height'),
});

/** The record's data items and events, in archive order. Append-only (trigger). */
export const recordEntries = pgTable(
  'record_entries',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => electionRecords.electionId, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<'data' | 'event'>().notNull(),
    /** Hex SHA-256 of `body`: the member's name in the archive. */
    hash: text('hash').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.position] }),
    index('record_entries_hash_idx').on(t.electionId, t.hash),
    check('record_entries_kind', sql`${t.kind} in ('data', 'event')`),
  ],
);

/**
 * Ballots a voter opened to check them ("Periksa surat suara", shared/crypto/audit.ts): public,
 * beside the record, never cast. `body` is the entry of the published list; `credential` (the
 * ballot's public credential) bounds how many one voter may open. No account is kept. Append-only
 * (trigger).
 */
export const auditedBallots = pgTable(
  'audited_ballots',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => electionRecords.electionId, { onDelete: 'restrict' }),
    /** Order of the published list. */
    position: integer('position').notNull(),
    /** The ballot's tracker (base64, as the voter sees it). */
    tracker: text('tracker').notNull(),
    credential: text('credential').notNull(),
    body: text('body').notNull(),
    auditedAt: timestamp('audited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.position] }),
    unique('audited_ballots_tracker_unique').on(t.electionId, t.tracker),
    index('audited_ballots_credential_idx').on(t.electionId, t.credential),
  ],
);

/**
 * One voting credential per NIM on a verifiable election's roll, made at lock. The public part is
 * in the record; the private part waits here only until the voter's mail carrying it has been
 * accepted by the mail server (then it is erased: `credential` null, `mailed_at` set), and is
 * erased unsent when the polls close. The server knows which public credential is whose (to
 * refuse another voter's credential), never what a ballot says.
 */
export const electionCredentials = pgTable(
  'election_credentials',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'restrict' }),
    nim: text('nim').notNull(),
    credential: text('credential'),
    publicCredential: text('public_credential').notNull(),
    /**
     * The private credential sealed under the committee's recovery code (server/crypto/
     * credential-recovery.ts): useless without the code, which the server does not keep. Null
     * when the lock was made without a code (no recovery for that election).
     */
    sealedCredential: text('sealed_credential'),
    /** When the mail with the private credential was accepted (the credential then erased). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** Failed deliveries so far, and the last failure (shown to the committee). */
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailError: text('mail_error'),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.nim] }),
    unique('election_credentials_public_unique').on(t.electionId, t.publicCredential),
  ],
);

/**
 * The key ceremony of a verifiable election (Belenios 2.0 §4.6, Pedersen): the committee and the
 * witnesses who have joined establish a k-of-n key before lock. The Belenios uuid is fixed here,
 * so that key files name their election before the record exists. A restart (before lock) makes
 * a new attempt with the trustees of the moment; `parameters` is set once every voutput checked.
 */
export const keyCeremonies = pgTable('key_ceremonies', {
  electionId: uuid('election_id')
    .primaryKey()
    .references(() => elections.id, { onDelete: 'cascade' }),
  uuid: text('uuid').notNull().unique(),
  threshold: integer('threshold').notNull(),
  attempt: integer('attempt').notNull().default(1),
  startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
  /** The threshold_parameters (serialized), once every trustee's voutput has checked. */
  parameters: text('parameters'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** When the trustees were mailed that the polls closed (claimed once, by one instance). */
  decryptionCalledAt: timestamp('decryption_called_at', { withTimezone: true }),
});

/**
 * One trustee of a key ceremony, at its 1-based position (its place among the certificates; its
 * decryption owner id is position + 1, the server's key being the first). Only public messages
 * are kept: the certificate, the polynomial (shares encrypted to their recipients) and the
 * voutput (the private key encrypted to the trustee itself).
 */
export const ceremonyTrustees = pgTable(
  'ceremony_trustees',
  {
    electionId: uuid('election_id')
      .notNull()
      .references(() => keyCeremonies.electionId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    role: text('role').$type<'panitia' | 'saksi'>().notNull(),
    namaLengkap: text('nama_lengkap').notNull(),
    cert: text('cert'),
    polynomial: text('polynomial'),
    voutput: text('voutput'),
    /** The challenge of the key check (fresh per ceremony) and when the check passed. */
    keyCheckNonce: text('key_check_nonce').notNull(),
    keyCheckedAt: timestamp('key_checked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.position] }),
    index('ceremony_trustees_user_idx').on(t.userId),
    // One place per person: a second row for the same account could never be filled.
    unique('ceremony_trustees_election_user_unique').on(t.electionId, t.userId),
    check('ceremony_trustees_role', sql`${t.role} in ('panitia', 'saksi')`),
  ],
);

/** The activity and audit log: append-only and hash-chained (each entry commits to the one before). */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    electionId: uuid('election_id'),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (t) => [
    index('audit_log_election_idx').on(t.electionId, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);
