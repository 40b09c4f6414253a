import { useTheme } from './theme.js';

const labels = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;

export function ThemeToggle() {
  const { theme, cycle } = useTheme();
  return (
    <button
      type="button"
      className="small"
      onClick={cycle}
      title="Switch between system, light and dark themes"
    >
      {labels[theme]}
    </button>
  );
}
