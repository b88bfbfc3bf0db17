import { useState } from 'react';
import { resendCredentialSchema } from '../../../../shared/schemas/election-setup.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useResendCredential } from '../api/committee.ts';

/**
 * Kirim Ulang Kredensial: the committee gives back the recovery code it saved at lock, and why;
 * the voter then gets the same credential by mail again. Nothing in the public record changes.
 */
export function ResendCredentialDialog({
  electionId,
  voter,
  onClose,
  onDone,
}: {
  electionId: string;
  voter: { nim: string; namaLengkap: string | null } | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const resend = useResendCredential(electionId);
  const [kodePemulihan, setKode] = useState('');
  const [alasan, setAlasan] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const close = () => {
    setKode('');
    setAlasan('');
    setErrors({});
    setFailure(undefined);
    onClose();
  };
  const submit = async () => {
    if (!voter) return;
    setFailure(undefined);
    const parsed = resendCredentialSchema.safeParse({ kodePemulihan, alasan });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await resend.mutateAsync({ nim: voter.nim, ...parsed.data });
      close();
      onDone(
        `Kredensial ${voter.namaLengkap ?? voter.nim} dikirim ulang ke emailnya dalam satu menit.`,
      );
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      else setFailure(err instanceof ApiError ? err.message : 'Gagal mengirim ulang kredensial.');
    }
  };
  return (
    <ConfirmDialog
      open={voter !== undefined}
      title="Kirim ulang kredensial?"
      confirmLabel="Ya, Kirim Ulang"
      busy={resend.isPending}
      onCancel={close}
      onConfirm={() => void submit()}
    >
      <p>
        {voter?.namaLengkap ?? 'Pemilih'} (NIM {voter?.nim}) akan menerima kredensial yang sama
        lewat email. Pastikan permintaan ini datang dari pemilih itu sendiri.
      </p>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <TextField
        label="Kode Pemulihan Kredensial"
        hint="Kode yang disimpan panitia saat pemilihan dikunci."
        autoComplete="off"
        spellCheck={false}
        value={kodePemulihan}
        error={errors.kodePemulihan}
        onChange={(e) => setKode(e.target.value)}
      />
      <TextAreaField
        label="Alasan"
        rows={2}
        value={alasan}
        error={errors.alasan}
        onChange={(e) => setAlasan(e.target.value)}
      />
    </ConfirmDialog>
  );
}
