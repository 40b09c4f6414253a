import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { useNow } from '../../components/time.js';
import { FleetProblems } from './FleetProblems.js';
import { FleetTable } from './FleetTable.js';
import { fleetQuery } from './fleet-queries.js';
import { nextFleetSort, readFleetSort, sortFleet, writeFleetSort } from './fleet-sort.js';
import './fleet.css';

/**
 * Every cluster whose pdbscope the fleet's Prometheus scrapes, the ones that need attention
 * first; each links to its own pdbscope, or to its budgets as Prometheus knows them.
 */
export function FleetPage() {
  const fleet = useQuery(fleetQuery());
  const [params, setParams] = useSearchParams();
  const sort = readFleetSort(params);
  const now = useNow(10_000);
  const clusters = fleet.data?.clusters;
  const rows = useMemo(() => (clusters ? sortFleet(clusters, sort) : []), [clusters, sort]);
  const data = fleet.data;
  return (
    <>
      <h1>Fleet</h1>
      {data ? (
        <p className="muted">
          Every cluster whose pdbscope <code>{data.prometheus}</code> scrapes, named by its{' '}
          <code>{data.label}</code> label; those seen within the last {data.lookback}. As of{' '}
          {new Date(data.at).toLocaleTimeString()}.
        </p>
      ) : null}
      {fleet.isPending ? <Loading what="the fleet" retrying={fleet.failureReason} /> : null}
      {fleet.isError ? <ErrorNotice error={fleet.error} what="the fleet" /> : null}
      {data ? (
        <>
          <FleetProblems errors={data.errors} warnings={data.warnings} />
          {data.clusters.length === 0 ? (
            <Empty>
              Prometheus has no pdbscope series within the last {data.lookback}. Is each
              cluster&apos;s pdbscope scraped, with a <code>{data.label}</code> label?
            </Empty>
          ) : (
            <FleetTable
              clusters={rows}
              history={data.history}
              sort={sort}
              now={now}
              onSort={(column) => setParams(writeFleetSort(nextFleetSort(sort, column)))}
            />
          )}
        </>
      ) : null}
    </>
  );
}
