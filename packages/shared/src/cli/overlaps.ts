import type { ResourceRef } from '../model/refs.js';
import type { Severity } from '../findings/types.js';
import type { OverlapReport } from '../overlaps/types.js';

const name = (r: ResourceRef): string =>
  `${r.kind === 'PodUnavailableBudget' ? 'pub' : 'pdb'}/${r.namespace}/${r.name}`;

const RULE_TEXT: Readonly<Record<string, string>> = {
  'live-pods': 'live pods',
  'static-analysis': 'static analysis',
  'kruise-admission': "OpenKruise's admission rule",
};

/** The overlap report as text: live sharing first (with the 500), then potential overlaps, then OpenKruise conflicts. */
export function formatOverlaps(report: OverlapReport): string {
  const out: string[] = [];
  out.push(`Budgets sharing live pods (${report.live.length}):`);
  for (const p of report.live) {
    const pods =
      p.sharedPods
        .slice(0, 10)
        .map((r) => r.name)
        .join(', ') + (p.sharedPods.length > 10 ? `, ... (${p.sharedPods.length})` : '');
    out.push(`  ${name(p.a)} + ${name(p.b)}: ${p.sharedPods.length} pod(s) [${pods}]`);
    out.push(`    flagged by: ${p.rules.map((r) => RULE_TEXT[r] ?? r).join(', ')}`);
    if (p.evictionFails)
      out.push(
        '    evicting these pods fails: "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support." (500)',
      );
  }
  out.push('', `Budgets that could share pods (${report.potential.length}):`);
  for (const p of report.potential) {
    out.push(
      `  ${name(p.a)} + ${name(p.b)}: e.g. a pod labelled ${JSON.stringify(p.witness ?? {})}`,
    );
    out.push(`    flagged by: ${p.rules.map((r) => RULE_TEXT[r] ?? r).join(', ')}`);
  }
  if (report.staticTruncated)
    out.push(
      '  (static analysis stopped at its cap: many selectors use unrelated label keys, so they all could overlap)',
    );
  out.push('', `OpenKruise conflicts (${report.kruiseConflicts.length}):`);
  for (const c of report.kruiseConflicts) out.push(`  ${name(c.a)} + ${name(c.b)}: ${c.message}`);
  if (report.invalidSelectors.length > 0) {
    out.push(
      '',
      `Selectors that do not parse (${report.invalidSelectors.length}), matching no pod:`,
    );
    for (const s of report.invalidSelectors) out.push(`  ${name(s.budget)}: ${s.error}`);
  }
  return out.join('\n') + '\n';
}

/**
 * How bad each overlap is, for `--fail-on`: as the findings rate them, a shared pod whose
 * eviction fails (500) and an OpenKruise conflict are errors, other live sharing is info; budgets
 * that could share a pod are a warning (a pod both select would be under two budgets).
 */
export function overlapSeverities(report: OverlapReport): Severity[] {
  return [
    ...report.live.map((p): Severity => (p.evictionFails ? 'error' : 'info')),
    ...report.kruiseConflicts.map((): Severity => 'error'),
    ...report.potential.map((): Severity => 'warning'),
  ];
}
