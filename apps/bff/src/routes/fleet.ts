import { apiRoutes } from '@pdbscope/shared/api';
import type { FleetReader } from '../fleet/fleet-reader.js';
import { HttpProblem } from '../http/problem.js';
import { serve, type ServedRoute } from './table.js';

const notConfigured = () =>
  new HttpProblem(
    404,
    'the fleet view is not configured: start pdbscope with --fleet-prometheus URL (a Prometheus that scrapes every cluster)',
  );

/**
 * GET /api/fleet and GET /api/fleet/clusters/{cluster}/budgets: 404 without --fleet-prometheus.
 * Prometheus' failures are in the answer (200), beside the figures that could be read.
 */
export function fleetRoutes(reader: FleetReader | undefined): ServedRoute[] {
  return [
    serve(apiRoutes.fleet, async (call) => {
      if (!reader) throw notConfigured();
      call.send(await reader.fleet());
    }),
    serve(apiRoutes.fleetBudgets, async (call) => {
      if (!reader) throw notConfigured();
      call.send(await reader.budgets(call.params().cluster));
    }),
  ];
}
