import { extensionOf } from '../../../shared/schemas/documents.ts';
import type { DocumentCategory } from '../../../shared/schemas/documents.ts';
import type { ListedDocument } from './documents.ts';

/** The address a document downloads from (as an attachment unless `?inline=1` on a PDF). */
export const downloadUrl = (id: string) => `/api/documents/${id}/download`;

/** A document as it leaves the server. */
export const presentDocument = (d: ListedDocument) => ({
  id: d.id,
  title: d.title,
  description: d.description,
  category: d.category as DocumentCategory,
  file: d.file,
  fileName: d.fileName,
  contentType: d.contentType,
  extension: extensionOf(d.contentType),
  size: d.size,
  sortOrder: d.sortOrder,
  position: d.position,
  siblings: d.siblings,
  isExample: d.isExample,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  downloadUrl: downloadUrl(d.id),
  viewUrl: d.contentType === 'application/pdf' ? `${downloadUrl(d.id)}?inline=1` : null,
});
