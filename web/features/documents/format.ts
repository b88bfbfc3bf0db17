import { idNumberFormat } from '../../lib/number-format.ts';

const oneDecimal = idNumberFormat({ maximumFractionDigits: 1 });

/** 1_258_291 -> "1,2 MB", 2048 -> "2 KB", 512 -> "512 B" (Indonesian decimal comma). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

/** "pdf" -> "PDF", "jpg" -> "JPG". */
export const typeLabel = (extension: string) => extension.toUpperCase();
