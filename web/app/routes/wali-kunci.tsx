import { useParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { TrusteeScreen } from '../../features/trustees/components/trustee-screen.tsx';
import { RequireRole } from '../guards.tsx';

/** /wali-kunci/{eventId}: a trustee's own steps (committee members and witnesses). */
export function Component() {
  const { eventId = '' } = useParams();
  useDocumentTitle('Wali Kunci');
  return (
    <RequireRole need="signedIn" signInPath={paths.login}>
      <div className="container page">
        <TrusteeScreen id={eventId} />
      </div>
    </RequireRole>
  );
}
