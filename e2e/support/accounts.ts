/** The master admin the end-to-end server is started with (ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME). */
export const E2E_MASTER = {
  email: 'master@bem.test',
  password: 'sandi-master-e2e',
  name: 'Master BEM',
};

/** A plain admin, created before the server starts. */
export const E2E_ADMIN = {
  email: 'admin@bem.test',
  password: 'sandi-admin-e2e',
  name: 'Rudi Hartono',
};

/** Someone who is both an admin and a voter. */
export const E2E_DUAL = {
  email: 'ganda@bem.test',
  password: 'sandi-ganda-e2e',
  name: 'Dewi Lestari',
  nim: '0219000999',
  prodi: 'Teknokimia Nuklir' as const,
};
