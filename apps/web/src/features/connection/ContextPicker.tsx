import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClusterResponse } from '@pdbscope/shared/api';
import { forgetTheCluster } from '../../api/apply-events.js';
import { describeError } from '../../api/errors.js';
import { contextsQuery, queryKeys, switchContext } from '../../api/queries.js';

/**
 * Which context the page shows, always; a picker among the kubeconfig's contexts when the BFF
 * can switch (it runs from a kubeconfig with more than one). Switching forgets every view of
 * the old cluster at once.
 */
export function ContextPicker({ cluster }: { cluster: ClusterResponse }) {
  const client = useQueryClient();
  // Only a BFF running from a kubeconfig has contexts to switch among; the others are not asked.
  const contexts = useQuery({ ...contextsQuery(), enabled: cluster.source === 'kubeconfig' });
  const change = useMutation({
    mutationFn: switchContext,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.contexts, answer);
      forgetTheCluster(client);
    },
  });
  const list = contexts.data;
  const name = (
    <strong className="clip" title={list?.reason ?? cluster.context}>
      {cluster.context}
    </strong>
  );
  if (!list?.switchable || list.contexts.length < 2) {
    return <span className="connbar-field">Context {name}</span>;
  }
  return (
    <span className="connbar-field">
      <label>
        Context{' '}
        <select
          value={cluster.context}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.value)}
        >
          {list.contexts.some((c) => c.name === cluster.context) ? null : (
            <option value={cluster.context}>{cluster.context}</option>
          )}
          {list.contexts.map((context) => (
            <option key={context.name} value={context.name} title={context.server}>
              {context.name}
            </option>
          ))}
        </select>
      </label>
      {change.isPending ? <span>Switching to {change.variables}…</span> : null}
      {change.isError ? (
        <span className="away">Could not switch: {describeError(change.error)}</span>
      ) : null}
    </span>
  );
}
