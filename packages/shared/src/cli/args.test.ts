import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.js';

describe('parseArgs', () => {
  it('parses each command with its arguments and flags anywhere', () => {
    expect([
      parseArgs(['evaluate', 'snap.yaml']),
      parseArgs(['--json', 'overlaps', 'snap.yaml', '--now', '2024-05-01T12:00:00Z']),
      parseArgs(['evict', 'snap.yaml', 'shop/web-0', 'shop/web-1', '--json']),
      parseArgs(['drain', '-', 'kind-worker', '--now=2024-05-01T12:00:00Z']),
      parseArgs(['drain', 's', 'n', '--stored-status', '--force', '--pod-selector', 'app=web']),
      parseArgs(['drain', 's', 'n', '--ignore-daemonsets', '--delete-emptydir-data']),
      parseArgs(['--help']),
    ]).toStrictEqual([
      { ok: true, value: { command: 'evaluate', snapshot: 'snap.yaml', json: false } },
      {
        ok: true,
        value: {
          command: 'overlaps',
          snapshot: 'snap.yaml',
          json: true,
          now: '2024-05-01T12:00:00Z',
        },
      },
      {
        ok: true,
        value: {
          command: 'evict',
          snapshot: 'snap.yaml',
          pods: [
            { namespace: 'shop', name: 'web-0' },
            { namespace: 'shop', name: 'web-1' },
          ],
          json: true,
          statusSource: 'recomputed',
        },
      },
      {
        ok: true,
        value: {
          command: 'drain',
          snapshot: '-',
          node: 'kind-worker',
          json: false,
          now: '2024-05-01T12:00:00Z',
          statusSource: 'recomputed',
          options: {
            force: false,
            ignoreDaemonSets: false,
            deleteEmptyDirData: false,
            podSelector: '',
          },
        },
      },
      {
        ok: true,
        value: {
          command: 'drain',
          snapshot: 's',
          node: 'n',
          json: false,
          statusSource: 'stored',
          options: {
            force: true,
            ignoreDaemonSets: false,
            deleteEmptyDirData: false,
            podSelector: 'app=web',
          },
        },
      },
      {
        ok: true,
        value: {
          command: 'drain',
          snapshot: 's',
          node: 'n',
          json: false,
          statusSource: 'recomputed',
          options: {
            force: false,
            ignoreDaemonSets: true,
            deleteEmptyDirData: true,
            podSelector: '',
          },
        },
      },
      { ok: true, value: { command: 'help' } },
    ]);
  });

  it('says what is wrong with a bad command line', () => {
    expect([
      parseArgs(['explode', 'x']),
      parseArgs(['evaluate']),
      parseArgs(['evaluate', 'a', 'b']),
      parseArgs(['evict', 'snap.yaml']),
      parseArgs(['evict', 'snap.yaml', 'web-0']),
      parseArgs(['drain', 'snap.yaml']),
      parseArgs(['evaluate', 'snap.yaml', '--now', 'yesterday']),
      parseArgs(['evaluate', 'snap.yaml', '--output=wide']),
    ]).toStrictEqual([
      { ok: false, error: 'unknown command "explode"' },
      { ok: false, error: 'evaluate needs a SNAPSHOT file' },
      { ok: false, error: 'evaluate takes one SNAPSHOT, got extra arguments: b' },
      { ok: false, error: 'evict needs at least one pod as ns/name' },
      { ok: false, error: 'not a pod as ns/name: "web-0"' },
      { ok: false, error: 'drain needs exactly one NODE' },
      { ok: false, error: '--now needs an RFC3339 time, got "yesterday"' },
      { ok: false, error: 'unknown option --output=wide' },
    ]);
  });
});
