import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { takeCredentialFromLink } from '../../features/elections/credential-link.ts';
import { paths } from '../../config/paths.ts';
import { SignedInNotice } from '../../features/auth/components/signed-in-notice.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { CampusSsoButton, SsoError } from '../../features/auth/components/campus-sso.tsx';

/** /login-pemilih: sign-in for student voters. */
export function Component() {
  useDocumentTitle('Masuk Pemilih');
  const [params] = useSearchParams();
  // Sent here from a mailed ballot link while signed out: the server's redirect kept the link's
  // private credential after #. It is kept for this tab and taken out of the address at once; the
  // booth finds it after the sign-in.
  const booth = /^\/voting\/([^/?#]+)/.exec(params.get('lanjut') ?? '')?.[1];
  useEffect(() => {
    if (booth) takeCredentialFromLink(decodeURIComponent(booth));
  }, [booth]);
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Masuk Pemilih</h1>
        <p className="lead">Masuk dengan akun pemilih untuk mengikuti e-voting.</p>
        <SignedInNotice action="masuk" />
        <SsoError />
        <LoginForm
          registerLink={{ to: paths.registerPemilih, label: 'Belum punya akun? Daftar' }}
        />
        <CampusSsoButton back={paths.loginPemilih} />
      </div>
    </div>
  );
}
