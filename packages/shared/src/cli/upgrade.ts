import { combinationHeading } from '../api/upgrade-text.js';
import { spellSeconds } from '../duration/index.js';
import type { UpgradeFix } from '../upgrade/fixes.js';
import type { UpgradeProfile } from '../upgrade/profile.js';
import type { StuckPod, UpgradeForecast, UpgradeStep } from '../upgrade/types.js';

const PROVIDER_NAMES = { kubectl: 'kubectl', gke: 'GKE', eks: 'EKS', aks: 'AKS' } as const;

const AT_TIMEOUT = {
  wait: '',
  'delete-pods': 'then deletes the pods still there',
  fail: 'then fails the upgrade',
  quarantine: 'then quarantines the node (cordoned, not upgraded) and goes on',
} as const;

const indent = (text: string, by: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');

/** The first line: the pool, the strategy, and who drains it how. */
function heading(forecast: UpgradeForecast, profile: UpgradeProfile | undefined): string {
  const { strategy, drain } = forecast;
  const shape = `Rolling upgrade of ${forecast.nodes.length} node(s), ${strategy.maxUnavailable} at a time, ${strategy.maxSurge} surge node(s)`;
  if (profile === undefined || profile.provider === 'kubectl') {
    const flags = [
      drain.force ? '--force' : '',
      drain.ignoreDaemonSets ? '--ignore-daemonsets' : '',
      drain.deleteEmptyDirData ? '--delete-emptydir-data' : '',
    ].filter((f) => f !== '');
    return `${shape}, drained as \`kubectl drain${flags.length > 0 ? ` ${flags.join(' ')}` : ''}\`:`;
  }
  const name = PROVIDER_NAMES[profile.provider];
  const defaulted = profile.defaulted.filter((d) => d !== 'drainTimeoutSeconds');
  const whose =
    defaulted.length === 2
      ? ` (${name}'s defaults)`
      : defaulted.map((d) => ` (${d}: ${name}'s default)`).join('');
  const options = [
    profile.forceUpdate === true ? 'with force' : '',
    profile.undrainableNodeBehavior !== undefined
      ? `undrainable node behavior ${profile.undrainableNodeBehavior}`
      : '',
  ].filter((o) => o !== '');
  const settings =
    `maxSurge ${profile.maxSurge} and maxUnavailable ${profile.maxUnavailable}${whose}` +
    (options.length > 0 ? `, ${options.join(', ')}` : '');
  const timeout = spellSeconds(profile.drainTimeoutSeconds ?? 0);
  return `${shape}, upgraded by ${name} with ${settings}: it waits ${timeout} for each node's drain, ${AT_TIMEOUT[profile.atTimeout]}:`;
}

function stepEnd(s: UpgradeStep, verdict: UpgradeForecast['verdict']): string {
  if (s.forced) return ` — ${s.forced.length} pod(s) DELETED despite their budgets`;
  if (s.quarantined) return ` — QUARANTINED: ${s.quarantined.join(', ')}`;
  if (s.completed) return '';
  return verdict === 'fails' ? ' — FAILS' : ' — STALLS';
}

const podLines = (pods: readonly StuckPod[]): string[] =>
  pods.map(
    (p) => `  ${p.pod.namespace}/${p.pod.name} on ${p.node} (${p.reason}): ${p.explanation}`,
  );

/** Why it does not simply complete: the stall, the provider's failure, or what it deletes. */
function outcomeLines(forecast: UpgradeForecast, profile: UpgradeProfile | undefined): string[] {
  const lines: string[] = [];
  const name = PROVIDER_NAMES[profile?.provider ?? 'kubectl'];
  if (forecast.stall) lines.push(forecast.stall.summary, ...podLines(forecast.stall.pods));
  for (const q of forecast.quarantined ?? []) {
    lines.push(`Step ${q.step}: ${name} quarantines ${q.node} (${q.label}): ${q.message}`);
  }
  const failure = forecast.failure;
  if (failure) {
    // With quarantined nodes the message says how the operation ends; else it is the error's.
    lines.push(
      forecast.quarantined
        ? failure.message
        : `The upgrade fails at step ${failure.step} on ${failure.node}, ${spellSeconds(failure.atSeconds)} in: ${failure.code}: ${failure.message}`,
      ...podLines(failure.pods),
    );
  }
  if (forecast.forced) {
    const pods = forecast.forced.reduce((n, f) => n + f.pods.length, 0);
    lines.push(
      `The upgrade completes in ${forecast.steps.length} step(s), about ${spellSeconds(forecast.durationSeconds)}, but ${name} deletes ${pods} pod(s) their budgets protect:`,
      ...forecast.forced.map((f) => `  ${f.summary}`),
    );
  }
  return lines;
}

function fixResult(f: UpgradeFix): string {
  if (f.outcome === 'completes') return `completes in ${f.forecast.steps} step(s)`;
  if (f.outcome === 'does-not-help') return 'does not help';
  const where =
    f.forecast.stall ??
    f.forecast.failure ??
    (f.forecast.forcedPods !== undefined
      ? `${f.forecast.forcedPods} pod(s) still deleted despite their budgets`
      : '');
  return `gets further: ${where}`;
}

/** The forecast for people: the verdict, the steps, the stall (or failure, or deletions) and the fixes, ranked. */
export function formatUpgrade(
  forecast: UpgradeForecast,
  fixes: readonly UpgradeFix[],
  profile?: UpgradeProfile,
): string {
  const lines = [heading(forecast, profile)];
  for (const s of forecast.steps) {
    lines.push(
      `  step ${s.step} ${s.nodes.join(', ')}: ${s.evicted.length} pod(s) evicted, ${s.retries} retried 429(s), ${spellSeconds(s.startSeconds)} → ${spellSeconds(s.endSeconds)}${stepEnd(s, forecast.verdict)}`,
    );
  }
  if (forecast.verdict === 'completes') {
    lines.push(
      `The upgrade completes in ${forecast.steps.length} step(s), about ${spellSeconds(forecast.durationSeconds)} (readiness: ${forecast.readiness.measuredWorkloads} workload(s) measured, ${forecast.readiness.defaultSeconds} s otherwise).`,
    );
    return `${lines.join('\n')}\n`;
  }
  lines.push(...outcomeLines(forecast, profile));
  if (fixes.length === 0) lines.push('No change found that lets it go on.');
  else
    lines.push('Fixes, best first (each checked by forecasting again with it; none is applied):');
  fixes.forEach((f, i) => {
    const result = fixResult(f);
    if (f.parts === undefined) lines.push(`  ${i + 1}. ${f.title} — ${result}; costs: ${f.cost}`);
    else {
      lines.push(`  ${i + 1}. ${combinationHeading({ ...f, parts: f.parts })} — ${result}:`);
      for (const p of f.parts) lines.push(`       - ${p.title}; costs: ${p.cost}`);
    }
    lines.push(indent(f.steps.map((s) => s.command).join('\n'), '       '));
  });
  return `${lines.join('\n')}\n`;
}
