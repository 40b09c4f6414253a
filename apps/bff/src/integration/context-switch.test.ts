import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubeconfigForClusters, startSim, type SimHandle } from '@pdbscope/sim';
import type {
  BudgetListResponse,
  ClusterResponse,
  ContextsResponse,
  ServerEvent,
} from '@pdbscope/shared/api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kubeConfigFromString } from '../kube/kubeconfig.js';
import { startBff, type Bff } from '../server.js';
import { getJson, listen } from './harness.js';

// The second cluster: one scenario of the demo alone (Elasticsearch in `logging`).
const ELASTICSEARCH = fileURLToPath(
  new URL('../../../../packages/sim/scenarios/demo/elasticsearch.yaml', import.meta.url),
);

let alpha: SimHandle;
let beta: SimHandle;
let bff: Bff;
/** The budgets of the first cluster, as served before any switch. */
let alphaBudgets: string[] = [];

beforeAll(async () => {
  alpha = await startSim({ port: 0, demo: true, activity: false, readyDelayMs: 0 });
  beta = await startSim({
    port: 0,
    demo: false,
    scenario: path.resolve(ELASTICSEARCH),
    activity: false,
    readyDelayMs: 0,
  });
  const kubeconfig = kubeconfigForClusters([
    { url: alpha.url, context: 'alpha' },
    { url: beta.url, context: 'beta' },
  ]);
  bff = await startBff({
    source: { kind: 'cluster', cluster: kubeConfigFromString(kubeconfig) },
    logger: pino({ level: 'silent' }),
    port: 0,
    tuning: { backoff: { initialMs: 20, maxMs: 200 } },
  });
  await bff.ready();
});

afterAll(async () => {
  await bff?.close();
  await alpha?.close();
  await beta?.close();
});

async function post(path: string, request: unknown) {
  const res = await fetch(`${bff.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const body = (await res.json()) as { current?: string; detail?: string };
  return { status: res.status, type: res.headers.get('content-type'), body };
}

const names = (list: BudgetListResponse) =>
  list.items.map((row) => `${row.namespace}/${row.name}`).sort();

describe('switching context', () => {
  it("lists the kubeconfig's contexts with the current one", async () => {
    expect((await getJson<ContextsResponse>(bff, '/api/contexts')).body).toStrictEqual({
      current: 'alpha',
      switchable: true,
      contexts: [
        { name: 'alpha', cluster: 'alpha', server: alpha.url },
        { name: 'beta', cluster: 'beta', server: beta.url },
      ],
    });
  });

  it('refuses a context the kubeconfig does not have, and an empty body, with a 400', async () => {
    const unknown = await post('/api/contexts/switch', { context: 'gamma' });
    expect([unknown.status, unknown.type, unknown.body.detail]).toStrictEqual([
      400,
      'application/problem+json; charset=utf-8',
      'no context "gamma" in the kubeconfig (have: alpha, beta)',
    ]);
    expect((await post('/api/contexts/switch', {})).status).toBe(400);
    expect((await getJson<ClusterResponse>(bff, '/api/cluster')).body.context).toBe('alpha');
  });

  it('restarts on the chosen context from scratch: the page is told, and nothing of the old one mixes in', async () => {
    alphaBudgets = names((await getJson<BudgetListResponse>(bff, '/api/budgets')).body);
    expect(alphaBudgets).toContain('payments/payments-api');
    const stream = listen(bff);
    // The stream is open once the server answers it; a budget event of alpha's would come now.
    await vi.waitFor(() => expect(bff.hub.clientCount).toBe(1));
    const answer = await post('/api/contexts/switch', { context: 'beta' });
    expect([answer.status, answer.body.current]).toStrictEqual([200, 'beta']);
    const changed = await stream.next((e) => e.type === 'context-changed');
    expect(changed.type === 'context-changed' && changed.cluster).toMatchObject({
      source: 'kubeconfig',
      context: 'beta',
      server: beta.url,
      ready: false,
      sources: [],
    });
    await stream.next((e) => e.type === 'ready');
    await bff.ready();
    const cluster = (await getJson<ClusterResponse>(bff, '/api/cluster')).body;
    expect([cluster.context, cluster.server, cluster.ready]).toStrictEqual([
      'beta',
      beta.url,
      true,
    ]);
    const after = (await getJson<BudgetListResponse>(bff, '/api/budgets')).body;
    expect(names(after)).toStrictEqual([
      'logging/logging-es-client',
      'logging/logging-es-data',
      'logging/logging-es-master',
    ]);
    // A change in the old cluster reaches nobody: alpha's sources are stopped.
    const index = stream.events.length;
    await fetch(`${alpha.url}/_sim/pods/payments/${await firstPod(alpha, 'payments')}/ready`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ready: false }),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const late = stream.events.slice(index).filter(mentionsNamespace('payments'));
    expect(late).toStrictEqual([]);
    // Every event after the switch is about beta.
    const afterSwitch = stream.events.slice(stream.events.indexOf(changed) + 1);
    expect(afterSwitch.filter(mentionsNamespace('payments'))).toStrictEqual([]);
    stream.close();
  });

  it('switches back, and the first cluster is listed again in full', async () => {
    const answer = await post('/api/contexts/switch', { context: 'alpha' });
    expect([answer.status, answer.body.current]).toStrictEqual([200, 'alpha']);
    await bff.ready();
    const list = (await getJson<BudgetListResponse>(bff, '/api/budgets')).body;
    expect(names(list)).toStrictEqual(alphaBudgets);
  });
});

describe('a BFF that does not run from a kubeconfig', () => {
  it('says why it cannot switch, and answers a switch with 409', async () => {
    const sim = await startBff({
      source: { kind: 'cluster', cluster: kubeConfigFromString(alpha.kubeconfig()), sim: true },
      logger: pino({ level: 'silent' }),
      port: 0,
    });
    try {
      const contexts = (await getJson<ContextsResponse>(sim, '/api/contexts')).body;
      expect([contexts.current, contexts.switchable, contexts.reason]).toStrictEqual([
        'pdbscope-sim',
        false,
        'the BFF runs the simulated demo cluster (--sim, or no kubeconfig was found), which has one context',
      ]);
      const res = await fetch(`${sim.url}/api/contexts/switch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ context: 'pdbscope-sim' }),
      });
      const problem = (await res.json()) as { detail: string };
      expect([res.status, problem.detail]).toStrictEqual([
        409,
        'cannot switch context: the BFF runs the simulated demo cluster (--sim, or no kubeconfig was found), which has one context',
      ]);
    } finally {
      await sim.close();
    }
  });
});

async function firstPod(sim: SimHandle, namespace: string): Promise<string> {
  const res = await fetch(`${sim.url}/api/v1/namespaces/${namespace}/pods`);
  const list = (await res.json()) as { items: { metadata: { name: string } }[] };
  const pod = list.items[0];
  if (!pod) throw new Error(`no pod in ${namespace}`);
  return pod.metadata.name;
}

function mentionsNamespace(namespace: string) {
  return (event: ServerEvent) =>
    ((event.type === 'budget-added' || event.type === 'budget-changed') &&
      event.budget.namespace === namespace) ||
    (event.type === 'budget-removed' && event.ref.namespace === namespace);
}
