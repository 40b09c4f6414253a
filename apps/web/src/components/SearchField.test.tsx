import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from './SearchField.js';

/**
 * A page that holds the filter as the URL does: a change lands later (react-router applies it in
 * a transition), here in a later task, after the keystrokes typed meanwhile.
 */
function LaggingPage({ onType }: { onType: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField
        label="Search"
        value={value}
        placeholder="name"
        onType={(next) => {
          onType(next);
          setTimeout(() => setValue(next), 0);
        }}
      />
      <output aria-label="Filter">{value}</output>
      <button type="button" onClick={() => setValue('from a link')}>
        Follow a link
      </button>
    </>
  );
}

describe('SearchField', () => {
  it('is a search box named by its label that hands on each keystroke', () => {
    const onType = vi.fn<(value: string) => void>();
    render(<SearchField label="Rule" value={undefined} placeholder="a rule" onType={onType} />);
    const box = screen.getByRole('searchbox', { name: 'Rule' });
    expect([box.getAttribute('placeholder'), (box as HTMLInputElement).value]).toStrictEqual([
      'a rule',
      '',
    ]);
    fireEvent.change(box, { target: { value: 'never-allows' } });
    expect(onType.mock.calls).toStrictEqual([['never-allows']]);
  });

  it('keeps every keystroke typed fast while the filter lags behind', async () => {
    const onType = vi.fn<(value: string) => void>();
    render(<LaggingPage onType={onType} />);
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    await userEvent.type(box, 'app=ledger', { delay: null });
    expect([box.value, onType.mock.calls.at(-1)]).toStrictEqual(['app=ledger', ['app=ledger']]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByRole('status', { name: 'Filter' }).textContent).toBe('app=ledger');
  });

  it('shows a filter changed elsewhere (a link, Back) once it is left', async () => {
    const user = userEvent.setup();
    render(<LaggingPage onType={() => undefined} />);
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    await user.type(box, 'web');
    await user.click(screen.getByRole('button', { name: 'Follow a link' }));
    expect(box.value).toBe('from a link');
  });
});
