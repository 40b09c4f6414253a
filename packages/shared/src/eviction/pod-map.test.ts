import { describe, expect, it } from 'vitest';
import { PodMap, samePod } from './pod-map.js';

describe('PodMap', () => {
  it('keys by namespace and name: the same name in two namespaces is two pods', () => {
    const map = new PodMap<string>();
    map.set({ namespace: 'shop', name: 'web-0' }, 'a');
    map.set({ namespace: 'data', name: 'web-0' }, 'b');
    map.set({ namespace: 'shop', name: 'web-0' }, 'c');
    const deleted = [
      map.delete({ namespace: 'data', name: 'web-0' }),
      map.delete({ namespace: 'data', name: 'web-0' }),
    ];
    expect({
      shop: map.get({ namespace: 'shop', name: 'web-0' }),
      data: map.get({ namespace: 'data', name: 'web-0' }),
      has: [
        map.has({ namespace: 'shop', name: 'web-0' }),
        map.has({ namespace: 'shop', name: 'web' }),
      ],
      // `a/b` + `c` and `a` + `b/c` are one key joined, two pods here.
      joinedAlike: [
        map.get({ namespace: 'shop/web-0', name: '' }),
        map.get({ namespace: 'shop', name: '/web-0' }),
      ],
      deleted,
    }).toStrictEqual({
      shop: 'c',
      data: undefined,
      has: [true, false],
      joinedAlike: [undefined, undefined],
      deleted: [true, false],
    });
  });

  it('tells the same pod by namespace and name, whatever else differs', () => {
    const web = { namespace: 'shop', name: 'web-0', ready: true };
    const newer = { namespace: 'shop', name: 'web-0', ready: false };
    expect([samePod(web, newer), samePod(web, { namespace: 'data', name: 'web-0' })]).toStrictEqual(
      [true, false],
    );
  });
});
