import type { Result } from '../result/index.js';

type BudgetKind = 'PodDisruptionBudget' | 'PodUnavailableBudget';
type DrainOption = 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData';

/** A what-if change of an upgrade forecast, as the API takes it (`SimulateUpgradeRequest.changes`). */
export type FixChange =
  | {
      kind: 'budget-spec';
      budget: { kind: BudgetKind; namespace: string; name: string };
      field: 'minAvailable' | 'maxUnavailable';
      value: number;
    }
  | { kind: 'remove-budget'; budget: { kind: BudgetKind; namespace: string; name: string } }
  | {
      kind: 'scale';
      workload: { kind: string; namespace: string; name: string };
      replicas: number;
      /** The pod copied as the new one; the text form leaves it to the server to pick. */
      template?: { kind: 'Pod'; namespace: string; name: string };
    }
  | { kind: 'surge'; maxSurge: number }
  | { kind: 'drain-option'; option: DrainOption };

/** What a change sets, loosely typed so the engine's changes (any budget kind) fit too. */
export type TargetedChange =
  | {
      kind: 'budget-spec' | 'remove-budget';
      budget: { kind: string; namespace: string; name: string };
    }
  | { kind: 'scale'; workload: { kind: string; namespace: string; name: string } }
  | { kind: 'surge' }
  | { kind: 'drain-option'; option: string };

/** What a change sets: a later change of the same thing replaces an earlier one. */
export function fixTarget(change: TargetedChange): string {
  switch (change.kind) {
    case 'surge':
      return 'surge';
    case 'drain-option':
      return `drain/${change.option}`;
    case 'budget-spec':
    case 'remove-budget':
      return `budget/${change.budget.kind}/${change.budget.namespace}/${change.budget.name}`;
    case 'scale':
      return `scale/${change.workload.namespace}/${change.workload.kind}/${change.workload.name}`;
  }
}

/**
 * `current` with `added` after it, each added one replacing one of `current` that sets the same
 * thing (a budget lowered again, a workload scaled again); texts that do not parse are kept, for
 * the server to say what is wrong with them.
 */
export function withFixes(current: readonly string[], added: readonly string[]): string[] {
  const targetOf = (text: string): string | undefined => {
    const parsed = parseFix(text);
    return parsed.ok ? fixTarget(parsed.value) : undefined;
  };
  const replaced = new Set(added.map(targetOf).filter((t) => t !== undefined));
  const kept = current.filter((text) => {
    const target = targetOf(text);
    return target === undefined || !replaced.has(target);
  });
  return [...kept, ...added];
}

const DRAIN: Readonly<Record<DrainOption, string>> = {
  force: 'force',
  ignoreDaemonSets: 'ignore-daemonsets',
  deleteEmptyDirData: 'delete-emptydir-data',
};
const FIELD = { minAvailable: 'min-available', maxUnavailable: 'max-unavailable' } as const;

/** At most what the API accepts for a count (`SimulateUpgradeRequest`). */
const MAX_VALUE = 1_000_000;
const MAX_SURGE = 1000;
const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
const KIND = /^[A-Za-z][A-Za-z0-9]{0,62}$/;

const budgetText = (b: { kind: BudgetKind; namespace: string; name: string }): string =>
  b.kind === 'PodDisruptionBudget'
    ? `${b.namespace}/${b.name}`
    : `${b.namespace}/${b.kind}/${b.name}`;

/**
 * A change as one `fix=` value of an address, readable and without JSON:
 * `scale:payments/Deployment/payments-api=3`, `min-available:payments/payments-pdb=1`,
 * `max-unavailable:games/PodUnavailableBudget/matchmaker=2`, `remove-budget:shop/edge-proxy`,
 * `surge:2`, `drain:force`. A scale's template pod is left out (the server picks one).
 */
export function formatFix(change: FixChange): string {
  switch (change.kind) {
    case 'budget-spec':
      return `${FIELD[change.field]}:${budgetText(change.budget)}=${change.value}`;
    case 'remove-budget':
      return `remove-budget:${budgetText(change.budget)}`;
    case 'scale': {
      const w = change.workload;
      return `scale:${w.namespace}/${w.kind}/${w.name}=${change.replicas}`;
    }
    case 'surge':
      return `surge:${change.maxSurge}`;
    case 'drain-option':
      return `drain:${DRAIN[change.option]}`;
  }
}

const fail = (text: string, why: string): Result<never> => ({
  ok: false,
  error: `"${text}" is not a fix: ${why}`,
});

/** A whole number from 0 to `max`, as written (no sign, no leading zeros but `0`). */
function count(raw: string | undefined, max: number): number | undefined {
  if (raw === undefined || !/^(0|[1-9][0-9]{0,6})$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= max ? n : undefined;
}

function budgetRef(target: string): { kind: BudgetKind; namespace: string; name: string } | string {
  const parts = target.split('/');
  const [namespace = '', kindOrName = '', last] = parts;
  if (parts.length < 2 || parts.length > 3) return 'expected namespace/name or namespace/Kind/name';
  const kind = parts.length === 3 ? kindOrName : 'PodDisruptionBudget';
  const name = parts.length === 3 ? (last ?? '') : kindOrName;
  if (kind !== 'PodDisruptionBudget' && kind !== 'PodUnavailableBudget')
    return `${kind} is not a budget kind (PodDisruptionBudget, PodUnavailableBudget)`;
  if (!NAMESPACE.test(namespace)) return `${namespace} is not a namespace`;
  if (!NAME.test(name)) return `${name} is not an object name`;
  return { kind, namespace, name };
}

/** Splits `target=value`; the value is undefined when there is no `=`. */
function splitValue(rest: string): [string, string | undefined] {
  const at = rest.lastIndexOf('=');
  return at < 0 ? [rest, undefined] : [rest.slice(0, at), rest.slice(at + 1)];
}

/** Reads one `fix=` value (see `formatFix`); an error says what is wrong with it, as a 400 would. */
export function parseFix(text: string): Result<FixChange> {
  const colon = text.indexOf(':');
  if (colon <= 0) return fail(text, 'expected kind:target, e.g. scale:ns/Deployment/name=3');
  const op = text.slice(0, colon);
  const [target, raw] = splitValue(text.slice(colon + 1));
  switch (op) {
    case 'min-available':
    case 'max-unavailable': {
      const budget = budgetRef(target);
      if (typeof budget === 'string') return fail(text, budget);
      const value = count(raw, MAX_VALUE);
      if (value === undefined) return fail(text, `expected =N, a whole number up to ${MAX_VALUE}`);
      const field = op === 'min-available' ? 'minAvailable' : 'maxUnavailable';
      return { ok: true, value: { kind: 'budget-spec', budget, field, value } };
    }
    case 'remove-budget': {
      if (raw !== undefined) return fail(text, 'a removal takes no value');
      const budget = budgetRef(target);
      return typeof budget === 'string'
        ? fail(text, budget)
        : { ok: true, value: { kind: 'remove-budget', budget } };
    }
    case 'scale': {
      const [namespace = '', kind = '', name = '', ...more] = target.split('/');
      if (more.length > 0 || !NAMESPACE.test(namespace) || !KIND.test(kind) || !NAME.test(name))
        return fail(text, 'expected scale:namespace/Kind/name=replicas');
      const replicas = count(raw, MAX_VALUE);
      if (replicas === undefined)
        return fail(text, `expected =N, a whole number up to ${MAX_VALUE}`);
      return { ok: true, value: { kind: 'scale', workload: { kind, namespace, name }, replicas } };
    }
    case 'surge': {
      const maxSurge = raw === undefined ? count(target, MAX_SURGE) : undefined;
      return maxSurge === undefined
        ? fail(text, `expected surge:N, a whole number up to ${MAX_SURGE}`)
        : { ok: true, value: { kind: 'surge', maxSurge } };
    }
    case 'drain': {
      const option = (Object.keys(DRAIN) as DrainOption[]).find((o) => DRAIN[o] === target);
      return option === undefined || raw !== undefined
        ? fail(text, `expected drain:${Object.values(DRAIN).join('|')}`)
        : { ok: true, value: { kind: 'drain-option', option } };
    }
    default:
      return fail(
        text,
        `${op} is not one of min-available, max-unavailable, remove-budget, scale, surge, drain`,
      );
  }
}
