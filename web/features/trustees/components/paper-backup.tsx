import { useEffect, useMemo, useState } from 'react';
import { sha256Hex } from '../../../../shared/crypto/hash.ts';
import type { Round } from '../api/trustees.ts';

/** The seed as printed: groups of four, easier to copy by hand and to type back. */
export const groupedSeed = (seed: string) => seed.match(/.{1,4}/g)!.join(' ');

/**
 * The end of step 3: the key file to download and the paper backup to print or copy by hand.
 * The trustee confirms both are kept before the screen moves on; the key file exists only here
 * (and in their download), never on the server.
 */
export function PaperBackup({
  round,
  keyFile,
  seed,
  onDone,
}: {
  round: Round;
  keyFile: string;
  seed: string;
  onDone: () => void;
}) {
  const [kept, setKept] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const href = useMemo(
    () => URL.createObjectURL(new Blob([keyFile], { type: 'application/json' })),
    [keyFile],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  const publicKey = (JSON.parse(keyFile) as { publicKey: string }).publicKey;
  const fileName = `kunci-wali-${round.position}-${round.uuid}.json`;
  return (
    <section className="card" aria-labelledby="simpan-kunci">
      <h2 id="simpan-kunci">Simpan kunci Anda</h2>
      <p>
        Kunci Anda sudah jadi. Simpan <strong>dua</strong> salinannya: berkas kunci (terkunci dengan
        kata sandi Anda) dan cadangan kertas. Bila keduanya hilang, bagian Anda tidak dapat dipakai
        untuk membuka hasil.
      </p>
      <p>
        <a
          className="btn btn-primary"
          href={href}
          download={fileName}
          onClick={() => setDownloaded(true)}
        >
          Unduh Berkas Kunci
        </a>
      </p>
      <div className="paper-backup" aria-labelledby="cadangan-kertas">
        <h3 id="cadangan-kertas">Cadangan Kertas Kunci Wali</h3>
        <dl>
          <dt>Pemilihan</dt>
          <dd>{round.electionTitle}</dd>
          <dt>Kode pemilihan</dt>
          <dd>{round.uuid}</dd>
          <dt>Wali kunci ke</dt>
          <dd>{round.position}</dd>
          <dt>Kode cadangan</dt>
          <dd>
            <code className="seed" aria-label={`Kode cadangan: ${[...seed].join(' ')}`}>
              {groupedSeed(seed)}
            </code>
          </dd>
          <dt>Sidik kunci verifikasi</dt>
          <dd>
            <code>{sha256Hex(publicKey).slice(0, 16)}</code>
          </dd>
        </dl>
        <p className="field-hint">
          Siapa pun yang memegang kode cadangan ini dapat memakai bagian kunci Anda. Simpan di
          tempat aman, terpisah dari berkas kunci, dan jangan difoto atau dikirim lewat pesan.
        </p>
      </div>
      <p>
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
          Cetak Cadangan Kertas
        </button>
      </p>
      <label className="check">
        <input type="checkbox" checked={kept} onChange={(e) => setKept(e.target.checked)} /> Saya
        sudah menyimpan berkas kunci dan cadangan kertasnya
      </label>
      {!downloaded ? (
        <p className="field-hint" id="belum-unduh">
          Unduh berkas kunci terlebih dahulu.
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!kept || !downloaded}
          aria-describedby={!downloaded ? 'belum-unduh' : undefined}
          onClick={onDone}
        >
          Lanjut ke Pemeriksaan Berkas
        </button>
      </p>
    </section>
  );
}
