import { combinationHeading } from '../api/upgrade-text.js';
import type { UpgradeFix } from '../upgrade/fixes.js';
import type { UpgradeForecast } from '../upgrade/types.js';

const minutes = (s: number): string => (s < 120 ? `${s} s` : `${Math.round(s / 60)} min`);

const indent = (text: string, by: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');

/** The forecast for people: the verdict, the steps, the stall and the fixes, ranked. */
export function formatUpgrade(forecast: UpgradeForecast, fixes: readonly UpgradeFix[]): string {
  const { strategy, drain } = forecast;
  const flags = [
    drain.force ? '--force' : '',
    drain.ignoreDaemonSets ? '--ignore-daemonsets' : '',
    drain.deleteEmptyDirData ? '--delete-emptydir-data' : '',
  ].filter((f) => f !== '');
  const lines = [
    `Rolling upgrade of ${forecast.nodes.length} node(s), ${strategy.maxUnavailable} at a time, ${strategy.maxSurge} surge node(s), drained as \`kubectl drain${flags.length > 0 ? ` ${flags.join(' ')}` : ''}\`:`,
  ];
  for (const s of forecast.steps) {
    lines.push(
      `  step ${s.step} ${s.nodes.join(', ')}: ${s.evicted.length} pod(s) evicted, ${s.retries} retried 429(s), ${minutes(s.startSeconds)} → ${minutes(s.endSeconds)}${s.completed ? '' : ' — STALLS'}`,
    );
  }
  if (forecast.verdict === 'completes') {
    lines.push(
      `The upgrade completes in ${forecast.steps.length} step(s), about ${minutes(forecast.durationSeconds)} (readiness: ${forecast.readiness.measuredWorkloads} workload(s) measured, ${forecast.readiness.defaultSeconds} s otherwise).`,
    );
    return `${lines.join('\n')}\n`;
  }
  const stall = forecast.stall;
  if (stall) {
    lines.push(stall.summary);
    for (const p of stall.pods)
      lines.push(`  ${p.pod.namespace}/${p.pod.name} on ${p.node} (${p.reason}): ${p.explanation}`);
  }
  if (fixes.length === 0) lines.push('No change found that lets it go on.');
  else
    lines.push('Fixes, best first (each checked by forecasting again with it; none is applied):');
  fixes.forEach((f, i) => {
    const result =
      f.outcome === 'completes'
        ? `completes in ${f.forecast.steps} step(s)`
        : f.outcome === 'gets-further'
          ? `gets further: ${f.forecast.stall ?? ''}`
          : 'does not help';
    if (f.parts === undefined) lines.push(`  ${i + 1}. ${f.title} — ${result}; costs: ${f.cost}`);
    else {
      lines.push(`  ${i + 1}. ${combinationHeading({ ...f, parts: f.parts })} — ${result}:`);
      for (const p of f.parts) lines.push(`       - ${p.title}; costs: ${p.cost}`);
    }
    lines.push(indent(f.patch, '       '));
  });
  return `${lines.join('\n')}\n`;
}
