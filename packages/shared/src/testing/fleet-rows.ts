import type { FleetCluster } from '../api/fleet.js';

/** One cluster of GET /api/fleet as the BFF sends it: up, synced, nothing wrong unless overridden. */
export function fleetCluster(name: string, overrides: Partial<FleetCluster> = {}): FleetCluster {
  return {
    cluster: name,
    status: 'up',
    reason: 'pdbscope_ready is 1: scraped now, synced',
    lastScrapeAt: '2026-11-21T19:39:58.000Z',
    lastScrapeAgeSeconds: 2,
    url: null,
    urlFrom: null,
    budgets: 20,
    blocking: 0,
    blockingSince: null,
    overlappingBudgets: 0,
    podsWithMultipleBudgets: 0,
    podsWithoutBudget: 0,
    nodes: [],
    findings: [],
    blockingHistory: [],
    ...overrides,
  };
}
