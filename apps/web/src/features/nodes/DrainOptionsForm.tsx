import { useState } from 'react';
import type { DrainFlags } from '../../api/queries.js';

const FLAGS = [
  { key: 'ignoreDaemonSets', flag: '--ignore-daemonsets', what: 'leave DaemonSet pods' },
  { key: 'deleteEmptyDirData', flag: '--delete-emptydir-data', what: 'delete emptyDir data' },
  { key: 'force', flag: '--force', what: 'delete pods that declare no controller' },
] as const;

const sameFlags = (a: DrainFlags, b: DrainFlags): boolean =>
  a.force === b.force &&
  a.ignoreDaemonSets === b.ignoreDaemonSets &&
  a.deleteEmptyDirData === b.deleteEmptyDirData &&
  a.podSelector === b.podSelector;

/** kubectl drain's flags for the plan, kept in the URL by the page (kubectl's defaults: all off). */
export function DrainOptionsForm({
  flags,
  onChange,
}: {
  flags: DrainFlags;
  onChange: (next: DrainFlags) => void;
}) {
  const [selector, setSelector] = useState(flags.podSelector);
  // The URL changes in a transition, so a box bound to `flags` alone would flip back until the
  // navigation commits: show the choice at once, and follow the URL when it changes elsewhere.
  const [shown, setShown] = useState(flags);
  const [followed, setFollowed] = useState(flags);
  if (!sameFlags(followed, flags)) {
    setFollowed(flags);
    setShown(flags);
  }
  const choose = (next: DrainFlags) => {
    setShown(next);
    onChange(next);
  };
  return (
    <form
      className="toolbar"
      aria-label="kubectl drain options"
      onSubmit={(event) => {
        event.preventDefault();
        choose({ ...shown, podSelector: selector.trim() });
      }}
    >
      {FLAGS.map(({ key, flag, what }) => (
        <label key={key} title={what}>
          <input
            type="checkbox"
            checked={shown[key]}
            onChange={(event) => choose({ ...shown, [key]: event.target.checked })}
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
            if (selector.trim() !== shown.podSelector)
              choose({ ...shown, podSelector: selector.trim() });
          }}
        />
      </label>
      <button type="submit">Plan</button>
    </form>
  );
}
