import { useMemo, useState } from 'react';
import { podFilterKeys, podHref } from '../../app/paths.js';
import { useSimulateEviction } from '../../api/use-simulate-eviction.js';
import { DecisionRegion } from '../../components/DecisionRegion.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { VirtualGrid } from '../../components/VirtualGrid.js';
import { formatCount } from '../../components/numbers.js';
import { useDebounced } from '../../components/use-debounced.js';
import { useUrlFilters } from '../../components/url-filters.js';
import { podColumns } from './pod-columns.js';
import { podQueryOf } from './pods-filters.js';
import { PodsToolbar } from './PodsToolbar.js';
import { usePodPages } from './use-pod-pages.js';

/** How long typing must pause before the BFF is asked. */
const TYPING_DEBOUNCE_MS = 250;

/**
 * Every pod, with its budgets and whether evicting it now would be accepted: filtered and paged by
 * the BFF (150,000 pods are never in the browser at once), drawn by the virtualised grid, which
 * asks for the pages it scrolls to. Every count of the app that counts pods links here with its
 * filter, so the list shows what it counted.
 */
export function PodsPage() {
  const { filters, setFilter } = useUrlFilters(podFilterKeys);
  const { query, labelError } = podQueryOf(filters);
  // What is typed is asked for when the typing pauses; the lists' choices at once.
  const { text: typedText, labels: typedLabels, node: typedNode, ...chosen } = query;
  const text = useDebounced(typedText ?? '', TYPING_DEBOUNCE_MS);
  const labels = useDebounced(typedLabels ?? '', TYPING_DEBOUNCE_MS);
  const node = useDebounced(typedNode ?? '', TYPING_DEBOUNCE_MS);
  const asked = {
    ...chosen,
    ...(text === '' ? {} : { text }),
    ...(labels === '' ? {} : { labels }),
    ...(node === '' ? {} : { node }),
  };
  const [range, setRange] = useState({ first: 0, last: 0 });
  const pods = usePodPages(asked, range);
  const simulate = useSimulateEviction();
  const { mutate, isPending } = simulate;
  const columns = useMemo(
    () => podColumns({ onSimulate: (pod) => mutate(pod), busy: isPending }),
    [mutate, isPending],
  );

  return (
    <>
      <h1>Pods</h1>
      <PodsToolbar filters={filters} labelError={labelError} onChange={setFilter} />
      <DecisionRegion
        pending={simulate.isPending ? simulate.variables : undefined}
        step={simulate.data}
        error={simulate.error}
      />
      {pods.pending ? <Loading what="pods" retrying={pods.failureReason} /> : null}
      {pods.error !== null ? <ErrorNotice error={pods.error} what="the pods" /> : null}
      {pods.total !== undefined ? (
        <>
          <p className="muted" aria-live="polite">
            {pods.current
              ? `${formatCount(pods.total)} pod${pods.total === 1 ? '' : 's'}`
              : 'Counting pods…'}
          </p>
          {pods.total === 0 ? (
            <Empty>No pod matches these filters.</Empty>
          ) : (
            <VirtualGrid
              label="Pods"
              columns={columns}
              rows={pods.rows}
              count={pods.total}
              rowKey={(row) => `${row.namespace}/${row.name}`}
              rowHref={podHref}
              onRangeChange={(first, last) =>
                setRange((now) =>
                  now.first === first && now.last === last ? now : { first, last },
                )
              }
              rowHeight={36}
            />
          )}
        </>
      ) : null}
    </>
  );
}
