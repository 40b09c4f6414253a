import { describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import { EventHub, type EventClient } from './hub.js';

// Time stands still and timers never fire unless a test advances it.
const clock = new ManualClock('2026-11-21T19:40:00Z');

function client(pending = 0): EventClient & { chunks: string[]; closed: boolean } {
  const c = {
    chunks: [] as string[],
    closed: false,
    write: (chunk: string) => {
      c.chunks.push(chunk);
      return true;
    },
    pending: () => pending,
    close: () => {
      c.closed = true;
    },
  };
  return c;
}

const removed = (name: string) =>
  ({
    type: 'budget-removed',
    ref: { kind: 'PodDisruptionBudget', namespace: 'data', name },
  }) as const;

describe('EventHub', () => {
  it('numbers events and sends each as an SSE message with its id', () => {
    const hub = new EventHub({ clock, epoch: 'p1' });
    const c = client();
    hub.attach(c, undefined);
    hub.publish(removed('zk'));
    expect(c.chunks).toStrictEqual([
      ': connected\nretry: 2000\n\n',
      'id: p1-1\ndata: {"type":"budget-removed","ref":{"kind":"PodDisruptionBudget","namespace":"data","name":"zk"},"id":"p1-1","at":"2026-11-21T19:40:00.000Z"}\n\n',
    ]);
  });

  it('replays what a reconnecting client missed, or tells it to resync', () => {
    const hub = new EventHub({ clock, epoch: 'p1', bufferSize: 2 });
    hub.publish(removed('a'));
    hub.publish(removed('b'));
    hub.publish(removed('c'));
    const resumed = client();
    hub.attach(resumed, 'p1-2');
    expect(resumed.chunks.slice(1).map((m) => m.split('\n')[0])).toStrictEqual(['id: p1-3']);
    const tooOld = client();
    hub.attach(tooOld, 'p1-1');
    expect(tooOld.chunks[1]).toContain('"type":"resync","id":"p1-3"');
    const otherProcess = client();
    hub.attach(otherProcess, 'p0-9');
    expect(otherProcess.chunks[1]).toContain('"reason":"the server restarted"');
    const current = client();
    hub.attach(current, 'p1-3');
    expect(current.chunks).toStrictEqual([': connected\nretry: 2000\n\n']);
  });

  it('caps clients and drops one whose backlog is too large', () => {
    const hub = new EventHub({ clock, epoch: 'p1', maxClients: 2, maxPendingBytes: 100 });
    const slow = client(1000);
    const fast = client();
    expect([
      hub.attach(slow, undefined),
      hub.attach(fast, undefined),
      hub.attach(client(), undefined),
    ]).toStrictEqual([true, true, false]);
    hub.publish(removed('a'));
    expect([slow.closed, fast.closed, hub.clientCount, fast.chunks.length]).toStrictEqual([
      true,
      false,
      1,
      2,
    ]);
  });
});
