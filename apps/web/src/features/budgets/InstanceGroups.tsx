import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OperatorInstance } from '@pdbscope/shared/api';
import { operatorInstancesQuery } from '../../api/queries.js';
import { budgetHref } from '../../app/paths.js';
import { PodKeyLink } from '../../components/PodKeyLink.js';
import { CopyButton } from '../../components/CopyButton.js';
import { Empty, ErrorNotice, Loading } from '../../components/StateView.js';
import { countOf, formatCount } from '../../components/numbers.js';

type Role = OperatorInstance['roles'][number];
type RoleGroup = Role['roleGroups'][number];

/** Whether the Budgets page shows its budgets grouped by operator instance (`?group=instance`). */
export const isGroupedByInstance = (params: URLSearchParams): boolean =>
  params.get('group') === 'instance';

/** The two ways the Budgets page lists budgets, as links so that either can be bookmarked. */
export function GroupChoice({ grouped }: { grouped: boolean }) {
  return (
    <nav className="toolbar" aria-label="Group the budgets">
      <Link to={{ search: '' }} aria-current={grouped ? undefined : 'page'}>
        Every budget
      </Link>
      <Link to={{ search: '?group=instance' }} aria-current={grouped ? 'page' : undefined}>
        By operator instance, role and role group
      </Link>
    </nav>
  );
}

/**
 * The instances operators run (Stackable's HDFS, Trino, ZooKeeper...), each by role and role group:
 * the budgets over each role (the operator's first), the role groups' workloads and replicas, and
 * the pods no budget covers, the `role-pods-uncovered` finding shown where it applies.
 */
export function InstanceGroups() {
  const instances = useQuery(operatorInstancesQuery());
  if (instances.isPending)
    return <Loading what="operator instances" retrying={instances.failureReason} />;
  if (instances.isError) return <ErrorNotice error={instances.error} what="operator instances" />;
  if (instances.data.items.length === 0)
    return (
      <Empty>
        No operator runs an instance here: no budget or workload an operator manages has pods
        labelled app.kubernetes.io/name and app.kubernetes.io/instance.
      </Empty>
    );
  return (
    <>
      {instances.data.items.map((instance) => (
        <InstanceSection
          key={`${instance.namespace}/${instance.app}/${instance.instance}`}
          instance={instance}
        />
      ))}
    </>
  );
}

function InstanceSection({ instance }: { instance: OperatorInstance }) {
  const title = `${instance.app} ${instance.namespace}/${instance.instance}`;
  const { operator } = instance;
  const resource = operator?.resource;
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {operator ? (
        <p className="muted">
          Run by {operator.name} ({operator.evidence})
          {resource ? (
            <>
              {': change its budgets and replicas in '}
              <code>
                {resource.kind} {instance.namespace}/{resource.name}
              </code>{' '}
              <CopyButton
                text={`${resource.kind.toLowerCase()}.${resource.group}/${resource.name}`}
                label="Copy name"
              />
            </>
          ) : null}
        </p>
      ) : null}
      <table className="plain" aria-label={`Roles of ${title}`}>
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Budgets over the role</th>
            <th scope="col">Role group</th>
            <th scope="col">Workloads</th>
            <th scope="col">Pods ready</th>
            <th scope="col">No budget covers</th>
          </tr>
        </thead>
        {instance.roles.map((role) => (
          <RoleRows key={role.component ?? ''} role={role} namespace={instance.namespace} />
        ))}
      </table>
    </section>
  );
}

function RoleRows({ role, namespace }: { role: Role; namespace: string }) {
  const span = role.roleGroups.length;
  return (
    <tbody>
      {role.roleGroups.map((group, i) => (
        <tr key={group.name ?? ''}>
          {i === 0 ? (
            <>
              <th scope="rowgroup" rowSpan={span}>
                {role.component ?? '(no component label)'}
              </th>
              <td rowSpan={span}>
                <RoleBudgets role={role} />
              </td>
            </>
          ) : null}
          <td>{group.name ?? '(no role-group label)'}</td>
          <td>
            <GroupWorkloads group={group} />
          </td>
          <td>
            {formatCount(group.readyPods)} of {formatCount(group.pods)}
          </td>
          <td>
            <Uncovered group={group} namespace={namespace} />
          </td>
        </tr>
      ))}
    </tbody>
  );
}

function RoleBudgets({ role }: { role: Role }) {
  return (
    <>
      {role.budgets.length === 0 ? (
        <span className="chip warn">No budget</span>
      ) : (
        <ul className="bare">
          {role.budgets.map(({ budget, generated }) => (
            <li key={`${budget.kind}/${budget.name}`}>
              <Link to={budgetHref(budget)}>{budget.name}</Link>{' '}
              <span className="muted">{generated ? "(the operator's)" : '(hand-written)'}</span>
            </li>
          ))}
        </ul>
      )}
      {role.budgetField !== null ? (
        <div className="muted">
          Configured at <code>{role.budgetField}</code>{' '}
          <CopyButton text={role.budgetField} label="Copy path" />
        </div>
      ) : null}
    </>
  );
}

function GroupWorkloads({ group }: { group: RoleGroup }) {
  return (
    <>
      {group.workloads.map((w) => (
        <div key={`${w.kind}/${w.name}`}>
          {w.kind} {w.name}: {w.replicas === null ? '? replicas' : countOf(w.replicas, 'replica')}
        </div>
      ))}
      {group.replicasField !== null ? (
        <div className="muted">
          <code>{group.replicasField}</code>
        </div>
      ) : null}
    </>
  );
}

function Uncovered({ group, namespace }: { group: RoleGroup; namespace: string }) {
  if (group.uncoveredCount === 0) return <span className="muted">none</span>;
  const more = group.uncoveredCount - group.uncovered.length;
  return (
    <>
      <span className="chip warn">
        {formatCount(group.uncoveredCount)} pod{group.uncoveredCount === 1 ? '' : 's'}
      </span>{' '}
      {group.uncovered.map((key, i) => {
        return (
          <span key={key}>
            {i > 0 ? ', ' : ''}
            <PodKeyLink pod={key}>{key.slice(namespace.length + 1)}</PodKeyLink>
          </span>
        );
      })}
      {more > 0 ? ` and ${formatCount(more)} more` : ''}
    </>
  );
}
