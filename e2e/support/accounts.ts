/** The master admin the end-to-end server is started with (ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME). */
export const E2E_MASTER = {
  email: 'master@bem.test',
  password: 'sandi-master-e2e',
  name: 'Master BEM',
};
