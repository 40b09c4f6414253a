import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConditionsTable } from './ConditionsTable.js';

/** Each row's cells as `tag:text`, so a row header and a plain cell read apart. */
function cells(table: HTMLElement): string[][] {
  return [...table.querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map(
      (cell) => `${cell.tagName.toLowerCase()}:${cell.textContent}`,
    ),
  );
}

const header = ['th:Type', 'th:Status', 'th:Reason', 'th:Message', 'th:Since'];

describe('ConditionsTable', () => {
  it("lists a budget's conditions with their timestamps as written, then its controller's events", () => {
    render(
      <ConditionsTable
        conditions={[
          {
            type: 'DisruptionAllowed',
            status: 'False',
            reason: 'InsufficientPods',
            message: '',
            observedGeneration: 3,
            lastTransitionTime: '2026-11-21T19:20:00Z',
          },
        ]}
        events={[
          { type: 'Warning', reason: 'NoPods', message: 'No matching pods found' },
          { type: 'Normal', reason: 'UnmanagedPods', message: 'Pods without a controller: web-0' },
        ]}
        empty="No conditions reported."
      />,
    );
    const table = screen.getByRole('table');
    expect([
      table.getAttribute('aria-label'),
      cells(table),
      table.querySelector('td.mono')?.textContent,
    ]).toStrictEqual([
      null,
      [
        header,
        [
          'td:DisruptionAllowed',
          'td:False',
          'td:InsufficientPods',
          'td:',
          'td:2026-11-21T19:20:00Z',
        ],
        ['td:Event (Warning)', 'td:', 'td:NoPods', 'td:No matching pods found', 'td:'],
        [
          'td:Event (Normal)',
          'td:',
          'td:UnmanagedPods',
          'td:Pods without a controller: web-0',
          'td:',
        ],
      ],
      '2026-11-21T19:20:00Z',
    ]);
  });

  it("names the table and heads each row with its type, Since as the condition's age (a node's)", () => {
    const now = Date.parse('2026-11-21T20:00:00Z');
    render(
      <ConditionsTable
        conditions={[
          { type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory' },
          {
            type: 'Ready',
            status: 'True',
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status',
            lastTransitionTime: '2026-11-21T19:20:00Z',
          },
        ]}
        empty="The node reports no conditions."
        label="Conditions"
        now={now}
        typeHeadsRow
      />,
    );
    expect(cells(screen.getByRole('table', { name: 'Conditions' }))).toStrictEqual([
      header,
      ['th:MemoryPressure', 'td:False', 'td:KubeletHasSufficientMemory', 'td:', 'td:'],
      ['th:Ready', 'td:True', 'td:KubeletReady', 'td:kubelet is posting ready status', 'td:40m'],
    ]);
  });

  it('says so in its own words when there is nothing to list, and lists events without conditions', () => {
    const { container, rerender } = render(
      <ConditionsTable conditions={[]} events={[]} empty="No conditions reported." />,
    );
    const empty = container.innerHTML;
    rerender(
      <ConditionsTable
        conditions={[]}
        events={[{ type: 'Warning', reason: 'NoPods', message: 'No matching pods found' }]}
        empty="No conditions reported."
      />,
    );
    expect([empty, cells(screen.getByRole('table'))]).toStrictEqual([
      '<p class="muted">No conditions reported.</p>',
      [header, ['td:Event (Warning)', 'td:', 'td:NoPods', 'td:No matching pods found', 'td:']],
    ]);
  });
});
