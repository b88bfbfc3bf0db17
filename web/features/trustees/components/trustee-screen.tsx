import { useHydrated } from '../../../components/client-only.tsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { FileField, TextField } from '../../../components/form-field.tsx';
import { request } from '../../../lib/api-error.ts';
import { passphraseProblem } from '../../../../shared/crypto/key-file.ts';
import {
  submitCert,
  submitDecryption,
  submitKeyCheck,
  submitPolynomial,
  submitVoutput,
  useCeremony,
  useDecryption,
  useRound,
  type Round,
} from '../api/trustees.ts';
import { useTrusteeWorker, type TrusteeWorker } from '../trustee-worker.ts';
import type { KeySource } from '../../../workers/trustee.worker.ts';
import { PaperBackup } from './paper-backup.tsx';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Where the seed waits between the ceremony's steps: this browser, sealed under the passphrase.
 * Step 1 keeps it as pending until the server accepts the certificate, then as the trustee's; a
 * second try (another tab, a lost answer) never overwrites the one whose certificate is on record.
 */
const seedSlot = (r: Round) => `bem-wali-kunci:${r.uuid}:${r.attempt}:${r.position}`;
const stored = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
/** The verification key a sealed seed was made for (its authenticated header). */
const sealedFor = (sealed: string) => (JSON.parse(sealed) as { publicKey?: string }).publicKey;
/** This trustee's verification key on record, once every certificate is in. */
const myCertKey = (r: Round) =>
  r.certs
    ? (
        JSON.parse((JSON.parse(r.certs[r.position - 1]!) as { message: string }).message) as {
          verification: string;
        }
      ).verification
    : undefined;
const readSealedSeed = (r: Round) => {
  const candidates = [stored(seedSlot(r)), stored(`${seedSlot(r)}:pending`)].filter(
    (x): x is string => x !== null,
  );
  const onRecord = myCertKey(r);
  if (onRecord === undefined) return candidates[0] ?? null;
  return candidates.find((c) => sealedFor(c) === onRecord) ?? null;
};

const messageOf = (err: unknown) =>
  err instanceof Error && err.message ? err.message : 'Terjadi kesalahan. Silakan coba lagi.';

/** This trustee's verification key on record (from their voutput). */
const verificationKeyOf = (r: Round) =>
  (JSON.parse(r.voutput!) as { public_key: { public_key: string } }).public_key.public_key;

/**
 * One piece of work in the trustee's worker, as every form here runs it: busy while it runs, its
 * progress announced, its failure shown, the trustee's data read again when it is done.
 */
function useTrusteeTask(id: string, worker: React.RefObject<TrusteeWorker | undefined>) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  async function run(task: (w: TrusteeWorker, progress: (text: string) => void) => Promise<void>) {
    const w = worker.current;
    if (!w) return setError('Peramban ini tidak dapat menjalankan perhitungan kunci.');
    setBusy(true);
    setError(undefined);
    try {
      await task(w, setProgress);
      await qc.invalidateQueries({ queryKey: ['trustees', id] });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setProgress(null);
      setBusy(false);
    }
  }
  return { busy, progress, error, setError, run };
}

/** The progress of work running in the worker, read to screen readers as it changes. */
function Progress({ text }: { text: string | null }) {
  return (
    <p role="status" aria-live="polite" className="field-hint">
      {text ?? ''}
    </p>
  );
}

/** The steps of the ceremony and where this trustee stands in each. */
function StepList({ round }: { round: Round }) {
  const order = ['certs', 'polynomials', 'voutputs', 'keycheck', 'ready'];
  const at = order.indexOf(round.phase);
  const mine = [round.done.cert, round.done.polynomial, round.done.voutput, round.done.keyChecked];
  // Done with this phase's step while others are not: nothing to do here until the next one.
  const waiting = at >= 0 && at < 3 && mine[at] === true;
  const list = useRef<HTMLOListElement>(null);
  const doneCount = mine.filter(Boolean).length;
  const seen = useRef(doneCount);
  // A step just finished (the form below it is gone, the page shorter): the list comes into view.
  useEffect(() => {
    if (doneCount > seen.current) list.current?.scrollIntoView({ block: 'nearest' });
    seen.current = doneCount;
  }, [doneCount]);
  const steps: [string, boolean, number][] = [
    ['Langkah 1: membuat kunci dan sertifikat', round.done.cert, 0],
    ['Langkah 2: membagikan bagian kunci', round.done.polynomial, 1],
    ['Langkah 3: memeriksa bagian kunci dan menyimpan berkas kunci', round.done.voutput, 2],
    ['Pemeriksaan berkas kunci', round.done.keyChecked, 3],
  ];
  return (
    <>
      <ol className="trustee-steps" ref={list}>
        {steps.map(([label, done, phase]) => (
          <li key={label} className={done ? 'done' : at === phase ? 'current' : 'waiting'}>
            <span>{label}</span>{' '}
            <strong>
              {done ? 'Selesai' : at === phase ? 'Giliran Anda' : at < phase ? 'Belum' : 'Menunggu'}
            </strong>
          </li>
        ))}
      </ol>
      {waiting ? (
        <p className="field-hint" role="status">
          Langkah Anda sudah selesai. Tunggu wali kunci lain menyelesaikan langkah yang sama; Anda
          menerima email saat giliran Anda berikutnya, dan halaman ini berubah sendiri.
        </p>
      ) : null}
    </>
  );
}

function PassphraseFields({
  confirm,
  error,
  onError,
  label = 'Kata sandi berkas kunci',
}: {
  confirm: boolean;
  error: string | undefined;
  onError: (e: string | undefined) => void;
  label?: string;
}) {
  return (
    <>
      <TextField
        label={label}
        name="passphrase"
        type="password"
        autoComplete={confirm ? 'new-password' : 'current-password'}
        required
        minLength={12}
        error={error}
        onChange={() => onError(undefined)}
        hint={
          confirm
            ? 'Minimal 12 karakter. Catat dan simpan kata sandi ini: tanpa kata sandi, berkas kunci tidak dapat dibuka, dan tidak ada yang dapat memulihkannya.'
            : 'Kata sandi yang Anda pilih pada langkah 1.'
        }
      />
      {confirm ? (
        <TextField
          label="Ulangi kata sandi berkas kunci"
          name="passphrase2"
          type="password"
          autoComplete="new-password"
          required
        />
      ) : null}
    </>
  );
}

/** Steps 1 to 3 of the ceremony, each done in the worker when it is the trustee's turn. */
type Saved = { keyFile: string; seed: string } | null;

function CeremonyStep({
  id,
  round,
  worker,
  saved,
  setSaved,
}: {
  id: string;
  round: Round;
  worker: React.RefObject<TrusteeWorker | undefined>;
  /** The key file and seed just made, shown until the trustee says both are kept. */
  saved: Saved;
  setSaved: (s: Saved) => void;
}) {
  const { busy, progress, error, run } = useTrusteeTask(id, worker);
  const [fieldError, setFieldError] = useState<string | undefined>();
  // This browser's storage is read once the page is the browser's own (not in the server's HTML).
  const sealedSeed = useHydrated() ? readSealedSeed(round) : null;
  const turn =
    round.phase === 'certs' && !round.done.cert
      ? 1
      : round.phase === 'polynomials' && !round.done.polynomial
        ? 2
        : round.phase === 'voutputs' && !round.done.voutput
          ? 3
          : 0;
  const needsFile = round.done.voutput && !round.done.keyChecked && !saved;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const passphrase = String(form.get('passphrase') ?? '');
    if (turn === 1) {
      const problem = passphraseProblem(passphrase);
      if (problem) return setFieldError(problem);
      if (passphrase !== String(form.get('passphrase2') ?? ''))
        return setFieldError('Kedua kata sandi tidak sama.');
    }
    await run(async (w, setProgress) => {
      if (turn === 1) {
        const made = await w.run<{ cert: string; sealedSeed: string }>(
          { type: 'begin', uuid: round.uuid, passphrase },
          setProgress,
        );
        window.localStorage.setItem(`${seedSlot(round)}:pending`, made.sealedSeed);
        setProgress('Mengirim sertifikat...');
        await submitCert(id, made.cert, round.attempt);
        window.localStorage.setItem(seedSlot(round), made.sealedSeed);
        window.localStorage.removeItem(`${seedSlot(round)}:pending`);
      } else if (turn === 2) {
        const made = await w.run<{ polynomial: string }>(
          {
            type: 'polynomial',
            passphrase,
            sealedSeed: sealedSeed!,
            certs: round.certs!,
            threshold: round.threshold,
          },
          setProgress,
        );
        setProgress('Mengirim bagian kunci yang terenkripsi...');
        await submitPolynomial(id, made.polynomial, round.attempt);
      } else {
        const request =
          turn === 3
            ? ({
                type: 'voutput',
                passphrase,
                sealedSeed: sealedSeed!,
                certs: round.certs!,
                vinput: round.vinput!,
                uuid: round.uuid,
              } as const)
            : ({
                type: 'rebuild',
                passphrase,
                sealedSeed: sealedSeed!,
                uuid: round.uuid,
                publicKey: verificationKeyOf(round),
                voutput: round.voutput!,
              } as const);
        const made = await w.run<{ voutput: string; keyFile: string; seed: string }>(
          request,
          setProgress,
        );
        if (turn === 3) {
          setProgress('Mengirim kunci verifikasi...');
          await submitVoutput(id, made.voutput, round.attempt);
        }
        setSaved({ keyFile: made.keyFile, seed: made.seed });
      }
    });
  }

  if (saved)
    return (
      <PaperBackup
        round={round}
        keyFile={saved.keyFile}
        seed={saved.seed}
        onDone={() => setSaved(null)}
      />
    );
  if (!turn && !needsFile) return null;
  if ((turn === 2 || turn === 3 || needsFile) && !sealedSeed)
    return needsFile ? null : (
      <Alert kind="error">
        Kunci sementara Anda tidak ada di peramban ini. Lanjutkan di peramban dan perangkat tempat
        Anda melakukan langkah 1. Bila tidak mungkin lagi, minta panitia memulai ulang upacara
        kunci.
      </Alert>
    );
  const title =
    turn === 1
      ? 'Langkah 1: buat kunci Anda'
      : turn === 2
        ? 'Langkah 2: bagikan bagian kunci'
        : turn === 3
          ? 'Langkah 3: periksa bagian kunci dan simpan berkas kunci'
          : 'Unduh lagi berkas kunci Anda';
  const form = (
    <form
      method="post"
      className="card form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-busy={busy}
    >
      <h2>{title}</h2>
      <p>
        {turn === 1
          ? 'Peramban Anda membuat kunci rahasia Anda sendiri. Kunci itu tidak pernah dikirim ke server: yang dikirim hanya sertifikat publiknya. Pilih kata sandi untuk melindungi kunci Anda.'
          : turn === 2
            ? 'Peramban Anda membuat bagian kunci untuk setiap wali kunci dan mengenkripsinya untuk penerimanya masing-masing. Server hanya meneruskannya.'
            : turn === 3
              ? 'Peramban Anda memeriksa setiap bagian kunci yang Anda terima, lalu menyusun kunci Anda dan menyimpannya dalam berkas kunci yang terkunci kata sandi.'
              : 'Berkas kunci Anda belum diperiksa. Bila belum sempat mengunduhnya, buat lagi dari kunci yang tersimpan di peramban ini.'}
      </p>
      <PassphraseFields
        confirm={turn === 1}
        error={fieldError}
        onError={setFieldError}
        label={turn ? undefined : 'Kata sandi langkah 1'}
      />
      <Progress text={busy ? progress : null} />
      {error ? <Alert kind="error">{error}</Alert> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy
          ? 'Sedang bekerja...'
          : turn === 1
            ? 'Buat Kunci Saya'
            : turn === 2
              ? 'Bagikan Bagian Kunci'
              : turn === 3
                ? 'Periksa dan Simpan Kunci'
                : 'Buat Lagi Berkas Kunci'}
      </button>
    </form>
  );
  return turn ? (
    form
  ) : (
    <details className="card">
      <summary>Belum menyimpan berkas kunci? Buat lagi dari peramban ini</summary>
      {form}
    </details>
  );
}

/** The trustee's key, from the key file and its passphrase or from the paper backup's code. */
function KeySourceFields({
  paper,
  onPaper,
}: {
  paper: boolean;
  onPaper: (paper: boolean) => void;
}) {
  return (
    <>
      <fieldset className="plain-fieldset">
        <legend>Sumber kunci</legend>
        <label className="check">
          <input type="radio" name="source" checked={!paper} onChange={() => onPaper(false)} />{' '}
          Memakai berkas kunci dan kata sandinya
        </label>
        <label className="check">
          <input type="radio" name="source" checked={paper} onChange={() => onPaper(true)} />{' '}
          Memakai kode cadangan kertas
        </label>
      </fieldset>
      {paper ? (
        <TextField
          label="Kode cadangan kertas"
          name="seed"
          autoComplete="off"
          spellCheck={false}
          required
          hint="22 huruf dan angka seperti tercetak pada cadangan kertas; spasi boleh."
        />
      ) : (
        <>
          <FileField
            label="Berkas kunci"
            name="keyFile"
            buttonLabel="Pilih Berkas Kunci"
            accept=".json,application/json"
            required
          />
          <TextField
            label="Kata sandi berkas kunci"
            name="passphrase"
            type="password"
            autoComplete="current-password"
            required
          />
        </>
      )}
    </>
  );
}

async function keySourceOf(form: FormData, paper: boolean): Promise<KeySource | string> {
  if (paper) return { kind: 'paper', seed: String(form.get('seed') ?? '') };
  const file = form.get('keyFile');
  if (!(file instanceof File) || file.size === 0) return 'Pilih berkas kunci Anda.';
  if (file.size > 100_000) return 'Berkas ini bukan berkas kunci wali kunci yang sah.';
  return { kind: 'file', keyFile: await file.text(), passphrase: String(form.get('passphrase')) };
}

/** The key check before lock: the key file opens, and proves it holds the key on record. */
function KeyCheck({
  id,
  round,
  worker,
}: {
  id: string;
  round: Round;
  worker: React.RefObject<TrusteeWorker | undefined>;
}) {
  const [paper, setPaper] = useState(false);
  const { busy, progress, error, setError, run } = useTrusteeTask(id, worker);
  if (!round.done.voutput || round.done.keyChecked) return null;
  if (round.phase === 'voutputs')
    return (
      <p className="card">
        Menunggu wali kunci lain menyelesaikan langkah 3. Setelah itu, periksa berkas kunci Anda di
        sini.
      </p>
    );

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const source = await keySourceOf(new FormData(e.currentTarget), paper);
    if (typeof source === 'string') return setError(source);
    await run(async (w, setProgress) => {
      const { proof } = await w.run<{ proof: { challenge: string; response: string } }>(
        {
          type: 'keycheck',
          source,
          uuid: round.uuid,
          publicKey: verificationKeyOf(round),
          voutput: round.voutput!,
          nonce: round.keyCheckNonce,
        },
        setProgress,
      );
      setProgress('Mengirim bukti...');
      await submitKeyCheck(id, proof);
      // The key file and the paper backup are the copies now: the browser forgets its own.
      window.localStorage.removeItem(seedSlot(round));
      window.localStorage.removeItem(`${seedSlot(round)}:pending`);
    });
  }

  return (
    <form
      method="post"
      className="card form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-busy={busy}
    >
      <h2>Periksa berkas kunci Anda</h2>
      <p>
        Pemilihan baru dapat dikunci setelah setiap wali kunci membuktikan bahwa berkas kuncinya
        terbuka dengan kata sandinya. Muat berkas yang tadi Anda unduh.
      </p>
      <KeySourceFields paper={paper} onPaper={setPaper} />
      <Progress text={busy ? progress : null} />
      {error ? <Alert kind="error">{error}</Alert> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Sedang memeriksa...' : 'Periksa Berkas Kunci'}
      </button>
    </form>
  );
}

/** Decryption after close: the browser recomputes the tally from the public ballots and decrypts it. */
function DecryptionStep({
  id,
  round,
  worker,
}: {
  id: string;
  round: Round;
  worker: React.RefObject<TrusteeWorker | undefined>;
}) {
  const status = useDecryption(id, round.locked);
  const [paper, setPaper] = useState(false);
  const { busy, progress, error, setError, run } = useTrusteeTask(id, worker);
  const [sent, setSent] = useState<number | null>(null);
  if (!round.locked) return null;
  if (status.isPending) return <p role="status">Memuat status dekripsi...</p>;
  if (status.isError) return <Alert kind="error">{status.error.message}</Alert>;
  const d = status.data;
  const done = d.trustees.filter((t) => t.decrypted).length;
  const mine = d.trustees.find((t) => t.position === round.position);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const source = await keySourceOf(new FormData(e.currentTarget), paper);
    if (typeof source === 'string') return setError(source);
    await run(async (w, setProgress) => {
      setProgress('Mengunduh rekaman publik pemilihan...');
      const res = await request(`/api/elections/${encodeURIComponent(id)}/record`);
      const record = await res.arrayBuffer();
      const made = await w.run<{ partialDecryption: string; ballots: number }>(
        {
          type: 'decrypt',
          source,
          uuid: round.uuid,
          position: round.position,
          publicKey: verificationKeyOf(round),
          voutput: round.voutput!,
          record,
        },
        setProgress,
      );
      setProgress('Mengirim dekripsi parsial beserta buktinya...');
      await submitDecryption(id, made.partialDecryption);
      setSent(made.ballots);
    });
  }

  return (
    <section className="card" aria-labelledby="dekripsi">
      <h2 id="dekripsi">Membuka hasil pemilihan</h2>
      {!d.tallied ? (
        <p>
          Dekripsi dilakukan setelah pemungutan suara ditutup. Anda akan menerima email saat giliran
          Anda tiba.
        </p>
      ) : d.resultReady ? (
        <Alert kind="success">
          Hasil pemilihan sudah dibuka oleh {done} wali kunci dan tercatat dalam rekaman publik.
        </Alert>
      ) : (
        <p>
          {done} dari {d.threshold} dekripsi yang dibutuhkan sudah masuk
          {d.threshold - done > 0 ? `; masih kurang ${d.threshold - done}` : ''}. Tally yang
          didekripsi memuat {d.numTallied} surat suara.
        </p>
      )}
      {sent !== null ? (
        <Alert kind="success">
          Dekripsi parsial Anda atas tally {sent} surat suara diterima dan buktinya sah.
        </Alert>
      ) : null}
      {d.tallied && !d.resultReady && mine && !mine.decrypted ? (
        <form
          method="post"
          className="form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          aria-busy={busy}
        >
          <p>
            Peramban Anda mengunduh surat suara publik, menghitung ulang tally terenkripsinya
            sendiri (tidak memakai jumlah dari server), lalu mendekripsinya dengan kunci Anda.
          </p>
          <KeySourceFields paper={paper} onPaper={setPaper} />
          <Progress text={busy ? progress : null} />
          {error ? <Alert kind="error">{error}</Alert> : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sedang mendekripsi...' : 'Dekripsi Tally'}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** /wali-kunci/{eventId}: a trustee's own steps, from the ceremony to the decryption. */
export function TrusteeScreen({ id }: { id: string }) {
  const round = useRound(id);
  const ceremony = useCeremony(id);
  const worker = useTrusteeWorker();
  const [saved, setSaved] = useState<Saved>(null);
  if (round.isPending) return <p role="status">Memuat...</p>;
  if (round.isError)
    return (
      <>
        <h1>Wali Kunci</h1>
        <Alert kind="error">{round.error.message}</Alert>
      </>
    );
  const r = round.data;
  const n = r.trusteeCount;
  return (
    <>
      <p className="field-hint">Wali Kunci</p>
      <h1>{r.electionTitle}</h1>
      <p>
        Anda wali kunci ke-{r.position} dari {n}. Setiap {r.threshold} dari {n} wali kunci
        bersama-sama dapat membuka hasil pemilihan; tidak ada yang dapat membukanya sendirian,
        termasuk server.
      </p>
      {!r.locked ? <StepList round={r} /> : null}
      {!r.locked && r.done.keyChecked ? (
        <Alert kind="success">
          Berkas kunci Anda cocok. Simpan berkas kunci dan cadangan kertasnya sampai hasil pemilihan
          dibuka.
        </Alert>
      ) : null}
      {!r.locked && r.done.cert && !r.done.keyChecked && ceremony.data?.ceremony ? (
        <p className="field-hint">
          Kemajuan upacara:{' '}
          {ceremony.data.ceremony.trustees
            .map(
              (t) =>
                `${t.namaLengkap} (${t.keyChecked ? 'berkas diperiksa' : t.voutput ? 'langkah 3 selesai' : t.polynomial ? 'langkah 2 selesai' : t.cert ? 'langkah 1 selesai' : 'belum mulai'})`,
            )
            .join(', ')}
          .
        </p>
      ) : null}
      {!r.locked ? (
        <CeremonyStep id={id} round={r} worker={worker} saved={saved} setSaved={setSaved} />
      ) : null}
      {!r.locked && !saved ? <KeyCheck id={id} round={r} worker={worker} /> : null}
      <DecryptionStep id={id} round={r} worker={worker} />
    </>
  );
}
