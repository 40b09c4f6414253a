import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PriorityClassesResponse, SimulatePreemptionResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { cluster } from '../../test/fixtures.js';
import { fakeFetch, renderApp } from '../../test/render.js';

const classes: PriorityClassesResponse = {
  items: [
    {
      name: 'critical',
      value: 1000000,
      preemptionPolicy: 'PreemptLowerPriority',
      globalDefault: false,
    },
    { name: 'batch-low', value: -1000, preemptionPolicy: 'Never', globalDefault: false },
  ],
  eventId: 'e-3',
};

const answer: SimulatePreemptionResponse = {
  pod: {
    priority: 1000000,
    priorityClassName: 'critical',
    namespace: 'payments',
    preemptionPolicy: 'PreemptLowerPriority',
    requests: { cpu: '7' },
    nodeSelector: {},
  },
  nodes: 3,
  fits: [],
  eligible: true,
  chosenNode: 'worker-1',
  victims: [
    { namespace: 'databases', name: 'postgres-0', priority: 0, violates: 'databases/postgres' },
    { namespace: 'trino', name: 'trino-worker-a', priority: 0 },
  ],
  violatedPdbs: ['databases/postgres'],
  candidates: [
    { node: 'worker-1', victims: [], numPdbViolations: 1, highestVictimPriority: 0 },
    {
      node: 'worker-2',
      victims: [],
      numPdbViolations: 2,
      highestVictimPriority: 0,
      lostBecause: 'more PDB violations (2 against 1)',
    },
  ],
  notCandidates: [{ reason: 'node(s) had untolerated taint {pool: gpu}', nodes: 1 }],
  message: '',
  priorityClasses: [],
  asOf: '2026-11-21T08:00:00Z',
  eventId: 'e-4',
};

const start = (answers: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(answers);
  vi.stubGlobal('fetch', fake.fetchImpl);
  renderApp({ path: '/simulate', cache: [[queryKeys.cluster, cluster()]] });
  return fake;
};

describe('Simulate preemption', () => {
  it('offers the cluster’s PriorityClasses and shows the nominated node, victims, budgets and the rest', async () => {
    const { calls } = start({
      'GET /api/priority-classes': { status: 200, body: classes },
      'POST /api/simulate/preemption': { status: 200, body: answer },
    });
    const form = screen.getByRole('form', { name: 'Simulate preemption' });
    const select = within(form).getByRole('combobox', { name: 'PriorityClass' });
    await waitFor(() =>
      expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toStrictEqual([
        'A number…',
        'critical (1000000)',
        'batch-low (-1000, preempts nobody)',
      ]),
    );
    fireEvent.change(select, { target: { value: 'critical' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'CPU request' }), {
      target: { value: '7' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Namespace' }), {
      target: { value: 'payments' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simulate preemption' }));
    const region = screen.getByRole('status', { name: 'Preemption decision' });
    await waitFor(() => expect(region.textContent).toContain('Nominated node: worker-1.'));
    expect(calls.filter((c) => c.method === 'POST')).toStrictEqual([
      {
        method: 'POST',
        path: '/api/simulate/preemption',
        body: { priorityClassName: 'critical', cpu: '7', namespace: 'payments' },
      },
    ]);
    const links = (name: string) =>
      [...within(region).getByRole('list', { name }).querySelectorAll('a')].map((a) => [
        a.textContent,
        a.getAttribute('href'),
      ]);
    expect({
      asOf: screen
        .getByLabelText('Preemption simulation as of')
        .querySelector('time')
        ?.getAttribute('dateTime'),
      victims: links('Victims'),
      violated: links('PodDisruptionBudgets violated'),
      others: [
        ...within(region)
          .getByRole('table', { name: 'Other candidates' })
          .querySelectorAll('tbody tr'),
      ].map((row) => [...row.children].map((cell) => cell.textContent)),
      notCandidates: within(region).getByRole('list', { name: 'Not candidates' }).textContent,
    }).toStrictEqual({
      asOf: '2026-11-21T08:00:00Z',
      victims: [
        ['databases/postgres-0', '/pods/databases/postgres-0'],
        ['databases/postgres', '/budgets/PodDisruptionBudget/databases/postgres'],
        ['trino/trino-worker-a', '/pods/trino/trino-worker-a'],
      ],
      violated: [['databases/postgres', '/budgets/PodDisruptionBudget/databases/postgres']],
      others: [['worker-2', '0', '2', '0', 'more PDB violations (2 against 1)']],
      notCandidates: '1 node(s): node(s) had untolerated taint {pool: gpu}',
    });
  });

  it('says what is wrong with the form before asking, and shows the BFF’s 400 as it words it', async () => {
    const { calls } = start({
      'GET /api/priority-classes': { status: 200, body: classes },
      'POST /api/simulate/preemption': {
        status: 400,
        body: {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'the cluster has no PriorityClass "gold"',
        },
      },
    });
    const form = screen.getByRole('form', { name: 'Simulate preemption' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Priority' }), {
      target: { value: 'high' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Memory request' }), {
      target: { value: '2 GB' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simulate preemption' }));
    expect(
      [...screen.getByRole('list', { name: 'What to fix' }).querySelectorAll('li')].map(
        (li) => li.textContent,
      ),
    ).toStrictEqual([
      'Priority: "high" is not a whole number.',
      'Memory request: a quantity that is not negative, such as 512Mi or 2Gi.',
    ]);
    expect(calls.filter((c) => c.method === 'POST')).toStrictEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Priority' }), {
      target: { value: '100' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Memory request' }), {
      target: { value: '2Gi' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simulate preemption' }));
    const region = screen.getByRole('status', { name: 'Preemption decision' });
    await waitFor(() =>
      expect(region.textContent).toBe(
        'Could not simulate. Bad Request: the cluster has no PriorityClass "gold"',
      ),
    );
    expect(screen.queryByRole('list', { name: 'What to fix' })).toBeNull();
  });
});
