import { Link } from 'react-router';
import { objectHref } from '../app/paths.js';

/** A link to the object when the dashboard has a view of it, else its name as text. */
export function ObjectLink({
  object,
}: {
  object: { kind: string; namespace: string; name: string };
}) {
  const text = `${object.kind} ${object.namespace === '' ? '' : `${object.namespace}/`}${object.name}`;
  const href = objectHref(object);
  return href === undefined ? <span>{text}</span> : <Link to={href}>{text}</Link>;
}
