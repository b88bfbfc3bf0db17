import { useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useResults } from '../../features/results/api/results.ts';
import { ResultsView } from '../../features/results/components/results-view.tsx';

/** /hasil/{eventId}: the results of an election, sealed until the polls close. */
export function Component() {
  useDocumentTitle('Hasil Pemilihan');
  const { eventId = '' } = useParams();
  const results = useResults(eventId);
  return (
    <div className="container page results-page">
      {results.isPending ? <p role="status">Memuat...</p> : null}
      {results.isError ? (
        <>
          <h1>Hasil Pemilihan</h1>
          {/* Closed, the trustees still decrypting: a state to wait for, not a failure. */}
          <Alert
            kind={
              results.error instanceof ApiError && results.error.code === 'AWAITING_DECRYPTION'
                ? 'info'
                : 'error'
            }
          >
            {results.error.message}
          </Alert>
        </>
      ) : null}
      {results.isSuccess ? <ResultsView data={results.data} /> : null}
    </div>
  );
}
