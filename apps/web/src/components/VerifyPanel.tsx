import type { VerifyEvictionResponse } from '@pdbscope/shared/api';
import { describeError } from '../api/errors.js';
import { useVerifyEviction } from '../api/use-simulate-eviction.js';

function Answer({ title, status, message }: { title: string; status: number; message: string }) {
  return (
    <div className="card">
      <strong>{title}</strong>
      <p>
        HTTP {status}: <q>{message}</q>
      </p>
    </div>
  );
}

function Comparison({ result }: { result: VerifyEvictionResponse }) {
  return (
    <>
      <p className={result.agree ? 'notice good' : 'notice warn'}>
        {result.agree
          ? 'The API server agrees with pdbscope.'
          : 'The API server answered differently from pdbscope.'}
      </p>
      <div className="two-col">
        <Answer title="pdbscope" status={result.ours.httpStatus} message={result.ours.message} />
        <Answer
          title="API server (dryRun=All)"
          status={result.server.httpStatus}
          message={result.server.message}
        />
      </div>
    </>
  );
}

/** "Verify with the API server": the same eviction with dryRun=All, the server's answer beside ours. */
export function VerifyPanel({ pod }: { pod: string }) {
  const verify = useVerifyEviction();
  return (
    <div>
      <button type="button" onClick={() => verify.mutate(pod)} disabled={verify.isPending}>
        Verify with the API server
      </button>
      <div role="status" aria-label="Verification" aria-live="polite">
        {verify.isPending ? <p className="muted">Asking the API server (dryRun=All)…</p> : null}
        {verify.isError ? (
          <p className="notice bad">Verification failed. {describeError(verify.error)}</p>
        ) : null}
        {verify.data ? <Comparison result={verify.data} /> : null}
      </div>
    </div>
  );
}
