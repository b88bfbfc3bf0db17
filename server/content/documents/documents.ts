import { releaseFiles } from '../../files/release.ts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  contentTypesOf,
  DOCUMENT_CATEGORIES,
  extensionOf,
  type DocumentTypeGroup,
  type documentInputSchema,
} from '../../../shared/schemas/documents.ts';
import type { z } from '../../../shared/validation.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { documents, files } from '../../db/schema/index.ts';
import { safeFileName } from '../../files/store.ts';
import { ApiError } from '../../http/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import {
  categoryOrder,
  containsPattern,
  moveWithinCategory,
  nextSortOrder,
  placeColumns,
  withinCategory,
} from './ordering.ts';

export type DocumentInput = z.output<typeof documentInputSchema>;
type DocumentRow = typeof documents.$inferSelect;
type FileRow = typeof files.$inferSelect;

/** A document with what the list shows of its file and its place in its category. */
export type ListedDocument = DocumentRow & {
  contentType: string;
  size: number;
  position: number;
  siblings: number;
};

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Dokumen tidak ditemukan.');

export type DocumentFilter = {
  q?: string | undefined;
  category?: string | undefined;
  type?: DocumentTypeGroup | undefined;
  page: number;
  pageSize: number;
};

/**
 * Documents by category (in the fixed category order), then by their hand-set order, with
 * search over title, description and file name, and filters by category and file type.
 */
export async function listDocuments(db: Db, f: DocumentFilter) {
  const conditions: SQL[] = [];
  if (f.q) {
    const p = containsPattern(f.q);
    conditions.push(
      or(ilike(documents.title, p), ilike(documents.description, p), ilike(documents.fileName, p))!,
    );
  }
  if (f.category) conditions.push(eq(documents.category, f.category));
  if (f.type) conditions.push(inArray(files.contentType, contentTypesOf(f.type)));
  const where = conditions.length ? and(...conditions) : undefined;

  const [items, [total]] = await Promise.all([
    placedDocuments(db, where, f.pageSize, (f.page - 1) * f.pageSize),
    db
      .select({ n: count() })
      .from(documents)
      .innerJoin(files, eq(files.hash, documents.file))
      .where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/** Documents with their file's type and size and their place in their category, in page order. */
async function placedDocuments(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<ListedDocument[]> {
  // Places are counted over every document of the category, whatever the search shows.
  const placed = db
    .select({ id: documents.id, ...placeColumns(documents) })
    .from(documents)
    .as('placed');
  const rows = await db
    .select({
      document: documents,
      contentType: files.contentType,
      size: files.size,
      position: placed.position,
      siblings: placed.siblings,
    })
    .from(documents)
    .innerJoin(files, eq(files.hash, documents.file))
    .innerJoin(placed, eq(placed.id, documents.id))
    .where(where)
    .orderBy(categoryOrder(documents, DOCUMENT_CATEGORIES), ...withinCategory(documents))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...r.document,
    contentType: r.contentType,
    size: r.size,
    position: Number(r.position),
    siblings: Number(r.siblings),
  }));
}

/** One document as the list shows it. */
export async function getDocument(db: Db, id: string): Promise<ListedDocument> {
  const [doc] = await placedDocuments(db, eq(documents.id, id), 1);
  if (!doc) throw notFound();
  return doc;
}

/** The newest documents (for the home page). */
export async function latestDocuments(db: Db, limit: number) {
  const rows = await db
    .select({ document: documents, contentType: files.contentType, size: files.size })
    .from(documents)
    .innerJoin(files, eq(files.hash, documents.file))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
  return rows.map((r): ListedDocument => ({
    ...r.document,
    contentType: r.contentType,
    size: r.size,
    position: 0,
    siblings: 0,
  }));
}

/** A document and its stored file, for a download. */
export async function documentWithFile(
  db: Db,
  id: string,
): Promise<{ document: DocumentRow; file: FileRow }> {
  const [row] = await db
    .select({ document: documents, file: files })
    .from(documents)
    .innerJoin(files, eq(files.hash, documents.file))
    .where(eq(documents.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * The download name: the given name sanitised (letters, digits, spaces, dots, dashes and
 * underscores; no path), or the title when nothing of the name is left, with the extension the
 * content has.
 */
export function downloadName(name: string, title: string, contentType: string) {
  const source = /[A-Za-z0-9]/.test(name.normalize('NFKD')) ? name : title;
  return safeFileName(source, extensionOf(contentType)).replace(/\s+(\.[a-z0-9]+)$/i, '$1');
}

/**
 * The uploaded file a document points at: it must exist and have been uploaded as a document
 * (POST /api/uploads/documents); an image rendition or an unknown hash is refused.
 */
async function documentFile(tx: Tx, hash: string): Promise<FileRow> {
  const [file] = await tx.select().from(files).where(eq(files.hash, hash));
  if (!file) {
    const message = 'Berkas tidak ditemukan. Unggah ulang berkasnya.';
    throw new ApiError(400, 'UNKNOWN_FILE', message, { file: message });
  }
  if (file.kind !== 'document') {
    const message = 'Berkas ini bukan dokumen. Unggah berkasnya melalui formulir dokumen.';
    throw new ApiError(400, 'NOT_A_DOCUMENT', message, { file: message });
  }
  return file;
}

const audit = (
  tx: Tx,
  actor: Actor,
  action: string,
  doc: Pick<DocumentRow, 'id' | 'title' | 'category'>,
  summary: string,
  details: Record<string, unknown> = {},
) =>
  appendAudit(tx, {
    ...auditActor(actor),
    action: `document.${action}`,
    entityType: 'document',
    entityId: doc.id,
    summary,
    details: { title: doc.title, category: doc.category, ...details },
  });

/** Adds a document at the end of its category. */
export async function createDocument(db: Db, actor: Actor, input: DocumentInput) {
  return db.transaction(async (tx) => {
    const file = await documentFile(tx, input.file);
    const [row] = await tx
      .insert(documents)
      .values({
        title: input.title,
        description: input.description,
        category: input.category,
        file: file.hash,
        fileName: downloadName(input.fileName, input.title, file.contentType),
        sortOrder: await nextSortOrder(tx, documents, input.category),
      })
      .returning();
    await audit(
      tx,
      actor,
      'created',
      row!,
      `Menambahkan dokumen "${row!.title}" (${row!.category})`,
      {
        file: file.hash,
        fileName: row!.fileName,
      },
    );
    return row!;
  });
}

/** Changes a document's details and, when another file is given, replaces its file. */
export async function updateDocument(db: Db, actor: Actor, id: string, input: DocumentInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
    if (!before) throw notFound();
    const file = await documentFile(tx, input.file);
    const movedCategory = before.category !== input.category;
    const [row] = await tx
      .update(documents)
      .set({
        title: input.title,
        description: input.description,
        category: input.category,
        file: file.hash,
        fileName: downloadName(input.fileName, input.title, file.contentType),
        ...(movedCategory ? { sortOrder: await nextSortOrder(tx, documents, input.category) } : {}),
      })
      .where(eq(documents.id, id))
      .returning();
    const changed = (['title', 'description', 'category', 'file', 'fileName'] as const).filter(
      (k) => before[k] !== row![k],
    );
    await audit(
      tx,
      actor,
      'updated',
      row!,
      before.file !== row!.file
        ? `Mengganti berkas dokumen "${row!.title}"`
        : `Mengubah dokumen "${row!.title}"`,
      { changed, ...(before.file !== row!.file ? { previousFile: before.file } : {}) },
    );
    if (before.file !== row!.file) await releaseFiles(tx, [before.file]);
    return row!;
  });
}

/** Removes a document, and its stored file unless other content has the same bytes. */
export async function deleteDocument(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(documents).where(eq(documents.id, id)).returning();
    if (!removed) throw notFound();
    await releaseFiles(tx, [removed.file]);
    await audit(tx, actor, 'deleted', removed, `Menghapus dokumen "${removed.title}"`, {
      file: removed.file,
    });
  });
}

/** Moves a document one place up or down within its category. */
export async function moveDocument(db: Db, actor: Actor, id: string, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    const [doc] = await tx.select().from(documents).where(eq(documents.id, id));
    if (!doc) throw notFound();
    const moved = await moveWithinCategory(tx, documents, doc, direction, {
      first: 'Dokumen ini sudah berada di urutan pertama kategorinya.',
      last: 'Dokumen ini sudah berada di urutan terakhir kategorinya.',
    });
    await audit(
      tx,
      actor,
      'moved',
      doc,
      `Memindahkan dokumen "${doc.title}" ke urutan ${moved.to} dari ${moved.of} di ${doc.category}`,
      { from: moved.from, to: moved.to },
    );
  });
}
