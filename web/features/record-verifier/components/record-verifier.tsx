import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useShownForm } from '../../../lib/register-shown.ts';
import { useSearchParams } from 'react-router';
import type { Report } from '../../../../shared/crypto/verify/verify-record.ts';
import { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { TableWrap } from '../../../components/table-wrap.tsx';
import { useRecordVerifier, type VerifyInput } from '../hooks/use-record-verifier.ts';

const MAX_BYTES = 512 * 1024 * 1024;

const formSchema = z
  .object({
    url: z.string().trim(),
    file: z.custom<FileList>().optional(),
    snapshots: z.custom<FileList>().optional(),
    audited: z.custom<FileList>().optional(),
    credentialCount: z.string().trim().regex(/^\d*$/, { error: 'Isi dengan angka.' }),
    credentialFingerprint: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    const hasFile = (v.file?.length ?? 0) > 0;
    if (!hasFile && !v.url) {
      ctx.addIssue({
        code: 'custom',
        path: ['file'],
        message: 'Pilih berkas rekaman atau isi alamatnya.',
      });
    }
    if (hasFile && v.url) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'Pilih salah satu: berkas atau alamat.',
      });
    }
    if (hasFile && !v.file![0]!.name.endsWith('.bel')) {
      ctx.addIssue({
        code: 'custom',
        path: ['file'],
        message: 'Berkas rekaman harus berakhiran .bel.',
      });
    }
    if (Boolean(v.credentialCount) !== Boolean(v.credentialFingerprint)) {
      ctx.addIssue({
        code: 'custom',
        path: ['credentialFingerprint'],
        message: 'Isi jumlah dan sidik kredensial bersama, atau kosongkan keduanya.',
      });
    }
  });
type Values = z.input<typeof formSchema>;

async function fetchRecord(url: string): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit' });
  } catch {
    throw new Error(
      'Rekaman tidak dapat diambil dari alamat itu. Peramban hanya boleh mengambil rekaman dari situs ini; untuk rekaman dari tempat lain, unduh berkasnya lalu pilih berkas itu.',
    );
  }
  if (!response.ok) throw new Error(`Rekaman tidak dapat diambil (HTTP ${response.status}).`);
  return response.arrayBuffer();
}

/**
 * The list of opened ballots beside a record of this site (`…/record` → `…/record/audited`);
 * none for a record elsewhere or an older server.
 */
async function fetchAudited(url: string): Promise<string | undefined> {
  if (!/\/record\/?$/.test(url)) return undefined;
  try {
    const response = await fetch(`${url.replace(/\/$/, '')}/audited`, { credentials: 'omit' });
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

async function readFile(file: File): Promise<ArrayBuffer> {
  if (file.size > MAX_BYTES) throw new Error('Berkas rekaman terlalu besar (maksimal 512 MB).');
  return file.arrayBuffer();
}

/** /verifikasi: checks an election record in this browser, with the same code as the CLI. */
export function RecordVerifier() {
  const { state, verify } = useRecordVerifier();
  const [params] = useSearchParams();
  const started = useRef(false);
  const { register, handleSubmit, formState } = useShownForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { url: params.get('url') ?? '', credentialCount: '', credentialFingerprint: '' },
  });
  const e = formState.errors;

  // A link such as /verifikasi?url=/api/… starts at once.
  useEffect(() => {
    const url = params.get('url');
    if (!url || started.current) return;
    started.current = true;
    void verify({ source: url, load: () => fetchRecord(url), audited: () => fetchAudited(url) });
  }, [params, verify]);

  const onSubmit = handleSubmit(async (v) => {
    const file = v.file?.[0];
    const list = v.audited?.[0];
    const input: VerifyInput = file
      ? { source: file.name, load: () => readFile(file) }
      : { source: v.url, load: () => fetchRecord(v.url), audited: () => fetchAudited(v.url) };
    if (list) input.audited = async () => new TextDecoder().decode(await readFile(list));
    if (v.snapshots?.length) input.snapshots = await Promise.all([...v.snapshots].map(readFile));
    if (v.credentialCount) {
      input.credentials = {
        count: Number(v.credentialCount),
        fingerprint: v.credentialFingerprint,
      };
    }
    await verify(input);
  });

  const busy = state.phase === 'loading' || state.phase === 'checking';
  return (
    <>
      <form
        method="post"
        className="card verifier-form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby="verifier-help"
      >
        <p id="verifier-help" className="field-hint">
          Pilih berkas rekaman (<code>.bel</code>) yang Anda unduh dari halaman hasil, atau isi
          alamat rekaman di situs ini. Pemeriksaan berjalan di peramban Anda; tidak ada yang dikirim
          ke server.
        </p>
        <div className="field">
          <label htmlFor="record-file">Berkas rekaman</label>
          <input
            id="record-file"
            type="file"
            accept=".bel,application/x-tar"
            aria-invalid={e.file ? true : undefined}
            aria-describedby={e.file ? 'record-file-error' : undefined}
            {...register('file')}
          />
          {e.file ? (
            <p className="field-error" id="record-file-error" role="alert">
              {e.file.message}
            </p>
          ) : null}
        </div>
        <TextField
          label="Alamat rekaman"
          type="url"
          inputMode="url"
          placeholder="/api/pemilihan/…/rekaman"
          error={e.url?.message}
          {...register('url')}
        />
        <details className="verifier-extra">
          <summary>Pembanding (opsional)</summary>
          <div className="field">
            <label htmlFor="record-snapshots">Salinan rekaman sebelumnya</label>
            <input
              id="record-snapshots"
              type="file"
              accept=".bel"
              multiple
              {...register('snapshots')}
            />
            <p className="field-hint">
              Salinan yang Anda simpan selama pemungutan suara: rekaman ini harus memuat semuanya
              tanpa perubahan.
            </p>
          </div>
          <div className="field">
            <label htmlFor="record-audited">Daftar surat suara yang diperiksa</label>
            <input
              id="record-audited"
              type="file"
              accept=".json,application/json"
              aria-describedby="record-audited-hint"
              {...register('audited')}
            />
            <p className="field-hint" id="record-audited-hint">
              Berkas <code>.audited.json</code> dari kotak suara publik: setiap surat suara yang
              dibuka pemilihnya harus terbuka sesuai isinya dan tidak ikut dihitung. Untuk alamat
              rekaman di situs ini, daftarnya diambil sendiri.
            </p>
          </div>
          <TextField
            label="Jumlah kredensial yang diumumkan"
            inputMode="numeric"
            error={e.credentialCount?.message}
            {...register('credentialCount')}
          />
          <TextField
            label="Sidik kredensial yang diumumkan"
            error={e.credentialFingerprint?.message}
            hint="Diumumkan panitia saat pemilihan dikunci."
            {...register('credentialFingerprint')}
          />
        </details>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Memeriksa…' : 'Periksa Rekaman'}
        </button>
      </form>
      <VerifierStatus state={state} />
    </>
  );
}

function VerifierStatus({ state }: { state: ReturnType<typeof useRecordVerifier>['state'] }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'error') return <Alert kind="error">{state.message}</Alert>;
  if (state.phase === 'loading') return <p role="status">Mengambil rekaman {state.source}…</p>;
  if (state.phase === 'checking') {
    return (
      <div role="status" className="verifier-progress">
        <p>
          {state.total
            ? `Memeriksa surat suara ${state.done} dari ${state.total}…`
            : 'Memeriksa arsip, parameter dan kunci…'}
        </p>
        <progress max={state.total || 1} value={state.done} aria-label="Kemajuan pemeriksaan" />
      </div>
    );
  }
  return <VerifierReport report={state.report} source={state.source} seconds={state.seconds} />;
}

function VerifierReport({
  report,
  source,
  seconds,
}: {
  report: Report;
  source: string;
  seconds: number;
}) {
  return (
    <section className="verifier-report" aria-labelledby="verifier-report-title">
      <h2 id="verifier-report-title">Hasil pemeriksaan</h2>
      {report.ok ? (
        <Alert kind="success">
          Rekaman pemilihan SAH: semua {report.checks.length} pemeriksaan lulus ({source},{' '}
          {seconds.toFixed(1)} detik).
        </Alert>
      ) : (
        <Alert kind="error">
          Rekaman pemilihan TIDAK SAH: gagal pada “{report.failure?.label}” —{' '}
          {report.failure?.detail}
        </Alert>
      )}
      <ol className="verifier-checks">
        {report.checks.map((c) => (
          <li key={c.id} className={c.ok ? 'check-ok' : 'check-failed'}>
            <span aria-hidden="true">{c.ok ? '✓' : '✗'}</span>{' '}
            <strong>
              {c.label}
              <span className="visually-hidden">{c.ok ? ': lulus' : ': gagal'}</span>
            </strong>{' '}
            — {c.detail}
          </li>
        ))}
      </ol>
      {report.result && report.election ? (
        <>
          {report.election.questions.map((q, i) => {
            const counts = report.result![i]!;
            const labels = [...(q.blank ? ['Abstain (suara kosong)'] : []), ...q.answers];
            return (
              <TableWrap key={q.question} label={`Hasil: ${q.question}`}>
                <table className="table">
                  <caption>{q.question}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Pilihan</th>
                      <th scope="col">Suara</th>
                    </tr>
                  </thead>
                  <tbody>
                    {labels.map((label, j) => (
                      <tr key={label}>
                        <td>{label}</td>
                        <td>{counts[j]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            );
          })}
        </>
      ) : null}
      {report.head ? (
        <p className="field-hint">
          Hash kepala rekaman: <code className="break-all">{report.head}</code>. Simpan nilai ini
          untuk membandingkan salinan berikutnya.
        </p>
      ) : null}
    </section>
  );
}
