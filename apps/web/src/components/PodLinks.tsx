import { Link } from 'react-router';
import { podHref } from '../app/paths.js';

/** Pods named `namespace/name`, each a link to its page, separated by commas. */
export function PodLinks({ pods }: { pods: readonly string[] }) {
  return (
    <>
      {pods.map((key, index) => {
        const [namespace = '', name = ''] = key.split('/');
        return (
          <span key={key}>
            {index > 0 ? ', ' : ''}
            <Link to={podHref({ namespace, name })} className="mono">
              {key}
            </Link>
          </span>
        );
      })}
    </>
  );
}
