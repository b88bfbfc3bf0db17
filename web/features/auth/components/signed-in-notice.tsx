import { Link } from '../../../components/link.tsx';
import { landingPath, useMe } from '../api/get-me.ts';

/**
 * On a sign-in or registration page, for someone already signed in: who they are and the way to
 * their own page, so the form below is not mistaken for what they need (it still serves to switch
 * to another account).
 */
export function SignedInNotice({ action }: { action: 'masuk' | 'daftar' }) {
  const me = useMe();
  const user = me.data?.user;
  if (!user || !me.data) return null;
  return (
    <div className="alert alert-info signed-in-notice" role="status">
      <p>
        Anda sudah masuk sebagai <strong>{user.name}</strong> ({user.email}).{' '}
        {action === 'masuk'
          ? 'Isi formulir di bawah hanya untuk masuk dengan akun lain.'
          : 'Formulir di bawah membuat akun lain.'}
      </p>
      <Link className="btn btn-primary" to={landingPath(me.data)}>
        Ke halaman saya
      </Link>
    </div>
  );
}
