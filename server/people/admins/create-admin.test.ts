import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { admins, user } from '../../db/schema/index.ts';
import { loadEnv } from '../../runtime/env.ts';
import { startServer } from '../../server.ts';
import { startTestApp, TestClient, type TestApp } from '../../test/app.ts';
import { createPostgresDatabase, testDbKind } from '../../test/database.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.stop()));
});

describe('master admin bootstrap from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME', () => {
  it('creates a master admin on start, who can sign in and is seen as master', async () => {
    const app = await startTestApp({
      ADMIN_EMAIL: 'Ketua@BEM.test',
      ADMIN_PASSWORD: 'sandi-master-1',
      ADMIN_NAME: 'Ketua BEM',
    });
    apps.push(app);
    const masters = await app.services.database.db
      .select()
      .from(admins)
      .where(eq(admins.role, 'master'));
    expect(masters).toHaveLength(1);

    const client = app.client();
    expect((await client.signIn('ketua@bem.test', 'sandi-master-1')).status).toBe(200);
    const me = await client.me();
    expect(me.admin?.role).toBe('master');
    expect(me.abilities).toMatchObject({
      isAdmin: true,
      isMaster: true,
      manageAdmins: true,
      isVoter: false,
    });
  });

  it('creates nobody on a later start when a master admin already exists', async () => {
    // Two starts on one persistent database (an on-disk PGlite folder, or one PostgreSQL database).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-boot-'));
    const pgDb = testDbKind === 'postgres' ? await createPostgresDatabase() : undefined;
    const base = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    };
    try {
      const first = await startServer(
        loadEnv({
          ...base,
          ADMIN_EMAIL: 'pertama@bem.test',
          ADMIN_PASSWORD: 'sandi-master-1',
          ADMIN_NAME: 'Pertama',
        }),
      );
      await first.stop();
      const second = await startServer(
        loadEnv({
          ...base,
          ADMIN_EMAIL: 'kedua@bem.test',
          ADMIN_PASSWORD: 'sandi-master-2',
          ADMIN_NAME: 'Kedua',
        }),
      );
      try {
        const db = second.services.database.db;
        const rows = await db
          .select({ email: user.email, role: admins.role })
          .from(admins)
          .innerJoin(user, eq(user.id, admins.userId));
        expect(rows).toEqual([{ email: 'pertama@bem.test', role: 'master' }]);
        const client = new TestClient(second.url, second.services.env.publicUrl);
        expect((await client.signIn('kedua@bem.test', 'sandi-master-2')).status).toBe(401);
      } finally {
        await second.stop();
      }
    } finally {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
