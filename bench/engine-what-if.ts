// bench:engine's what-if figure: one budget edit (`pdbscope what-if --apply pdb.yaml`) answered on
// the built index, beside the index build measured in the same run. The change is applied to a
// copy-on-write view (only the budget's namespace is copied), then the difference is worked out:
// budget figures, pods, overlaps and findings of that namespace, and drainable now of the nodes it
// touches.
import type { ClusterIndex } from '../packages/shared/src/index/index.js';
import type { PdbView } from '../packages/shared/src/model/index.js';
import { whatIf, type WhatIfAnswer } from '../packages/shared/src/what-if/index.js';

export interface WhatIfBenchInput {
  index: ClusterIndex;
  /** The index build's figure, printed as the reference. */
  reference: string;
  row: (what: string, figure: string, reference: string, target: string) => void;
}

const RUNS = 5;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The busiest PDB (most pods), its limit turned to maxUnavailable 0: the edit a gate must catch. */
function tightened(index: ClusterIndex): PdbView | undefined {
  let busiest: PdbView | undefined;
  let most = -1;
  for (const ev of index.budgets())
    if (ev.kind === 'PodDisruptionBudget' && ev.pods.length > most) {
      busiest = ev.budget;
      most = ev.pods.length;
    }
  if (!busiest) return undefined;
  const { minAvailable: _m, maxUnavailable: _u, ...spec } = busiest.spec;
  return { ...busiest, spec: { ...spec, maxUnavailable: 0 } };
}

export function whatIfBench({ index, reference, row }: WhatIfBenchInput): void {
  const edit = tightened(index);
  if (!edit) return;
  const times: { ms: number; cpu: number }[] = [];
  let answer: WhatIfAnswer | undefined;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpu = cpuMs();
    const result = whatIf(index, { changes: [{ type: 'apply', object: edit }] });
    times.push({ ms: performance.now() - start, cpu: cpuMs() - cpu });
    if (result.ok) answer = result.value;
  }
  const first = times[0];
  const median = [...times].sort((a, b) => a.ms - b.ms)[Math.floor(times.length / 2)];
  const text = (t: { ms: number; cpu: number } | undefined) =>
    t ? `${t.ms.toFixed(0)} ms (cpu ${t.cpu.toFixed(0)})` : '-';
  row(
    '9. what-if of one budget edit, first / median',
    `${text(first)} / ${text(median)}`,
    reference,
    '≤ 1 s',
  );
  const d = answer?.difference;
  console.log(
    `   ${edit.namespace}/${edit.name} to maxUnavailable 0 (${index.budget(edit)?.pods.length ?? 0} pods): ${d?.budgets.length ?? 0} budget(s), ${d?.nodes.length ?? 0} node(s) change, ${answer?.worse.length ?? 0} thing(s) worse`,
  );
}
