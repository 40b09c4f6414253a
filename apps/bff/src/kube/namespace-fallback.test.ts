import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { namespaceFallback, type FallbackSource } from './namespace-fallback.js';

/** Sources that write their lifecycle into one log; a retirement ends when the test says so. */
function world() {
  const log: string[] = [];
  const retirements = new Map<string, () => void>();
  let stopped = false;
  const source = (id: string): FallbackSource & { id: string } => ({
    id,
    start: () => void log.push(`start ${id}`),
    retryLater: () => void log.push(`retry ${id}`),
    retire: () => {
      log.push(`retire ${id}`);
      return new Promise<void>((resolve) =>
        retirements.set(id, () => {
          log.push(`retired ${id}`);
          resolve();
        }),
      );
    },
  });
  const wide = source('pods');
  const follower = namespaceFallback({
    id: 'pods',
    wide,
    make: ({ namespace, awaited }) => {
      log.push(`make pods@${namespace}${awaited ? ' (awaited)' : ''}`);
      return source(`pods@${namespace}`);
    },
    drop: (s) => void log.push(`drop ${s.id}`),
    stopped: () => stopped,
    logger: pino({ level: 'silent' }),
  });
  /** Ends a retirement and lets the promise callbacks behind it run. */
  const retired = async (id: string) => {
    retirements.get(id)?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { log, follower, retired, settle, stop: () => (stopped = true) };
}

describe('namespaceFallback', () => {
  it('registers a source per namespace, and starts them once the wide source has cleared its objects', async () => {
    const w = world();
    w.follower.initial(['billing', 'zookeeper']);
    await w.settle();
    expect(w.log).toStrictEqual([
      'make pods@billing (awaited)',
      'make pods@zookeeper (awaited)',
      'drop pods',
      'retire pods',
    ]);
    await w.retired('pods');
    expect(w.log.slice(4)).toStrictEqual([
      'retired pods',
      'start pods@billing',
      'start pods@zookeeper',
    ]);
  });

  it('adds a source for a namespace created later, and one created again starts after the old one has gone', async () => {
    const w = world();
    w.follower.initial(['billing']);
    await w.retired('pods');
    w.log.length = 0;
    w.follower.added('cart');
    w.follower.added('billing');
    await w.settle();
    w.follower.removed('cart');
    w.follower.removed('payments');
    w.follower.added('cart');
    await w.settle();
    expect(w.log).toStrictEqual([
      'make pods@cart',
      'start pods@cart',
      'drop pods@cart',
      'retire pods@cart',
      'make pods@cart',
    ]);
    await w.retired('pods@cart');
    expect(w.log.slice(5)).toStrictEqual(['retired pods@cart', 'start pods@cart']);
  });

  it('retries the wide source when namespaces are refused, and starts nothing once stopped', async () => {
    const w = world();
    w.follower.refused();
    w.follower.initial(['billing']);
    w.stop();
    await w.retired('pods');
    w.follower.added('cart');
    await w.settle();
    expect(w.log).toStrictEqual([
      'retry pods',
      'make pods@billing (awaited)',
      'drop pods',
      'retire pods',
      'retired pods',
    ]);
  });
});
