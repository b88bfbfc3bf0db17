import { useState, type FormEvent } from 'react';
import type { SecuritySettings } from '../../../../shared/site.ts';
import { Alert } from '../../../components/alert.tsx';
import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/security-settings.ts';

function SecurityForm({ saved }: { saved: SecuritySettings }) {
  const save = useSaveSecuritySettings();
  const [values, setValues] = useState(saved);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(undefined);
    try {
      await save.mutateAsync(values);
      setResult({ kind: 'success', text: 'Pengaturan keamanan admin disimpan.' });
    } catch (err) {
      setResult({
        kind: 'error',
        text: err instanceof ApiError ? err.message : 'Gagal menyimpan. Silakan coba lagi.',
      });
    }
  };
  const toggle = (key: keyof SecuritySettings) => (
    <input
      type="checkbox"
      checked={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.target.checked })}
    />
  );
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      <div className="field check-field">
        <label>{toggle('requireTotpForAdmins')} Wajibkan 2FA untuk admin</label>
        <p className="field-hint">
          Setiap admin harus memakai aplikasi autentikator (kode 6 angka).
        </p>
      </div>
      <div className="field check-field">
        <label>{toggle('requirePasskeyForAdmins')} Wajibkan passkey untuk admin</label>
        <p className="field-hint">
          Setiap admin harus mendaftarkan minimal satu passkey, lalu hanya dapat masuk dengan
          passkey (kata sandi saja ditolak).
        </p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? 'Menyimpan...' : 'Simpan Pengaturan Keamanan'}
      </button>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
    </form>
  );
}

/**
 * Keamanan Admin on the master's dashboard: what every admin must have besides the password. An
 * admin without it is held on Keamanan Akun after signing in until they add it; the master must
 * have it first (the server refuses otherwise).
 */
export function SecuritySection() {
  const settings = useSecuritySettings();
  return (
    <section className="card dashboard-section" aria-labelledby="keamanan-admin">
      <h2 id="keamanan-admin">Keamanan Admin</h2>
      <p className="field-hint">
        Aktifkan dulu untuk akun Anda sendiri di <Link to={paths.keamananAkun}>Keamanan Akun</Link>.
        Admin yang kehilangan perangkatnya dapat direset dari Kelola Admin.
      </p>
      {settings.isPending ? <p role="status">Memuat...</p> : null}
      {settings.isError ? <Alert kind="error">{settings.error.message}</Alert> : null}
      {settings.data ? <SecurityForm saved={settings.data} /> : null}
    </section>
  );
}
