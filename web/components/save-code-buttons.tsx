import { useState, type ReactNode } from 'react';
import { copyText, downloadText } from '../lib/save-text.ts';

/**
 * "Salin kode" and "Unduh kode" for a code someone must keep (a Kode Bukti, a recovery code), the
 * copy's outcome said in a status region. `children` join the buttons (e.g. a link to use it).
 */
export function SaveCodeButtons({
  code,
  copiedMessage,
  filename,
  fileText,
  children,
}: {
  code: string;
  /** What the status says once the code is on the clipboard. */
  copiedMessage: string;
  filename: string;
  /** The downloaded file's text, made when it is asked for. */
  fileText: () => string;
  children?: ReactNode;
}) {
  const [status, setStatus] = useState<string>();
  return (
    <>
      <p className="page-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void copyText(code, copiedMessage).then(setStatus)}
        >
          Salin kode
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => downloadText(filename, fileText())}
        >
          Unduh kode
        </button>
        {children}
      </p>
      <p role="status">{status}</p>
    </>
  );
}
