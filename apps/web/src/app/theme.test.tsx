import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { nextTheme } from './theme.js';
import { ThemeToggle } from './ThemeToggle.js';

describe('theme', () => {
  it('cycles system → light → dark → system', () => {
    expect([nextTheme('system'), nextTheme('light'), nextTheme('dark')]).toStrictEqual([
      'light',
      'dark',
      'system',
    ]);
  });

  it('sets the choice on <html>, where the CSS variables pick it up, and remembers it', () => {
    window.localStorage.removeItem('pdbscope.theme');
    delete document.documentElement.dataset['theme'];
    render(<ThemeToggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Theme: system' }));
    expect(document.documentElement.dataset['theme']).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Theme: light' }));
    expect(document.documentElement.dataset['theme']).toBe('dark');
    expect(window.localStorage.getItem('pdbscope.theme')).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Theme: dark' }));
    expect(document.documentElement.dataset['theme']).toBeUndefined();
  });
});
