import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';

describe('parseArgs: what-if, -n, --settled', () => {
  it('collects every --apply, --delete and --scale in order, with -n and a pool to forecast', () => {
    expect(
      parseArgs([
        'what-if',
        'snap.yaml',
        '--apply',
        'rendered/',
        '--apply=pdb.yaml',
        '--delete',
        'pdb/shop/old',
        '--scale',
        'deploy/shop/web=4',
        '-n',
        'shop',
        '--upgrade-selector',
        'pool=general',
        '--provider',
        'gke',
        '--json',
      ]),
    ).toStrictEqual({
      ok: true,
      value: {
        command: 'what-if',
        snapshot: 'snap.yaml',
        json: true,
        namespace: 'shop',
        changes: {
          apply: ['rendered/', 'pdb.yaml'],
          delete: ['pdb/shop/old'],
          scale: ['deploy/shop/web=4'],
        },
        upgrade: {
          provider: 'gke',
          selector: 'pool=general',
          options: { force: false, ignoreDaemonSets: false, deleteEmptyDirData: false },
        },
      },
    });
  });

  it('takes -n on every command, and --settled as the default status it names', () => {
    expect([
      parseArgs(['evaluate', 'manifests/', '--namespace=payments']),
      parseArgs(['evict', 'snap.yaml', 'shop/web-0', '--settled']),
    ]).toStrictEqual([
      {
        ok: true,
        value: { command: 'evaluate', snapshot: 'manifests/', json: false, namespace: 'payments' },
      },
      {
        ok: true,
        value: {
          command: 'evict',
          snapshot: 'snap.yaml',
          pods: [{ namespace: 'shop', name: 'web-0' }],
          json: false,
          statusSource: 'recomputed',
        },
      },
    ]);
  });

  it('refuses what does not go together, saying why', () => {
    expect(
      [
        ['what-if', 'snap.yaml'],
        ['what-if', 'snap.yaml', '--apply', 'x.yaml', 'extra'],
        ['what-if', 'snap.yaml', '--apply', 'x.yaml', '--selector', 'a=b'],
        ['what-if', 'snap.yaml', '--apply', 'x.yaml', '--provider', 'eks'],
        ['evaluate', 'snap.yaml', '--apply', 'x.yaml'],
        ['evaluate', 'snap.yaml', '-n', 'Shop_EU'],
        ['evaluate', 'snap.yaml', '-n'],
        ['drain', 'snap.yaml', 'node-1', '--settled', '--stored-status'],
      ].map((argv) => parseArgs(argv)),
    ).toStrictEqual([
      { ok: false, error: 'what-if needs a change: --apply FILE|DIR, --delete or --scale' },
      { ok: false, error: 'what-if takes one SNAPSHOT, got extra arguments: extra' },
      { ok: false, error: 'what-if names its pool with --upgrade-selector, not --selector' },
      { ok: false, error: '--provider needs --upgrade-selector' },
      { ok: false, error: '--apply only goes with what-if, not evaluate' },
      {
        ok: false,
        error:
          "--namespace \"Shop_EU\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      },
      { ok: false, error: '--namespace needs a value' },
      { ok: false, error: '--settled and --stored-status ask for two different statuses' },
    ]);
  });
});
