import { Link } from 'react-router';
import type { NodeDetailResponse } from '@pdbscope/shared/api';
import { budgetHref, podHref, podsHref } from '../../app/paths.js';
import { formatCount } from '../../components/numbers.js';
import { age } from '../../components/time.js';
import { AllowedCell } from '../../components/AllowedCell.js';
import { budgetNumbers, shortKind } from '../../components/budget-numbers.js';
import { ConditionsTable } from '../../components/ConditionsTable.js';
import { LabelList } from '../../components/LabelList.js';
import { NotVisibleNote } from '../../components/NotVisibleNote.js';
import { NodeActorsTable } from './NodeActorsTable.js';
import { NodeStateBadges } from './node-columns.js';

function Quantities({ detail }: { detail: NodeDetailResponse }) {
  const names = [...new Set([...Object.keys(detail.capacity), ...Object.keys(detail.allocatable)])];
  if (names.length === 0) return <p className="muted">The node reports no capacity.</p>;
  return (
    <table className="plain" aria-label="Capacity">
      <thead>
        <tr>
          <th scope="col">Resource</th>
          <th scope="col" className="num">
            Capacity
          </th>
          <th scope="col" className="num">
            Allocatable
          </th>
        </tr>
      </thead>
      <tbody>
        {names.sort().map((name) => (
          <tr key={name}>
            <th scope="row" className="mono">
              {name}
            </th>
            <td className="num">{detail.capacity[name] ?? '—'}</td>
            <td className="num">{detail.allocatable[name] ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Taints({ detail }: { detail: NodeDetailResponse }) {
  if (detail.node.taints.length === 0) return <p className="muted">No taints.</p>;
  return (
    <ul aria-label="Taints">
      {detail.node.taints.map((t) => (
        <li key={`${t.key}:${t.effect}`} className="mono">
          {t.key}
          {t.value !== undefined ? `=${t.value}` : ''}:{t.effect}
        </li>
      ))}
    </ul>
  );
}

function Budgets({ detail }: { detail: NodeDetailResponse }) {
  if (detail.budgets.length === 0)
    return <p className="muted">No budget selects a pod on this node.</p>;
  return (
    <table className="plain" aria-label="Budgets">
      <thead>
        <tr>
          <th scope="col">Budget</th>
          <th scope="col" className="num">
            Current / desired healthy
          </th>
          <th scope="col" className="num">
            Allowed disruptions
          </th>
        </tr>
      </thead>
      <tbody>
        {detail.budgets.map((row) => {
          const n = budgetNumbers(row);
          return (
            <tr key={`${row.kind}/${row.namespace}/${row.name}`}>
              <td>
                <Link to={budgetHref(row)}>
                  {shortKind(row.kind)} {row.namespace}/{row.name}
                </Link>
              </td>
              <td className="num">
                {formatCount(n.current)} / {formatCount(n.desired)}
              </td>
              <td className="num">
                <AllowedCell allowed={n.allowed} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Pods({ detail }: { detail: NodeDetailResponse }) {
  if (detail.pods.length === 0) return <p className="muted">No pod runs on this node.</p>;
  return (
    <table className="plain" aria-label="Pods">
      <thead>
        <tr>
          <th scope="col">Pod</th>
          <th scope="col">State</th>
          <th scope="col">Owner</th>
          <th scope="col">Budgets</th>
        </tr>
      </thead>
      <tbody>
        {detail.pods.map(({ pod, budgets }) => (
          <tr key={`${pod.namespace}/${pod.name}`}>
            <td>
              <Link to={podHref(pod)}>
                {pod.namespace}/{pod.name}
              </Link>
            </td>
            <td>
              {pod.phase || 'unknown'} · {pod.ready ? 'Ready' : 'not Ready'}
            </td>
            <td>{pod.owner === undefined ? 'none' : `${pod.owner.kind}/${pod.owner.name}`}</td>
            <td>
              {budgets.length === 0 ? (
                <span className="muted">none</span>
              ) : (
                budgets.map((b, i) => (
                  <span key={`${b.kind}/${b.name}`}>
                    {i > 0 ? ', ' : ''}
                    <Link to={budgetHref(b)}>
                      {shortKind(b.kind)} {b.name}
                    </Link>
                  </span>
                ))
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a node is and what runs on it: the pods, the budgets they fall under, taints, conditions, capacity. */
export function NodeDetailView({ detail, now }: { detail: NodeDetailResponse; now: number }) {
  const { node } = detail;
  return (
    <>
      <p>
        <NodeStateBadges node={node} />{' '}
        <Link to={podsHref({ node: node.name })}>
          {formatCount(node.pods)} pod{node.pods === 1 ? '' : 's'}
        </Link>
        ,{' '}
        <Link to={podsHref({ node: node.name, budgets: 'any' })}>
          {formatCount(node.budgetedPods)} under a budget
        </Link>{' '}
        · age {age(node.creationTimestamp, now)}
      </p>
      <NotVisibleNote
        texts={node.drainableNow.notVisible}
        lead="Pods this node may hold that are not visible"
      />
      <h2>Who would remove its pods now</h2>
      <NodeActorsTable actors={detail.actors} />
      <h2>Budgets of its pods ({formatCount(detail.budgets.length)})</h2>
      <Budgets detail={detail} />
      <h2>Pods ({formatCount(detail.pods.length)})</h2>
      <Pods detail={detail} />
      <h2>Taints</h2>
      <Taints detail={detail} />
      <h2>Conditions</h2>
      <ConditionsTable
        conditions={detail.conditions}
        empty="The node reports no conditions."
        label="Conditions"
        now={now}
        typeHeadsRow
      />
      <h2>Capacity</h2>
      <Quantities detail={detail} />
      <h2>Labels</h2>
      <LabelList labels={node.labels} label="Labels" empty="No labels." />
    </>
  );
}
