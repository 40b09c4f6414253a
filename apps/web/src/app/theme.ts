import { useCallback, useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

const storageKey = 'pdbscope.theme';
const order: readonly ThemeChoice[] = ['system', 'light', 'dark'];

function storedChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** The next choice in the cycle system → light → dark → system. */
export function nextTheme(choice: ThemeChoice): ThemeChoice {
  return order[(order.indexOf(choice) + 1) % order.length] ?? 'system';
}

/** The user's theme choice, kept across visits; "system" follows prefers-color-scheme through CSS. */
export function useTheme(): { theme: ThemeChoice; cycle: () => void } {
  const [theme, setTheme] = useState<ThemeChoice>(storedChoice);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset['theme'];
    else root.dataset['theme'] = theme;
    try {
      window.localStorage.setItem(storageKey, theme);
    } catch {
      // Private windows may refuse storage; the choice then lasts for this page only.
    }
  }, [theme]);
  const cycle = useCallback(() => setTheme(nextTheme), []);
  return { theme, cycle };
}
