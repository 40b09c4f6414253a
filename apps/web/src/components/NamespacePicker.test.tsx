import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys } from '../api/queries.js';
import { NamespacePicker } from './NamespacePicker.js';

const known = {
  items: [
    { namespace: 'data', pods: 12, budgets: 3 },
    { namespace: 'payments', pods: 6, budgets: 3 },
    { namespace: 'payments-canary', pods: 2, budgets: 0 },
  ],
  eventId: 'e1-1',
};

function Page({
  onChange,
  counts,
}: {
  onChange: (v: string) => void;
  counts?: Map<string, number>;
}) {
  const [value, setValue] = useState('');
  return (
    <NamespacePicker
      value={value}
      counts={counts}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function open(counts?: Map<string, number>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(queryKeys.namespaces, known);
  const onChange = vi.fn<(value: string) => void>();
  render(
    <QueryClientProvider client={client}>
      <Page onChange={onChange} {...(counts ? { counts } : {})} />
    </QueryClientProvider>,
  );
  return { onChange, box: screen.getByRole<HTMLInputElement>('combobox', { name: 'Namespace' }) };
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Namespaces' }))
    .getAllByRole('option')
    .map((o) => [o.textContent, o.getAttribute('aria-selected')]);

describe('NamespacePicker', () => {
  it('offers the namespaces the BFF knows, narrowed by the typing, picked with the keyboard', async () => {
    const user = userEvent.setup();
    const { onChange, box } = open(new Map([['data', 2]]));
    await user.click(box);
    await user.keyboard('{ArrowDown}');
    expect([box.getAttribute('aria-expanded'), options()]).toStrictEqual([
      'true',
      [
        ['data (2)', 'true'],
        ['payments (0)', 'false'],
        ['payments-canary (0)', 'false'],
      ],
    ]);
    await user.keyboard('pay{ArrowDown}');
    const listId = box.getAttribute('aria-controls') ?? '';
    expect([box.getAttribute('aria-activedescendant'), options()]).toStrictEqual([
      `${listId}-1`,
      [
        ['payments (0)', 'false'],
        ['payments-canary (0)', 'true'],
      ],
    ]);
    await user.keyboard('{Enter}');
    expect([onChange.mock.calls, box.value, box.getAttribute('aria-expanded')]).toStrictEqual([
      [['payments-canary']],
      'payments-canary',
      'false',
    ]);
  });

  it('takes several namespaces typed with commas, and every namespace when emptied', async () => {
    const user = userEvent.setup();
    const { onChange, box } = open();
    await user.type(box, 'data, pay');
    await user.click(screen.getByRole('option', { name: 'payments' }));
    await user.clear(box);
    await user.type(box, 'nowhere');
    await user.tab();
    expect(onChange.mock.calls).toStrictEqual([['data,payments'], [''], ['nowhere']]);
  });

  it('closes on Escape, then undoes the typing', async () => {
    const user = userEvent.setup();
    const { onChange, box } = open();
    await user.type(box, 'dat');
    await user.keyboard('{Escape}');
    expect([box.getAttribute('aria-expanded'), box.value]).toStrictEqual(['false', 'dat']);
    await user.keyboard('{Escape}');
    expect([box.value, onChange.mock.calls]).toStrictEqual(['', []]);
  });
});
