import { Link } from 'react-router';

/** `key=value` pairs, one a line; each a link when `href` says where (e.g. the pods with that label). */
export function LabelList({
  labels,
  label,
  empty,
  href,
}: {
  labels: Readonly<Record<string, string>>;
  /** The list's accessible name. */
  label: string;
  empty: string;
  href?: (key: string, value: string) => string;
}) {
  const entries = Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul aria-label={label} className="mono">
      {entries.map(([key, value]) => (
        <li key={key}>
          {href === undefined ? (
            `${key}=${value}`
          ) : (
            <Link to={href(key, value)}>
              {key}={value}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
