/** The three study programmes of the spec; Program Studi must be one of them. */
export const PRODI = [
  'Teknokimia Nuklir',
  'Elektronika Instrumentasi',
  'Elektro Mekanika',
] as const;
export type Prodi = (typeof PRODI)[number];

/** Admin levels; master manages admins. */
export const ADMIN_ROLES = ['master', 'admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** A voter's verification state, set by admins. */
export const VOTER_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VoterStatus = (typeof VOTER_STATUSES)[number];

/** Passwords shorter than this are refused, at sign-up, reset and by the admin CLI. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The spec's profile photo: resized to 300 px wide, JPEG at quality 0.8; the server's limits. */
export const PROFILE_PHOTO = {
  width: 300,
  quality: 0.8,
  maxBytes: 150 * 1024,
  maxHeight: 1200,
} as const;
