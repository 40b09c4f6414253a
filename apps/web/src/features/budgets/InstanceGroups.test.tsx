import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorInstancesResponse } from '@pdbscope/shared/api';
import { queryKeys } from '../../api/queries.js';
import { budgetList, cluster } from '../../test/fixtures.js';
import { renderApp } from '../../test/render.js';

const pdb = (name: string) => ({ kind: 'PodDisruptionBudget' as const, namespace: 'hdfs', name });
const set = (name: string, replicas: number) => ({
  kind: 'StatefulSet',
  name,
  replicas,
  readyReplicas: replicas,
});

/** HDFS as Stackable runs it: one budget over the data nodes, none over the journal nodes. */
function hdfs(): OperatorInstancesResponse {
  return {
    eventId: 'e-1',
    items: [
      {
        namespace: 'hdfs',
        app: 'hdfs',
        instance: 'hdfs',
        operator: {
          name: 'Stackable',
          evidence: 'ownerReference HdfsCluster hdfs',
          resource: { group: 'hdfs.stackable.tech', kind: 'HdfsCluster', name: 'hdfs' },
        },
        generated: [pdb('hdfs-datanode')],
        roles: [
          {
            component: 'datanode',
            budgetField: 'spec.dataNodes.roleConfig.podDisruptionBudget',
            budgets: [
              { budget: pdb('hdfs-datanode'), generated: true },
              { budget: pdb('hdfs-datanode-hot'), generated: false },
            ],
            roleGroups: [
              {
                name: 'default',
                workloads: [set('hdfs-datanode-default', 3)],
                pods: 3,
                readyPods: 2,
                uncovered: [],
                uncoveredCount: 0,
                replicasField: 'spec.dataNodes.roleGroups.default.replicas',
              },
              {
                name: 'hot',
                workloads: [set('hdfs-datanode-hot', 2)],
                pods: 2,
                readyPods: 2,
                uncovered: [],
                uncoveredCount: 0,
                replicasField: 'spec.dataNodes.roleGroups.hot.replicas',
              },
            ],
          },
          {
            component: 'journalnode',
            budgetField: 'spec.journalNodes.roleConfig.podDisruptionBudget',
            budgets: [],
            roleGroups: [
              {
                name: 'default',
                workloads: [set('hdfs-journalnode-default', 3)],
                pods: 3,
                readyPods: 3,
                uncovered: ['hdfs/hdfs-journalnode-default-0', 'hdfs/hdfs-journalnode-default-1'],
                uncoveredCount: 3,
                replicasField: 'spec.journalNodes.roleGroups.default.replicas',
              },
            ],
          },
        ],
      },
    ],
  };
}

const cache = (instances: OperatorInstancesResponse) =>
  [
    [queryKeys.budgets, budgetList()],
    [queryKeys.cluster, cluster()],
    [queryKeys.operatorInstances, instances],
  ] as const;

/** Each row's cells as text, the role's cells only on its first row (they span the rest). */
function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) =>
        (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
      ),
    );
}

describe('the Budgets page grouped by operator instance', () => {
  it('shows each role with its budgets and each role group with replicas and the pods no budget covers', () => {
    renderApp({ path: '/?group=instance', cache: cache(hdfs()) });
    const section = screen.getByRole('region', { name: 'hdfs hdfs/hdfs' });
    expect([
      within(section).getByRole('heading').textContent,
      section.querySelector('p')?.textContent?.replace(/\s+/g, ' '),
      rows(within(section).getByRole('table', { name: 'Roles of hdfs hdfs/hdfs' })),
    ]).toStrictEqual([
      'hdfs hdfs/hdfs',
      'Run by Stackable (ownerReference HdfsCluster hdfs): change its budgets and replicas in HdfsCluster hdfs/hdfs Copy name',
      [
        [
          'Role',
          'Budgets over the role',
          'Role group',
          'Workloads',
          'Pods ready',
          'No budget covers',
        ],
        [
          'datanode',
          "hdfs-datanode (the operator's)hdfs-datanode-hot (hand-written)Configured at spec.dataNodes.roleConfig.podDisruptionBudget Copy path",
          'default',
          'StatefulSet hdfs-datanode-default: 3 replicasspec.dataNodes.roleGroups.default.replicas',
          '2 of 3',
          'none',
        ],
        [
          'hot',
          'StatefulSet hdfs-datanode-hot: 2 replicasspec.dataNodes.roleGroups.hot.replicas',
          '2 of 2',
          'none',
        ],
        [
          'journalnode',
          'No budgetConfigured at spec.journalNodes.roleConfig.podDisruptionBudget Copy path',
          'default',
          'StatefulSet hdfs-journalnode-default: 3 replicasspec.journalNodes.roleGroups.default.replicas',
          '3 of 3',
          '3 pods hdfs-journalnode-default-0, hdfs-journalnode-default-1 and 1 more',
        ],
      ],
    ]);
    expect(
      [
        'hdfs-datanode-hot',
        'hdfs-journalnode-default-0',
        'Every budget',
        'By operator instance, role and role group',
      ].map((name) => {
        const link = within(document.body).getByRole('link', { name });
        return [name, link.getAttribute('href'), link.getAttribute('aria-current')];
      }),
    ).toStrictEqual([
      ['hdfs-datanode-hot', '/budgets/PodDisruptionBudget/hdfs/hdfs-datanode-hot', null],
      ['hdfs-journalnode-default-0', '/pods/hdfs/hdfs-journalnode-default-0', null],
      ['Every budget', '/', null],
      ['By operator instance, role and role group', '/?group=instance', 'page'],
    ]);
  });

  it('is one click away from the budgets table, and back', () => {
    const { router } = renderApp({ path: '/', cache: cache(hdfs()) });
    fireEvent.click(
      screen.getByRole('link', { name: 'By operator instance, role and role group' }),
    );
    const grouped = [
      router.state.location.search,
      screen.queryByRole('table', { name: 'Budgets' }),
    ];
    fireEvent.click(screen.getByRole('link', { name: 'Every budget' }));
    expect([
      grouped,
      [router.state.location.search, screen.queryByRole('region', { name: 'hdfs hdfs/hdfs' })],
    ]).toStrictEqual([
      ['?group=instance', null],
      ['', null],
    ]);
    expect(screen.getByRole('table', { name: 'Budgets' })).toBeTruthy();
  });

  it("copies the custom resource's name and the field that configures a role's budget", async () => {
    const written: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void written.push(text) },
    });
    renderApp({ path: '/?group=instance', cache: cache(hdfs()) });
    const [, journal] = screen.getAllByRole('button', { name: /^Copy path/ });
    fireEvent.click(screen.getByRole('button', { name: /^Copy name/ }));
    await waitFor(() => expect(written).toHaveLength(1));
    if (journal) fireEvent.click(journal);
    await waitFor(() => expect(written).toHaveLength(2));
    expect(written).toStrictEqual([
      'hdfscluster.hdfs.stackable.tech/hdfs',
      'spec.journalNodes.roleConfig.podDisruptionBudget',
    ]);
  });

  it('says so when no operator runs an instance', () => {
    renderApp({ path: '/?group=instance', cache: cache({ eventId: 'e-1', items: [] }) });
    expect(screen.getByText(/^No operator runs an instance here/).textContent).toBe(
      'No operator runs an instance here: no budget or workload an operator manages has pods labelled app.kubernetes.io/name and app.kubernetes.io/instance.',
    );
  });
});
