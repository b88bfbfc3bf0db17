import { pairInitials } from '../../../../shared/initials.ts';
import { memo, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useBooth, useCastVote, type AuditOutcome, type SealedBallot } from '../api/booth.ts';
import type { Ballot } from '../api/elections.ts';
import { BoothError } from '../booth/booth-worker.ts';
import { TrackerCode } from '../../../components/tracker-code.tsx';
import type { CastReceipt } from './receipt-card.tsx';

import { Audited, preloadAfterVote } from './after-vote.tsx';

const KOTAK_KOSONG = 'kotak-kosong';
const ABSTAIN = 'abstain';

type Candidate = Ballot['candidates'][number];

/** What a failure says to the voter. */
function messageOf(err: unknown): string {
  return err instanceof ApiError || err instanceof BoothError
    ? err.message
    : 'Suara gagal dikirim. Silakan coba lagi.';
}

const candidateName = (c: Candidate) =>
  `Nomor ${c.nomorUrut}: ${c.namaKetua}${c.namaWakil ? ` dan ${c.namaWakil}` : ''}`;

function choiceLabel(ballot: Ballot, choice: string) {
  if (choice === KOTAK_KOSONG) return 'Kotak Kosong';
  if (choice === ABSTAIN) return 'Abstain (tidak memilih kandidat)';
  const c = ballot.candidates.find((x) => x.id === choice);
  return c ? candidateName(c) : choice;
}

/**
 * The candidates and the other choices. Memoised: what the dialog does after "Kirim Suara" (the
 * ballot sealed, opened or sent) re-renders the form, never this list, so a slow phone's main
 * thread is not held up re-rendering every candidate at each step.
 */
const BallotOptions = memo(function BallotOptions({
  ballot,
  choice,
  onChoose,
}: {
  ballot: Ballot;
  choice: string;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="ballot">
      <legend>Surat suara: pilih satu</legend>
      {ballot.choices.map((id) => {
        const c = ballot.candidates.find((x) => x.id === id);
        return (
          <label key={id} className={`ballot-option${choice === id ? ' selected' : ''}`}>
            <input
              type="radio"
              name="choice"
              value={id}
              checked={choice === id}
              onChange={() => onChoose(id)}
              aria-label={choiceLabel(ballot, id)}
            />
            {c ? (
              <span className="ballot-candidate">
                <span className="ballot-number" aria-hidden="true">
                  {c.nomorUrut}
                </span>
                {c.foto ? (
                  <img src={c.foto} alt="" width={120} height={120} />
                ) : (
                  <span className="ballot-photo-empty" aria-hidden="true">
                    {pairInitials(c)}
                  </span>
                )}
                <span className="ballot-names">
                  <strong>{c.namaKetua}</strong>
                  {c.namaWakil ? <span>{c.namaWakil}</span> : null}
                </span>
                {c.visi || c.misi ? (
                  <details onClick={(e) => e.stopPropagation()}>
                    <summary>Visi dan misi</summary>
                    {c.visi ? (
                      <>
                        <h4>Visi</h4>
                        <p className="prewrap">{c.visi}</p>
                      </>
                    ) : null}
                    {c.misi ? (
                      <>
                        <h4>Misi</h4>
                        <p className="prewrap">{c.misi}</p>
                      </>
                    ) : null}
                  </details>
                ) : null}
              </span>
            ) : (
              <span className="ballot-special">{choiceLabel(ballot, id)}</span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
});

/**
 * The ballot: every candidate shown alike (photo, number, names, vision and mission), one choice,
 * "Kirim Suara" shows the choice again and asks "Ya, Kirim"; afterwards the receipt to keep. In a
 * verifiable election the dialog also shows the tracker of the ballot this browser has just
 * encrypted, before anything is sent, and offers to check that ballot instead ("Periksa surat
 * suara"): it is then opened, published, never cast, and the voter makes a new one.
 */
export function BallotForm({
  ballot,
  credential,
  onCast,
}: {
  ballot: Ballot;
  /** A verifiable election's private credential (from the mailed link), checked as the voter's. */
  credential?: string | undefined;
  onCast: (r: CastReceipt) => void;
}) {
  const { verifiable } = ballot;
  const cast = useCastVote(ballot.election.id);
  const booth = useBooth(ballot.election.id, verifiable);
  const [choice, setChoice] = useState('');
  const [confirming, setConfirming] = useState(false);
  // The ballot sealed for the dialog: kept while unsent, so the same one goes again after a
  // lost answer; dropped once cast, refused, or opened.
  const [sealed, setSealed] = useState<SealedBallot>();
  const [audited, setAudited] = useState<AuditOutcome>();
  const [auditsLeft, setAuditsLeft] = useState<number>();
  const [error, setError] = useState<string>();
  const submitButton = useRef<HTMLButtonElement>(null);
  // An error is where the eye is: focus (and so the scroll) moves to it when it appears.
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorBox.current?.focus();
  }, [error]);
  // While a ballot is being opened the dialog stays up (busy), but no new ballot is sealed.
  const auditing = useRef(false);
  const ready = sealed?.choice === choice ? sealed : undefined;
  const { mutate: seal, isPending: sealing } = booth.seal;

  useEffect(() => {
    if (!confirming || !verifiable || !choice || ready || sealing || auditing.current) return;
    seal(
      { choice, credential },
      {
        onSuccess: setSealed,
        onError: (err) => {
          setConfirming(false);
          setError(messageOf(err));
        },
      },
    );
  }, [confirming, verifiable, choice, credential, ready, sealing, seal]);

  const submit = async () => {
    setError(undefined);
    if (verifiable && !ready) return;
    try {
      const out = await cast.mutateAsync({ choice, ballot: ready?.ballot });
      setConfirming(false);
      setSealed(undefined);
      onCast({ ...out, verifiable: verifiable !== null });
    } catch (err) {
      setConfirming(false);
      // Refused by the server (not lost on the way): that ballot is never sent again. Lost on
      // the way: it may have been counted, so it is only ever sent again, never opened.
      if (err instanceof ApiError && err.code === 'NETWORK') setSealed({ ...ready!, sent: true });
      else setSealed(undefined);
      setError(
        err instanceof ApiError && err.code === 'NETWORK' && verifiable
          ? 'Koneksi terputus sebelum jawaban server diterima. Tekan "Kirim Suara" lagi: surat suara yang sama dikirim ulang dan tidak akan tercatat dua kali.'
          : messageOf(err),
      );
    }
  };

  const check = async () => {
    if (!ready || ready.sent) return;
    setError(undefined);
    // Its randomness leaves this browser now: whatever the answer, it is never cast.
    auditing.current = true;
    setSealed(undefined);
    try {
      const outcome = await booth.audit.mutateAsync(ready);
      setAuditsLeft(outcome.remaining);
      setAudited(outcome);
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      auditing.current = false;
      setError(
        `Pemeriksaan gagal: ${messageOf(err)} Surat suara itu tidak akan dikirim; tekan "Kirim Suara" untuk membuat yang baru.`,
      );
    }
  };

  if (audited)
    return (
      <Audited
        outcome={audited}
        electionId={ballot.election.id}
        labelOf={(id) => choiceLabel(ballot, id)}
        onDone={() => {
          auditing.current = false;
          setAudited(undefined);
          setTimeout(() => submitButton.current?.focus(), 0);
        }}
      />
    );

  return (
    <form
      method="post"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        if (!choice) setError('Pilih salah satu pilihan terlebih dahulu.');
        else {
          preloadAfterVote(verifiable !== null);
          setConfirming(true);
        }
      }}
      noValidate
    >
      <div ref={errorBox} tabIndex={-1} className="focus-target">
        {error ? <Alert kind="error">{error}</Alert> : null}
      </div>
      <BallotOptions ballot={ballot} choice={choice} onChoose={setChoice} />
      <button ref={submitButton} type="submit" className="btn btn-accent btn-block ballot-submit">
        Kirim Suara
      </button>
      <ConfirmDialog
        open={confirming}
        title="Kirim suara ini?"
        confirmLabel="Ya, Kirim"
        cancelLabel="Kembali"
        busy={cast.isPending || booth.audit.isPending}
        confirmDisabled={verifiable !== null && !ready}
        other={
          verifiable
            ? {
                label: 'Periksa surat suara',
                onClick: () => void check(),
                disabled: !ready || ready.sent === true || auditsLeft === 0,
              }
            : undefined
        }
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <p>Pilihan Anda:</p>
        <p className="confirm-choice">{choiceLabel(ballot, choice)}</p>
        {verifiable ? (
          <>
            <p className="receipt-label">Kode surat suara</p>
            {/* One live region: the wait, then the code, are both read out. */}
            <div role="status">
              {ready ? (
                <p className="dialog-tracker" data-testid="kode-surat-suara">
                  <TrackerCode code={ready.tracker} />
                </p>
              ) : (
                <p className="field-hint">Surat suara sedang dienkripsi di perangkat Anda...</p>
              )}
            </div>
            {ready?.sent ? (
              <p className="field-hint">
                Surat suara ini sudah dikirim sekali tanpa jawaban dari server: mungkin sudah
                tercatat, jadi hanya dapat dikirim ulang (tidak akan tercatat dua kali), tidak dapat
                diperiksa.
              </p>
            ) : (
              <p className="field-hint">
                Bila dikirim, kode ini menjadi Kode Bukti Anda. Ragu perangkat ini mengenkripsi
                pilihan Anda dengan benar? Pilih <strong>Periksa surat suara</strong>: surat suara
                ini dibuka dan ditunjukkan isinya, lalu Anda membuat surat suara baru. Isinya
                diumumkan tanpa nama Anda dan tidak dihitung, tetapi server pemilihan dapat
                mengetahui siapa yang memeriksanya; Anda boleh memeriksa dengan pilihan lain lebih
                dulu.
              </p>
            )}
          </>
        ) : null}
        <p className="field-hint">
          Setelah dikirim, suara tidak dapat diubah atau ditarik kembali.
        </p>
      </ConfirmDialog>
    </form>
  );
}
