import { ApiError } from '../../../lib/api-error.ts';
import { useAuditChain } from '../api/activity.ts';
import '../../../styles/admin.css';
import { idNumberFormat } from '../../../lib/number-format.ts';

const SHOWN_PROBLEMS = 20;
const number = idNumberFormat();

/** Whether the whole hash chain of the log verifies: "Rantai log utuh", or the problems found. */
export function ChainStatus() {
  const chain = useAuditChain();
  if (chain.isPending)
    return (
      <div className="chain-status" role="status">
        Memeriksa rantai log...
      </div>
    );
  if (chain.isError)
    return (
      <div className="chain-status chain-bad" role="alert">
        {chain.error instanceof ApiError
          ? chain.error.message
          : 'Rantai log tidak dapat diperiksa. Muat ulang halaman untuk mencoba lagi.'}
      </div>
    );
  const c = chain.data;
  if (c.ok)
    return (
      <div className="chain-status chain-ok" role="status">
        <strong>Rantai log utuh</strong>
        <span>
          {number.format(c.entries)} entri diperiksa ulang; setiap entri tersambung ke entri
          sebelumnya dan isinya cocok dengan hash-nya.
        </span>
        {c.entries ? (
          <span className="chain-head">
            Kepala rantai: <code className="hash">{c.head}</code>
          </span>
        ) : null}
      </div>
    );
  return (
    <div className="chain-status chain-bad" role="alert">
      <strong>Rantai log tidak utuh</strong>
      <span>
        Dari {number.format(c.entries)} entri, ditemukan {number.format(c.problems.length)} masalah.
        Log mungkin telah diubah di luar aplikasi; laporkan ke admin master.
      </span>
      <ul>
        {c.problems.slice(0, SHOWN_PROBLEMS).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {c.problems.length > SHOWN_PROBLEMS ? (
        <span>dan {number.format(c.problems.length - SHOWN_PROBLEMS)} masalah lainnya.</span>
      ) : null}
    </div>
  );
}
