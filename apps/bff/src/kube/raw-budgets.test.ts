import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RawBudgets } from './raw-budgets.js';

describe('RawBudgets', () => {
  it('reads a budget’s stored object with the reader for its kind; a failed read is no object', async () => {
    const raw = new RawBudgets({ logger: pino({ level: 'silent' }) });
    const ref = { kind: 'PodDisruptionBudget', namespace: 'data', name: 'zookeeper' } as const;
    const pub = { kind: 'PodUnavailableBudget', namespace: 'data', name: 'zookeeper' } as const;
    const before = await raw.read(ref);
    raw.setReader('PodDisruptionBudget', (r) =>
      r.name === 'zookeeper'
        ? Promise.resolve({ kind: 'PodDisruptionBudget', metadata: { name: r.name } })
        : Promise.reject(new Error('GET refused (403)')),
    );
    expect({
      before,
      read: await raw.read(ref),
      refused: await raw.read({ ...ref, name: 'kafka' }),
      otherKind: await raw.read(pub),
    }).toStrictEqual({
      before: undefined,
      read: { kind: 'PodDisruptionBudget', metadata: { name: 'zookeeper' } },
      refused: undefined,
      otherKind: undefined,
    });
  });
});
