import { useState } from 'react';
import { resendCredentialFormSchema } from '../../../../shared/schemas/election-setup.ts';
import { normalizeRecoveryCode, recoveryKeyFor } from '../../../../shared/crypto/recovery-code.ts';
import { api, json } from '../../../lib/api-client.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useResendCredential } from '../api/committee.ts';

/**
 * Kirim Ulang Kredensial: the committee types the recovery code it saved at lock, and why. This
 * browser derives that one voter's key from it (with the election's uuid from the public record)
 * and sends only the key: the code never leaves the committee. The voter then gets the same
 * credential by mail again; nothing in the public record changes.
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
    const parsed = resendCredentialFormSchema.safeParse({ kodePemulihan, alasan });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const { uuid } = await json(
        api.elections[':id'].record.head.$get({ param: { id: electionId } }),
      );
      const code = normalizeRecoveryCode(parsed.data.kodePemulihan)!;
      await resend.mutateAsync({
        nim: voter.nim,
        kunciPemulihan: recoveryKeyFor(code, uuid, voter.nim),
        alasan: parsed.data.alasan,
      });
      close();
      onDone(
        `Kredensial ${voter.namaLengkap ?? voter.nim} dikirim ulang ke emailnya dalam satu menit.`,
      );
    } catch (err) {
      // The server names the key it was given; to the committee it is the code they typed.
      if (err instanceof ApiError && err.code === 'WRONG_RECOVERY_CODE')
        setErrors({ kodePemulihan: err.message });
      else if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
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
