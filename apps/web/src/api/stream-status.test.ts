import { describe, expect, it } from 'vitest';
import { StreamStatusStore } from './stream-status.js';

describe('StreamStatusStore', () => {
  it('counts reconnection attempts and keeps the time the stream went away', () => {
    const store = new StreamStatusStore(1000);
    store.opened(2000);
    store.eventArrived(2500);
    store.lost(3000);
    store.lost(4000);
    expect(store.get()).toStrictEqual({
      state: 'away',
      since: 3000,
      lastEventAt: 2500,
      attempts: 2,
    });
    store.opened(5000);
    expect(store.get()).toStrictEqual({
      state: 'open',
      since: 5000,
      lastEventAt: 2500,
      attempts: 0,
    });
  });

  it('tells subscribers about each change', () => {
    const store = new StreamStatusStore(0);
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get().state));
    store.opened(1);
    store.lost(2);
    unsubscribe();
    store.opened(3);
    expect(seen).toStrictEqual(['open', 'away']);
  });
});
