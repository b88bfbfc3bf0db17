import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  currentPasswordField,
  passkeyNameField,
  totpCodeField,
} from '../../../../shared/schemas/second-factor.ts';
import { Alert } from '../../../components/alert.tsx';
import { useHydrated } from '../../../components/client-only.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { SaveCodeButtons } from '../../../components/save-code-buttons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { browserHasPasskeys, isPasskeyCancel } from '../../../lib/passkey.ts';
import {
  useAddPasskey,
  useConfirmAuthenticator,
  useDisableAuthenticator,
  useNewRecoveryCodes,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  useStartAuthenticator,
  type Passkey,
} from '../api/security.ts';

type Result = { kind: 'success' | 'error'; text: string } | undefined;

const messageOf = (err: unknown, fallback = 'Terjadi kesalahan. Silakan coba lagi.') =>
  err instanceof ApiError ? err.message : fallback;

/** The signed-in person's second factors, as /api/me tells them. */
export type SecondFactorState = {
  hold: readonly ('totp' | 'passkey')[];
  totpAllowed: boolean;
  totpEnabled: boolean;
};

const FACTOR_NAMES = { totp: 'aplikasi autentikator (2FA)', passkey: 'passkey' } as const;

/**
 * Keamanan Akun: the person's passkeys (everyone) and authenticator app (admins and committee
 * members). An admin held for a factor the master requires is told so here, the one screen open
 * to them until they add it.
 */
export function AccountSecurity({
  secondFactor,
  standalone = false,
}: {
  secondFactor: SecondFactorState;
  /** On its own page (whose h1 is "Keamanan Akun"), not a section of a profile. */
  standalone?: boolean;
}) {
  const hold = secondFactor.hold;
  return (
    <section
      className="card account-security"
      {...(standalone ? { 'aria-label': 'Keamanan Akun' } : { 'aria-labelledby': 'keamanan-akun' })}
    >
      {standalone ? null : <h2 id="keamanan-akun">Keamanan Akun</h2>}
      {hold.length ? (
        <Alert kind="error">
          Master admin mewajibkan {hold.map((f) => FACTOR_NAMES[f]).join(' dan ')} untuk setiap
          admin. Tambahkan di bawah ini untuk membuka area admin.
        </Alert>
      ) : null}
      <PasskeySection />
      {secondFactor.totpAllowed ? (
        <AuthenticatorSection enabled={secondFactor.totpEnabled} />
      ) : null}
    </section>
  );
}

/* ---------------------------------------------------------------- passkeys */

function PasskeySection() {
  const hydrated = useHydrated();
  const passkeys = usePasskeys(hydrated);
  const supported = hydrated && browserHasPasskeys();
  return (
    <div className="security-part" aria-labelledby="passkey-heading" role="group">
      <h3 id="passkey-heading">Passkey</h3>
      <p className="field-hint">
        Masuk tanpa kata sandi dengan sidik jari, wajah, PIN perangkat atau kunci keamanan. Passkey
        tidak dapat dicuri lewat situs palsu.
      </p>
      {!hydrated || passkeys.isPending ? (
        <p role="status">Memuat daftar passkey…</p>
      ) : passkeys.isError ? (
        <Alert kind="error">{passkeys.error.message}</Alert>
      ) : passkeys.data.length === 0 ? (
        <p>Belum ada passkey.</p>
      ) : (
        <ul className="passkey-list" aria-label="Daftar passkey">
          {passkeys.data.map((p) => (
            <PasskeyItem key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      {supported ? (
        <AddPasskeyForm />
      ) : hydrated ? (
        <p className="field-hint">Peramban ini belum mendukung passkey.</p>
      ) : null}
    </div>
  );
}

const passkeyLabel = (p: Passkey) => p.name?.trim() || 'Passkey tanpa nama';

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name ?? '');
  const [nameError, setNameError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<Result>();
  const label = passkeyLabel(passkey);

  const onRename = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = passkeyNameField.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    try {
      await rename.mutateAsync({ id: passkey.id, name: parsed.data });
      setEditing(false);
    } catch (err) {
      setNameError(messageOf(err));
    }
  };

  return (
    <li className="passkey-item">
      {editing ? (
        <form method="post" className="passkey-rename" onSubmit={onRename} noValidate>
          <TextField
            label={`Nama baru untuk ${label}`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            error={nameError}
          />
          <div className="page-actions">
            <button type="submit" className="btn btn-primary" disabled={rename.isPending}>
              {rename.isPending ? 'Menyimpan...' : 'Simpan Nama'}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setEditing(false)}>
              Batal
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className="passkey-info">
            <strong>{label}</strong>
            <span className="field-hint">
              {passkey.createdAt ? `Ditambahkan ${formatWib(passkey.createdAt)}` : null}
              {passkey.backedUp ? ' · tersinkron' : ''}
            </span>
          </div>
          <div className="passkey-actions">
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Ubah nama ${label}`}
              onClick={() => {
                setName(passkey.name ?? '');
                setEditing(true);
              }}
            >
              Ubah Nama
            </button>
            <button
              type="button"
              className="btn btn-danger"
              aria-label={`Hapus ${label}`}
              onClick={() => setConfirming(true)}
            >
              Hapus
            </button>
          </div>
        </>
      )}
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title="Hapus passkey?"
        confirmLabel="Ya, Hapus"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          void remove.mutateAsync(passkey.id).then(
            () => setConfirming(false),
            (err: unknown) => {
              setConfirming(false);
              setResult({ kind: 'error', text: messageOf(err) });
            },
          );
        }}
      >
        <p>
          Passkey &quot;{label}&quot; tidak dapat dipakai untuk masuk lagi. Hapus juga dari
          perangkat atau pengelola kata sandi Anda.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [result, setResult] = useState<Result>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(undefined);
    const parsed = passkeyNameField.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    try {
      await add.mutateAsync(parsed.data);
      setName('');
      setResult({ kind: 'success', text: 'Passkey berhasil ditambahkan.' });
    } catch (err) {
      if (isPasskeyCancel(err)) setResult({ kind: 'error', text: 'Pembuatan passkey dibatalkan.' });
      else if (err instanceof Error && err.name === 'InvalidStateError')
        setResult({ kind: 'error', text: 'Perangkat ini sudah punya passkey untuk akun Anda.' });
      else setResult({ kind: 'error', text: messageOf(err, 'Passkey gagal dibuat.') });
    }
  };

  return (
    <form method="post" className="add-passkey" onSubmit={onSubmit} noValidate>
      <TextField
        label="Nama Passkey"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={60}
        placeholder="mis. Laptop atau HP saya"
        hint="Agar Anda mengenali passkey ini di daftar."
        error={nameError}
      />
      <button type="submit" className="btn btn-primary" disabled={add.isPending}>
        {add.isPending ? 'Menunggu perangkat...' : 'Tambah Passkey'}
      </button>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
    </form>
  );
}

/* ------------------------------------------------------ authenticator app */

/** The secret of an otpauth:// URI, in groups of four for typing it into an app by hand. */
export function secretOf(totpURI: string) {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function AuthenticatorSection({ enabled }: { enabled: boolean }) {
  // Setting up: the URI and recovery codes of an enable not yet confirmed by a code.
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] }>();
  // Recovery codes to show once (after enabling, or new ones).
  const [codes, setCodes] = useState<string[]>();
  return (
    <div className="security-part" aria-labelledby="totp-heading" role="group">
      <h3 id="totp-heading">Aplikasi Autentikator (2FA)</h3>
      <p className="field-hint">
        Setelah kata sandi, masuk meminta kode 6 angka dari aplikasi seperti Google Authenticator,
        Microsoft Authenticator atau Aegis.
      </p>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      ) : setup ? (
        <ConfirmSetup
          setup={setup}
          onCancel={() => setSetup(undefined)}
          onConfirmed={() => {
            setCodes(setup.backupCodes);
            setSetup(undefined);
          }}
        />
      ) : enabled ? (
        <ManageAuthenticator onNewCodes={setCodes} />
      ) : (
        <StartAuthenticator onStarted={setSetup} />
      )}
    </div>
  );
}

function usePasswordField() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const check = () => {
    const parsed = currentPasswordField.safeParse(password);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success;
  };
  return { password, setPassword, error, setError, check };
}

function StartAuthenticator({
  onStarted,
}: {
  onStarted: (s: { totpURI: string; backupCodes: string[] }) => void;
}) {
  const start = useStartAuthenticator();
  const pw = usePasswordField();
  const [result, setResult] = useState<Result>();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(undefined);
    if (!pw.check()) return;
    try {
      onStarted(await start.mutateAsync(pw.password));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_PASSWORD') pw.setError(err.message);
      else setResult({ kind: 'error', text: messageOf(err) });
    }
  };
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      <p>Status: belum aktif.</p>
      <TextField
        label="Kata Sandi Akun"
        type="password"
        autoComplete="current-password"
        value={pw.password}
        onChange={(e) => pw.setPassword(e.target.value)}
        error={pw.error}
      />
      <button type="submit" className="btn btn-primary" disabled={start.isPending}>
        {start.isPending ? 'Memproses...' : 'Aktifkan Autentikator'}
      </button>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
    </form>
  );
}

function QrCode({ text }: { text: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (QR) => {
      const url = await QR.toDataURL(text, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img
      className="totp-qr"
      src={src}
      width={220}
      height={220}
      alt="Kode QR untuk aplikasi autentikator"
    />
  ) : (
    <p role="status">Membuat kode QR...</p>
  );
}

function ConfirmSetup({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: { totpURI: string; backupCodes: string[] };
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmAuthenticator();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const secretId = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.replace(/\s+/g, '');
    const parsed = totpCodeField.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await confirm.mutateAsync(value);
      onConfirmed();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="totp-setup">
      <ol className="totp-steps">
        <li>
          Pindai kode QR ini dengan aplikasi autentikator.
          <QrCode text={setup.totpURI} />
        </li>
        <li>
          Tidak bisa memindai? Ketik kunci rahasia ini di aplikasi (jenis: berbasis waktu):
          <code className="totp-secret" id={secretId}>
            {secretOf(setup.totpURI)}
          </code>
        </li>
        <li>Masukkan kode 6 angka yang muncul di aplikasi.</li>
      </ol>
      <TextField
        label="Kode Autentikator"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={8}
        error={error}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Memeriksa...' : 'Verifikasi dan Aktifkan'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Batal
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <div className="recovery-codes">
      <Alert kind="success">
        Autentikator aktif. Simpan kode pemulihan di bawah ini sekarang: kode ini hanya ditampilkan
        sekali, dan setiap kode hanya berlaku sekali untuk masuk bila ponsel Anda hilang.
      </Alert>
      <ul className="recovery-code-list" aria-label="Kode pemulihan">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <SaveCodeButtons
        code={text}
        copiedMessage="Kode pemulihan disalin."
        filename="kode-pemulihan-bem-poltek-nuklir.txt"
        fileText={() =>
          `Kode pemulihan 2FA BEM Poltek Nuklir\nSetiap kode hanya berlaku sekali.\n\n${text}\n`
        }
      >
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Saya Sudah Menyimpannya
        </button>
      </SaveCodeButtons>
    </div>
  );
}

function ManageAuthenticator({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const disable = useDisableAuthenticator();
  const regenerate = useNewRecoveryCodes();
  const pw = usePasswordField();
  const [result, setResult] = useState<Result>();
  const run = async (what: 'codes' | 'off') => {
    setResult(undefined);
    if (!pw.check()) return;
    try {
      if (what === 'codes') onNewCodes((await regenerate.mutateAsync(pw.password)).backupCodes);
      else {
        await disable.mutateAsync(pw.password);
        setResult({ kind: 'success', text: 'Autentikator dinonaktifkan.' });
      }
      pw.setPassword('');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_PASSWORD') pw.setError(err.message);
      else setResult({ kind: 'error', text: messageOf(err) });
    }
  };
  const busy = disable.isPending || regenerate.isPending;
  return (
    <form method="post" onSubmit={(e) => e.preventDefault()} noValidate>
      <p>
        Status: <strong>aktif</strong>. Kata sandi diperlukan untuk membuat kode pemulihan baru
        (kode lama tidak berlaku lagi) atau menonaktifkan autentikator.
      </p>
      <TextField
        label="Kata Sandi Akun"
        type="password"
        autoComplete="current-password"
        value={pw.password}
        onChange={(e) => pw.setPassword(e.target.value)}
        error={pw.error}
      />
      <div className="page-actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => void run('codes')}
        >
          Buat Ulang Kode Pemulihan
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={() => void run('off')}
        >
          Nonaktifkan Autentikator
        </button>
      </div>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
    </form>
  );
}
