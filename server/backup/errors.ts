/**
 * A backup or restore that stops: the message (Indonesian) is for the operator and says what was
 * left unchanged; the commands print it and exit 1.
 */
export class BackupError extends Error {}

/** The backup file is damaged, changed or cut short: nothing may be restored from it. */
export class DamagedBackupError extends BackupError {
  constructor(detail: string) {
    super(
      `Berkas cadangan rusak atau telah diubah (${detail}). Tidak ada yang dipulihkan; ` +
        'pakai salinan cadangan yang lain.',
    );
  }
}

export class TruncatedBackupError extends BackupError {
  constructor() {
    super(
      'Berkas cadangan terpotong (tidak lengkap): mungkin penyalinannya belum selesai atau disk ' +
        'penuh saat cadangan dibuat. Tidak ada yang dipulihkan; pakai salinan cadangan yang lain.',
    );
  }
}

export class WrongPassphraseError extends BackupError {
  constructor() {
    super(
      'Kata sandi salah: berkas cadangan terenkripsi ini tidak dapat dibuka dengan kata sandi ' +
        'dari --passphrase-file. Tidak ada yang dipulihkan.',
    );
  }
}
