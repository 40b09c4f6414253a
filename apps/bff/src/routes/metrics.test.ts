import { pdbRow } from '@pdbscope/shared/testing';
import { ManualClock } from '@pdbscope/sim/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServedApps, request, serveApp } from '../__fixtures__/serve-app.js';
import { createBffMetrics } from '../metrics/bff-metrics.js';

afterEach(closeServedApps);

const TOKEN = 'a-token-of-twenty-chars';

function registry() {
  return createBffMetrics({
    rows: () => [pdbRow('data', 'zookeeper')],
    analysis: () => undefined,
    sources: () => [],
    ready: () => true,
    sseClients: () => 0,
    analysisMs: () => undefined,
    clock: new ManualClock('2026-11-21T19:40:00Z'),
    processMetrics: false,
  }).exposition;
}

const SAMPLE =
  'pdbscope_budget_disruptions_allowed{kind="PodDisruptionBudget",namespace="data",name="zookeeper"} 1';

describe('GET /metrics', () => {
  it('serves the text format, checking the Host when no token is set', async () => {
    const { port } = await serveApp({ metrics: { registry: registry(), public: false } });
    const ok = await request(port, '/metrics');
    expect({ status: ok.status, type: ok.headers['content-type'] }).toStrictEqual({
      status: 200,
      type: 'text/plain; version=0.0.4; charset=utf-8',
    });
    expect(String(ok.body).split('\n')).toContain(SAMPLE);
    const rebound = await request(port, '/metrics', { headers: { host: 'evil.example:80' } });
    expect(rebound.status).toBe(403);
  });

  it('takes the token as /api does, from any Host (Prometheus scrapes pod IPs)', async () => {
    const { port } = await serveApp({
      token: TOKEN,
      metrics: { registry: registry(), public: false },
    });
    const refused = await request(port, '/metrics');
    expect({ status: refused.status, auth: refused.headers['www-authenticate'] }).toStrictEqual({
      status: 401,
      auth: 'Bearer',
    });
    const ok = await request(port, '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}`, host: '10.244.1.7:7070' },
    });
    expect(ok.status).toBe(200);
    expect(String(ok.body).split('\n')).toContain(SAMPLE);
  });

  it('is reachable without the token only with --metrics-public; /api still needs it', async () => {
    const { port } = await serveApp({
      token: TOKEN,
      metrics: { registry: registry(), public: true },
    });
    const open = await request(port, '/metrics', { headers: { host: '10.244.1.7:7070' } });
    expect(open.status).toBe(200);
    expect((await request(port, '/api/budgets')).status).toBe(401);
  });

  it('does not exist when the app has no registry', async () => {
    const { port } = await serveApp();
    const answer = await request(port, '/metrics');
    expect(answer.status).toBe(404);
  });
});
