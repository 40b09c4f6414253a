import { useQuery } from '@tanstack/react-query';
import { overlapsQuery } from '../../api/queries.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { OverlapList } from './OverlapList.js';
import { OverlapMatrixView } from './OverlapMatrixView.js';

export function OverlapsPage() {
  const overlaps = useQuery(overlapsQuery());
  const live = overlaps.data?.items.filter((overlap) => overlap.kind === 'live') ?? [];
  const potential = overlaps.data?.items.filter((overlap) => overlap.kind === 'potential') ?? [];
  return (
    <>
      <h1>Overlaps</h1>
      {overlaps.isPending ? <Loading what="overlaps" retrying={overlaps.failureReason} /> : null}
      {overlaps.isError ? <ErrorNotice error={overlaps.error} what="the overlaps" /> : null}
      {overlaps.data && overlaps.data.items.length === 0 ? (
        <Empty>No two budgets select, or could select, the same pod.</Empty>
      ) : null}
      {overlaps.data && overlaps.data.items.length > 0 ? (
        <>
          <OverlapMatrixView overlaps={overlaps.data.items} />
          <h2>Sharing live pods ({live.length})</h2>
          {live.length === 0 ? (
            <p className="muted">No pod is selected by more than one budget.</p>
          ) : (
            <OverlapList overlaps={live} />
          )}
          <h2>Could share a pod ({potential.length})</h2>
          {potential.length === 0 ? (
            <p className="muted">No selectors could match a common pod.</p>
          ) : (
            <OverlapList overlaps={potential} />
          )}
        </>
      ) : null}
    </>
  );
}
