import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SelectField, TextAreaField } from '../../../components/form-field.tsx';
import { Link } from '../../../components/link.tsx';
import { TableWrap } from '../../../components/table-wrap.tsx';
import { paths } from '../../../config/paths.ts';
import {
  useCeremony,
  useDecryption,
  useRemindTrustees,
  useRestartCeremony,
  useStartCeremony,
  type Ceremony,
} from '../api/trustees.ts';

const ROLE = { panitia: 'Panitia', saksi: 'Saksi' } as const;

/**
 * What k of n means, in plain words, for the numbers on screen: phrasing content, so it can be a
 * field's hint (itself a paragraph) as well as a paragraph of its own.
 */
export function ThresholdMeaning({ k, n }: { k: number; n: number }) {
  // The result is lost once fewer than k can still open it: n - k + 1 lost keys.
  const lost = n - k + 1;
  return (
    <>
      Setiap <strong>{k}</strong> dari {n} wali kunci ini bersama-sama dapat membuka hasil
      pemilihan; kurang dari {k} orang tidak dapat membuka apa pun, server pun tidak.{' '}
      {lost === 1 ? (
        <>
          Bila <strong>satu</strong> orang saja kehilangan
        </>
      ) : (
        <>
          Bila <strong>{lost}</strong> orang atau lebih kehilangan
        </>
      )}{' '}
      berkas kunci dan cadangan kertasnya, hasil pemilihan tidak akan pernah dapat dibuka.
    </>
  );
}

function ThresholdSelect({
  n,
  value,
  onChange,
  error,
}: {
  n: number;
  value: number;
  onChange: (k: number) => void;
  error?: string | undefined;
}) {
  return (
    <SelectField
      label="Ambang (jumlah wali kunci yang dibutuhkan)"
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      error={error}
      hint={<ThresholdMeaning k={value} n={n} />}
      options={Array.from({ length: n - 1 }, (_, i) => i + 2).map((k) => ({
        value: String(k),
        label: `${k} dari ${n}${k === Math.floor(n / 2) + 1 ? ' (mayoritas, disarankan)' : ''}`,
      }))}
    />
  );
}

const mark = (done: boolean) => (done ? 'Selesai' : 'Belum');

function TrusteeTable({ c }: { c: NonNullable<Ceremony['ceremony']> }) {
  return (
    <TableWrap label="Kemajuan wali kunci">
      <table className="table">
        <caption className="visually-hidden">Kemajuan setiap wali kunci</caption>
        <thead>
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Nama</th>
            <th scope="col">Peran</th>
            <th scope="col">Langkah 1</th>
            <th scope="col">Langkah 2</th>
            <th scope="col">Langkah 3</th>
            <th scope="col">Berkas diperiksa</th>
          </tr>
        </thead>
        <tbody>
          {c.trustees.map((t) => (
            <tr key={t.position}>
              <td>{t.position}</td>
              <th scope="row">{t.namaLengkap}</th>
              <td>{ROLE[t.role]}</td>
              <td>{mark(t.cert)}</td>
              <td>{mark(t.polynomial)}</td>
              <td>{mark(t.voutput)}</td>
              <td>{mark(t.keyChecked)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

const PHASE_TEXT = {
  certs: 'Langkah 1: setiap wali kunci membuat kunci dan sertifikatnya.',
  polynomials: 'Langkah 2: setiap wali kunci membagikan bagian kunci.',
  voutputs: 'Langkah 3: setiap wali kunci memeriksa bagiannya dan menyimpan berkas kunci.',
  keycheck: 'Upacara selesai. Menunggu setiap wali kunci memeriksa berkas kuncinya.',
  ready: 'Upacara kunci selesai dan setiap berkas kunci sudah diperiksa: pemilihan dapat dikunci.',
} as const;

function StartCeremony({ id, data }: { id: string; data: Ceremony }) {
  const n = data.prospective.length;
  const [k, setK] = useState(data.defaultThreshold);
  const [confirming, setConfirming] = useState(false);
  const start = useStartCeremony(id);
  if (n < 2)
    return (
      <Alert kind="info">
        Upacara kunci memerlukan sedikitnya 2 wali kunci. Wali kunci adalah anggota panitia dan
        saksi setiap pasangan calon: undang saksi lebih dahulu di tab{' '}
        <Link to={`${paths.panitia(id)}/ringkasan#saksi-list`}>Ringkasan</Link>, bagian Saksi,
        tombol "Undang Saksi".
      </Alert>
    );
  return (
    <>
      <h3>Calon wali kunci</h3>
      <ul>
        {data.prospective.map((p) => (
          <li key={`${p.role}-${p.namaLengkap}`}>
            {p.namaLengkap} ({ROLE[p.role]})
          </li>
        ))}
      </ul>
      <ThresholdSelect n={n} value={Math.min(k, n)} onChange={setK} error={start.error?.message} />
      {data.canManage ? (
        <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
          Mulai Upacara Kunci
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Mulai upacara kunci?"
        confirmLabel="Ya, Mulai"
        busy={start.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => start.mutate(Math.min(k, n), { onSettled: () => setConfirming(false) })}
      >
        <p>
          {n} orang akan menjadi wali kunci dengan ambang {Math.min(k, n)}. Masing-masing menerima
          email untuk langkah 1. Anggota panitia atau saksi yang bergabung setelah ini tidak ikut,
          kecuali upacara dimulai ulang.
        </p>
      </ConfirmDialog>
    </>
  );
}

function RestartCeremony({ id, data }: { id: string; data: Ceremony }) {
  const n = data.prospective.length;
  const [open, setOpen] = useState(false);
  const [k, setK] = useState(data.defaultThreshold);
  const [alasan, setAlasan] = useState('');
  const restart = useRestartCeremony(id);
  if (!data.canManage || data.locked) return null;
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        Mulai Ulang Upacara
      </button>
      <ConfirmDialog
        open={open}
        title="Mulai ulang upacara kunci?"
        confirmLabel="Ya, Mulai Ulang"
        danger
        busy={restart.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          restart.mutate({ ambang: Math.min(k, n), alasan }, { onSuccess: () => setOpen(false) })
        }
      >
        <p>
          Semua langkah yang sudah dilakukan dibatalkan dan berkas kunci yang sudah dibuat tidak
          berlaku lagi. Setiap wali kunci mengulang dari langkah 1. Alasannya dicatat di Histori
          Aktivitas.
        </p>
        {n >= 2 ? <ThresholdSelect n={n} value={Math.min(k, n)} onChange={setK} /> : null}
        <TextAreaField
          label="Alasan memulai ulang"
          value={alasan}
          onChange={(e) => setAlasan(e.target.value)}
          error={restart.error?.message}
          rows={3}
          maxLength={500}
        />
      </ConfirmDialog>
    </>
  );
}

function Remind({ id }: { id: string }) {
  const remind = useRemindTrustees(id);
  return (
    <div aria-live="polite">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={remind.isPending}
        onClick={() => remind.mutate()}
      >
        Kirim Pengingat
      </button>
      {remind.isSuccess ? (
        <Alert kind="success">Pengingat dikirim ke {remind.data.sent} wali kunci.</Alert>
      ) : null}
      {remind.error ? <Alert kind="error">{remind.error.message}</Alert> : null}
    </div>
  );
}

function DecryptionStatus({ id, canRemind }: { id: string; canRemind: boolean }) {
  const status = useDecryption(id, true);
  if (status.isPending) return <p role="status">Memuat status dekripsi...</p>;
  if (status.isError) return <Alert kind="error">{status.error.message}</Alert>;
  const d = status.data;
  const done = d.trustees.filter((t) => t.decrypted).length;
  return (
    <section aria-labelledby="status-dekripsi">
      <h3 id="status-dekripsi">Dekripsi hasil</h3>
      {!d.tallied ? (
        <p>Hasil dibuka oleh para wali kunci setelah pemungutan suara ditutup.</p>
      ) : d.resultReady ? (
        <Alert kind="success">Hasil pemilihan sudah dibuka oleh {done} wali kunci.</Alert>
      ) : (
        <p>
          Hasil belum tersedia: {done} dari {d.threshold} wali kunci yang dibutuhkan sudah
          mendekripsi; masih kurang {d.threshold - done}.
        </p>
      )}
      <ul>
        {d.trustees.map((t) => (
          <li key={t.position}>
            {t.namaLengkap} ({ROLE[t.role]}): {t.decrypted ? 'sudah mendekripsi' : 'belum'}
          </li>
        ))}
      </ul>
      {d.tallied && !d.resultReady && canRemind ? <Remind id={id} /> : null}
    </section>
  );
}

/** /panitia/{eventId}/wali-kunci: the trustees, the threshold, the ceremony and the decryption. */
export function CeremonyPanel({ id }: { id: string }) {
  const q = useCeremony(id);
  if (q.isPending) return <p role="status">Memuat...</p>;
  if (q.isError) return <Alert kind="error">{q.error.message}</Alert>;
  const data = q.data;
  const c = data.ceremony;
  return (
    <section className="card" aria-labelledby="wali-kunci">
      <h2 id="wali-kunci">Wali Kunci</h2>
      {!data.verifiable ? (
        <p>
          Pemilihan ini memakai surat suara lama tanpa enkripsi, sehingga tidak memiliki wali kunci.
        </p>
      ) : (
        <>
          <p>
            Kunci untuk membuka hasil pemilihan dibagi di antara anggota panitia dan saksi setiap
            pasangan calon. Masing-masing membuat bagiannya di perambannya sendiri; server tidak
            pernah memegang kunci itu secara utuh.
          </p>
          {c ? (
            <>
              <p>
                <strong>
                  {data.locked
                    ? 'Pemilihan sudah dikunci dengan kunci para wali kunci.'
                    : PHASE_TEXT[c.phase]}
                </strong>{' '}
                Ambang: {c.threshold} dari {c.trustees.length}
                {c.attempt > 1 ? ` (percobaan ke-${c.attempt})` : ''}.
              </p>
              {data.drift ? (
                <Alert kind="error">
                  Wali kunci tidak lagi sama dengan panitia dan saksi pemilihan ini
                  {data.drift.left.length
                    ? ` (${data.drift.left.join(', ')} sudah tidak menjadi panitia atau saksi)`
                    : ''}
                  {data.drift.joined.length
                    ? ` (${data.drift.joined.join(', ')} bergabung setelah upacara dimulai)`
                    : ''}
                  . Pemilihan tidak dapat dikunci sebelum upacara dimulai ulang dengan orang-orang
                  yang sekarang.
                </Alert>
              ) : null}
              <p>
                <ThresholdMeaning k={c.threshold} n={c.trustees.length} />
              </p>
              <TrusteeTable c={c} />
              {data.myPosition !== null ? (
                <p>
                  <Link className="btn btn-primary" to={paths.waliKunci(id)}>
                    Buka Langkah Saya
                  </Link>
                </p>
              ) : null}
              {!data.locked && c.phase !== 'ready' && data.canManage ? <Remind id={id} /> : null}
              <RestartCeremony id={id} data={data} />
              {data.locked && c.completedAt ? (
                <DecryptionStatus id={id} canRemind={data.canRemind} />
              ) : null}
            </>
          ) : data.locked ? (
            <p>Pemilihan ini dikunci tanpa upacara kunci: hanya kunci server yang dipakai.</p>
          ) : (
            <StartCeremony id={id} data={data} />
          )}
        </>
      )}
    </section>
  );
}
