import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SearchField } from './SearchField.js';

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
});
