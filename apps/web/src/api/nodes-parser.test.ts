import { describe, expect, it } from 'vitest';
import { nodeRow } from '../test/fixtures.js';
import { checkNodeRows, nodesFirstPaintParser } from './nodes-parser.js';

const answer = () => ({
  items: [nodeRow('worker-1'), nodeRow('worker-2', { unschedulable: true })],
  eventId: 'e1-100',
});

describe('the node list parsed for its first paint', () => {
  it('passes an answer whole and finds nothing wrong with its rows afterwards', () => {
    const nodes = answer();
    const parsed = nodesFirstPaintParser.parse(JSON.parse(JSON.stringify(nodes)));
    expect([parsed, checkNodeRows(parsed.items)]).toStrictEqual([nodes, undefined]);
  });

  it("checks every other field at once, and a row's own fields right after", () => {
    const nodes = answer();
    const { drainableNow: _dropped, ...row } = nodes.items[1] ?? nodeRow('x');
    const broken = { ...nodes, items: [nodes.items[0], row] };
    expect([
      nodesFirstPaintParser.parse(broken).items.length,
      checkNodeRows(broken.items)?.split('\n')[1]?.trim(),
    ]).toStrictEqual([2, '→ at [1].drainableNow']);
    expect(() => nodesFirstPaintParser.parse({ ...nodes, eventId: 7 })).toThrow(/eventId/);
  });

  it('refuses at once a row without the name it is keyed and linked by', () => {
    const { name: _dropped, ...row } = nodeRow('worker-1');
    expect(() => nodesFirstPaintParser.parse({ ...answer(), items: [row] })).toThrow(
      /"items",\s*0\s*\],\s*"message": "an item with its name"/,
    );
  });
});
