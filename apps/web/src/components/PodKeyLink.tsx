import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { podHref } from '../app/paths.js';

/** A link to a pod's page from its `namespace/name` key, showing the key unless told otherwise. */
export function PodKeyLink({
  pod,
  mono = true,
  children = pod,
}: {
  pod: string;
  /** In the monospace face, as lists of pods show keys (default). */
  mono?: boolean;
  children?: ReactNode;
}) {
  const [namespace = '', name = ''] = pod.split('/');
  return (
    <Link to={podHref({ namespace, name })} className={mono ? 'mono' : undefined}>
      {children}
    </Link>
  );
}
