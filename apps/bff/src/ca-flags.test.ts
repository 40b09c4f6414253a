import { describe, expect, it } from 'vitest';
import { CLUSTER_AUTOSCALER_DEFAULTS } from '@pdbscope/shared/actors/cluster-autoscaler';
import { parseCli } from './cli.js';

describe('--ca-… flags', () => {
  it('none given: no options, the BFF uses CA’s defaults', () => {
    expect(parseCli([]).caOptions).toBeUndefined();
  });

  it('reads each flag in Go’s --flag=value form over CA’s defaults', () => {
    expect(
      parseCli([
        '--ca-skip-nodes-with-system-pods=false',
        '--ca-skip-nodes-with-local-storage=false',
        '--ca-skip-nodes-with-custom-controller-pods',
        'false',
        '--ca-min-replica-count=2',
        '--ca-blocking-system-pod-distruption-timeout=90m',
      ]).caOptions,
    ).toStrictEqual({
      skipNodesWithSystemPods: false,
      skipNodesWithLocalStorage: false,
      skipNodesWithCustomControllerPods: false,
      minReplicaCount: 2,
      bspDisruptionTimeoutNs: 5_400_000_000_000n,
    });
    expect(parseCli(['--ca-min-replica-count=3']).caOptions).toStrictEqual({
      ...CLUSTER_AUTOSCALER_DEFAULTS,
      minReplicaCount: 3,
    });
  });

  it('refuses a bad value with one sentence naming the flag', () => {
    const error = (argv: string[]) => {
      try {
        parseCli(argv);
        return undefined;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect([
      error(['--ca-skip-nodes-with-local-storage=no']),
      error(['--ca-min-replica-count=-1']),
      error(['--ca-min-replica-count=1.5']),
      error(['--ca-blocking-system-pod-distruption-timeout=1d']),
    ]).toStrictEqual([
      '--ca-skip-nodes-with-local-storage: not true or false: no',
      '--ca-min-replica-count: not a whole number ≥ 0: -1',
      '--ca-min-replica-count: not a whole number ≥ 0: 1.5',
      '--ca-blocking-system-pod-distruption-timeout: time: unknown unit "d" in duration "1d" (e.g. 1h, 90m)',
    ]);
  });
});
