import { SaveCodeButtons } from '../../../components/save-code-buttons.tsx';

/**
 * The lock dialog's step for a verifiable election: the Kode Pemulihan Kredensial made in this
 * browser, to save before locking. With it, and only with it, a voter's lost credential can be
 * sent again; the server keeps only copies sealed under it.
 */
export function RecoveryCodeStep({
  code,
  title,
  saved,
  onSaved,
}: {
  code: string;
  title: string;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const fileText = () =>
    [
      `Kode Pemulihan Kredensial pemilihan "${title}"`,
      code,
      '',
      'Dengan kode ini panitia dapat mengirim ulang kredensial pemilih yang kehilangan emailnya',
      '(tab Pemilih, "Kirim Ulang"). Server tidak menyimpan kode ini. Jangan bagikan kepada pemilih.',
      '',
    ].join('\n');
  return (
    <div className="recovery-step">
      <h3>Kode Pemulihan Kredensial</h3>
      <p>
        Saat dikunci, setiap pemilih menerima kredensialnya lewat email, lalu server menghapusnya.
        Bila seorang pemilih kehilangan email itu, panitia dapat mengirim ulang kredensialnya hanya
        dengan kode ini. Server tidak menyimpan kode ini: unduh atau catat, simpan di tempat aman,
        dan jangan bagikan kepada pemilih.
      </p>
      <p className="dialog-tracker" data-testid="kode-pemulihan">
        {/* Written down by hand: a group never breaks in the middle, only after its dash. */}
        <code>
          {code.split('-').map((group, i, all) => (
            <span key={i} className="code-group">
              {group}
              {i < all.length - 1 ? '-' : ''}
              <wbr />
            </span>
          ))}
        </code>
      </p>
      <SaveCodeButtons
        code={code}
        copiedMessage="Kode pemulihan disalin."
        filename="kode-pemulihan-kredensial.txt"
        fileText={fileText}
      />
      <label className="check">
        <input type="checkbox" checked={saved} onChange={(e) => onSaved(e.target.checked)} /> Saya
        sudah menyimpan Kode Pemulihan ini.
      </label>
    </div>
  );
}
