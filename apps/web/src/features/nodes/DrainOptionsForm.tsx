import { useState } from 'react';
import type { DrainFlags } from '../../api/queries.js';

const FLAGS = [
  { key: 'ignoreDaemonSets', flag: '--ignore-daemonsets', what: 'leave DaemonSet pods' },
  { key: 'deleteEmptyDirData', flag: '--delete-emptydir-data', what: 'delete emptyDir data' },
  { key: 'force', flag: '--force', what: 'delete pods that declare no controller' },
] as const;

/** kubectl drain's flags for the plan, kept in the URL by the page (kubectl's defaults: all off). */
export function DrainOptionsForm({
  flags,
  onChange,
}: {
  flags: DrainFlags;
  onChange: (next: DrainFlags) => void;
}) {
  const [selector, setSelector] = useState(flags.podSelector);
  return (
    <form
      className="toolbar"
      aria-label="kubectl drain options"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...flags, podSelector: selector.trim() });
      }}
    >
      {FLAGS.map(({ key, flag, what }) => (
        <label key={key} title={what}>
          <input
            type="checkbox"
            checked={flags[key]}
            onChange={(event) => onChange({ ...flags, [key]: event.target.checked })}
          />{' '}
          <code>{flag}</code>
        </label>
      ))}
      <label>
        <code>--pod-selector</code>{' '}
        <input
          type="text"
          className="mono"
          placeholder="app=web,tier!=db"
          value={selector}
          onChange={(event) => setSelector(event.target.value)}
          onBlur={() => {
            if (selector.trim() !== flags.podSelector)
              onChange({ ...flags, podSelector: selector.trim() });
          }}
        />
      </label>
      <button type="submit">Plan</button>
    </form>
  );
}
