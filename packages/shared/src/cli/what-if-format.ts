import { spellSeconds } from '../duration/index.js';
import { isPod } from '../index/state.js';
import type { IntOrString } from '../model/intstr.js';
import type { ResourceRef } from '../model/refs.js';
import type { UpgradeForecast } from '../upgrade/types.js';
import type { WhatIfAnswer } from '../what-if/answer.js';
import type { BudgetChange } from '../what-if/diff.js';
import type { BudgetFigures } from '../what-if/figures.js';
import { describeRef } from '../what-if/refs.js';
import { STATUS_SYNC_CAUSE } from '../what-if/world.js';
import { textTable } from './table.js';

/** An object the change set created, replaced or deleted: which, why, and where a pod runs. */
export interface EffectRow {
  action: 'created' | 'replaced' | 'deleted';
  ref: ResourceRef;
  cause: string;
  /** A pod's node after the change (before, for one deleted); absent while no node takes it. */
  node?: string;
}

/** The answer as the CLI prints it (`--json`): effects without the objects' every field. */
export interface WhatIfReport extends Omit<WhatIfAnswer, 'effects'> {
  effects: EffectRow[];
}

export function whatIfReport(answer: WhatIfAnswer): WhatIfReport {
  const effects = answer.effects.map((e): EffectRow => {
    const object = e.after ?? e.before;
    const node = object && isPod(object) ? object.nodeName : undefined;
    return {
      action: e.action,
      ref: e.ref,
      cause: e.cause,
      ...(node !== undefined ? { node } : {}),
    };
  });
  return { ...answer, effects };
}

/** A table under a section's heading, two spaces in. */
const indented = (table: string): string =>
  table
    .split('\n')
    .map((l) => (l === '' ? l : `  ${l}`))
    .join('\n');

const SHORT_KIND: Readonly<Record<string, string>> = {
  PodDisruptionBudget: 'pdb',
  PodUnavailableBudget: 'pub',
};

const text = (v: IntOrString | number | undefined): string => (v === undefined ? '-' : String(v));

/** `a`, or `a→b` when it changes; one side only for a budget created or deleted. */
function moved(
  before: BudgetFigures | undefined,
  after: BudgetFigures | undefined,
  field: keyof BudgetFigures,
): string {
  const a = before && text(before[field]);
  const b = after && text(after[field]);
  return a === undefined || b === undefined || a === b ? (b ?? a ?? '-') : `${a}→${b}`;
}

function budgetNote(b: BudgetChange, settle: number): string {
  const notes: string[] = [];
  if (!b.after) notes.push('deleted');
  else if (!b.before) notes.push('created');
  if (b.meanwhile)
    notes.push(
      `${b.meanwhile.allowed} allowed for ${spellSeconds(settle)} while its new pods start`,
    );
  if (b.syncPending) notes.push('429 for every eviction until its controller syncs it');
  return notes.join('; ');
}

function budgetsSection(answer: WhatIfReport): string {
  const budgets = answer.difference.budgets;
  if (budgets.length === 0) return 'No budget changes its figures.\n';
  const rows = budgets.map((b) => [
    b.ref.namespace,
    b.ref.name,
    SHORT_KIND[b.ref.kind] ?? b.ref.kind,
    moved(b.before, b.after, 'minAvailable'),
    moved(b.before, b.after, 'maxUnavailable'),
    moved(b.before, b.after, 'selected'),
    moved(b.before, b.after, 'expected'),
    moved(b.before, b.after, 'desiredHealthy'),
    moved(b.before, b.after, 'currentHealthy'),
    moved(b.before, b.after, 'allowed'),
    budgetNote(b, answer.settleSeconds),
  ]);
  const headers = ['NAMESPACE', 'NAME', 'KIND', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'PODS'];
  const table = textTable([...headers, 'EXPECTED', 'DESIRED', 'CURRENT', 'ALLOWED', 'NOTE'], rows);
  return `Budgets (before→after, once settled):\n${indented(table)}`;
}

const nsName = (r: ResourceRef): string =>
  r.namespace === '' ? r.name : `${r.namespace}/${r.name}`;
const budgetNames = (refs: readonly ResourceRef[]): string =>
  refs.map((r) => `${SHORT_KIND[r.kind] ?? r.kind} ${r.name}`).join(', ');

function effectsSection(answer: WhatIfReport): string {
  const shown = answer.effects.filter((e) => e.cause !== STATUS_SYNC_CAUSE);
  if (shown.length === 0) return 'Nothing changes in the cluster.\n';
  const rows = shown.map((e) => [
    e.action,
    describeRef(e.ref) +
      (e.node !== undefined
        ? ` on ${e.node}`
        : e.ref.kind === 'Pod' && e.action === 'created'
          ? ' (Pending: no node can take it)'
          : ''),
    e.cause,
  ]);
  return `Objects:\n${indented(textTable(['ACTION', 'OBJECT', 'WHY'], rows))}`;
}

function podsSection(answer: WhatIfReport): string {
  const d = answer.difference;
  const lines: string[] = [];
  for (const p of d.pods) {
    const gained = p.gained.length > 0 ? ` joins ${budgetNames(p.gained)}` : '';
    const lost = p.lost.length > 0 ? ` leaves ${budgetNames(p.lost)}` : '';
    lines.push(`  ${nsName(p.pod)}${gained}${gained && lost ? ';' : ''}${lost}`);
  }
  for (const p of d.newlyShared)
    lines.push(
      `  ${nsName(p.pod)} comes under ${budgetNames(p.budgets)}${p.evictionFails ? ' (eviction fails: 500)' : ''}`,
    );
  for (const p of d.noLongerShared)
    lines.push(`  ${nsName(p.pod)} is no longer under ${budgetNames(p.budgets)}`);
  return lines.length === 0 ? '' : `Pods:\n${lines.join('\n')}\n`;
}

function findingsSection(answer: WhatIfReport): string {
  const { added, removed } = answer.difference.findings;
  if (added.length + removed.length === 0) return '';
  const line = (sign: string) => (f: (typeof added)[number]) =>
    `  ${sign} ${f.severity.toUpperCase().padEnd(7)} ${f.kind}  ${describeRef(f.object)}\n            ${f.message}\n`;
  return `Findings (+ new, - gone):\n${added.map(line('+')).join('')}${removed.map(line('-')).join('')}`;
}

function nodesSection(answer: WhatIfReport): string {
  const nodes = answer.difference.nodes;
  if (nodes.length === 0) return '';
  const rows = nodes.map((n) => [
    n.node,
    n.before.state === n.after.state ? n.after.state : `${n.before.state}→${n.after.state}`,
    n.after.reason || '-',
  ]);
  return `Nodes (drainable now):\n${indented(textTable(['NODE', 'STATE', 'WHY, AFTER'], rows))}`;
}

const verdictOf = (f: UpgradeForecast): string =>
  `${f.verdict} (${spellSeconds(f.durationSeconds)}${f.stall ? `: ${f.stall.summary}` : ''})`;

function forecastSection(answer: WhatIfReport): string {
  const f = answer.forecast;
  if (!f) return '';
  return `Upgrade of ${f.after.nodes.length} node(s):\n  before: ${verdictOf(f.before)}\n  after:  ${verdictOf(f.after)}\n`;
}

/** The answer as text: what changes, then what gets worse (the gate's reasons) or that nothing does. */
export function formatWhatIf(answer: WhatIfReport): string {
  const settle =
    answer.settleSeconds > 0
      ? `Settled after ${spellSeconds(answer.settleSeconds)}, once the pods it creates are Ready.\n`
      : '';
  const notes = answer.notes.map((n) => `Note: ${n}\n`).join('');
  const sections = [
    effectsSection(answer) + settle + notes,
    budgetsSection(answer),
    podsSection(answer),
    findingsSection(answer),
    nodesSection(answer),
    forecastSection(answer),
    answer.worse.length === 0
      ? 'Nothing gets worse.\n'
      : `Worse (${answer.worse.length}):\n${answer.worse.map((w) => `  - ${w}\n`).join('')}`,
  ];
  return sections.filter((s) => s !== '').join('\n');
}
