/** Saves `text` as a plain-text file the browser downloads as `filename`. */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Copies `text` to the clipboard; the sentence to show (in a status region) says whether it
 * worked, or how to copy by hand.
 */
export async function copyText(text: string, done: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return done;
  } catch {
    return 'Gagal menyalin otomatis: pilih kodenya lalu salin secara manual.';
  }
}
