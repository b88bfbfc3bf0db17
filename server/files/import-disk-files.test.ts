import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema/index.ts';
import { startTestApp, type TestApp } from '../test/app.ts';
import { imageBytes } from '../test/images.ts';
import { importDiskFiles } from './import-disk-files.ts';
import { readStoredFile } from './store.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** Where an earlier version kept a stored file: DATA_DIR/files/ab/abcdef… */
const oldPath = (hash: string) => path.join(app.dataDir, 'files', hash.slice(0, 2), hash);
function writeOld(name: string, bytes: Buffer) {
  fs.mkdirSync(path.dirname(oldPath(name)), { recursive: true });
  fs.writeFileSync(oldPath(name), bytes);
}
const quiet = { info() {}, warn() {} } as unknown as Parameters<typeof importDiskFiles>[2];

describe('files an earlier version kept on disk', () => {
  it('move into the database on start: served by every instance, and the disk is emptied', async () => {
    const db = app.services.database.db;
    // A file with its row (as the old version recorded it), bytes only on disk.
    const image = await imageBytes(320, 200, 'jpeg');
    const kept = sha256(image);
    await db.insert(files).values({
      hash: kept,
      kind: 'image',
      contentType: 'image/jpeg',
      size: image.length,
      width: 320,
      height: 200,
    });
    writeOld(kept, image);
    expect((await app.client().get(`/files/${kept}`)).status).toBe(404);
    // A released file (no row any more), a damaged one (its bytes changed), a half write.
    const released = crypto.randomBytes(1000);
    writeOld(sha256(released), released);
    const damaged = sha256(Buffer.from('asli'));
    await db.insert(files).values({
      hash: damaged,
      kind: 'document',
      contentType: 'application/pdf',
      size: 4,
    });
    writeOld(damaged, Buffer.from('lain'));
    writeOld(`${kept}.1234.tmp`, Buffer.from('setengah'));

    const counts = await importDiskFiles(db, app.dataDir, quiet);
    expect(counts).toEqual({ stored: 1, dropped: 1, kept: 1 });
    const res = await app.client().get(`/files/${kept}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    // Only the damaged file is left on disk, untouched; its row has no bytes.
    expect(fs.existsSync(oldPath(kept))).toBe(false);
    expect(fs.existsSync(oldPath(sha256(released)))).toBe(false);
    expect(fs.readFileSync(oldPath(damaged), 'utf8')).toBe('lain');
    expect(fs.existsSync(oldPath(`${kept}.1234.tmp`))).toBe(false);
    expect(await readStoredFile(db, damaged)).toBeNull();

    // Again (the next start): nothing to do, nothing changed.
    expect(await importDiskFiles(db, app.dataDir, quiet)).toEqual({
      stored: 0,
      dropped: 0,
      kept: 1,
    });
    fs.rmSync(oldPath(damaged));
    expect(await importDiskFiles(db, app.dataDir, quiet)).toEqual({
      stored: 0,
      dropped: 0,
      kept: 0,
    });
    expect(fs.existsSync(path.join(app.dataDir, 'files'))).toBe(false);
  });
});
