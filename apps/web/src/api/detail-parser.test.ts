import { describe, expect, it } from 'vitest';
import { zookeeperDetail } from '../test/fixtures.js';
import { checkLanes, detailFirstPaintParser } from './detail-parser.js';

describe('the budget detail parsed for its first paint', () => {
  it('passes an answer whole and finds nothing wrong with its lanes afterwards', () => {
    const detail = zookeeperDetail();
    const parsed = detailFirstPaintParser.parse(JSON.parse(JSON.stringify(detail)));
    expect([parsed, checkLanes(parsed.lanes)]).toStrictEqual([detail, undefined]);
  });

  it("checks every other field at once, and a lane pod's own fields right after", () => {
    const detail = zookeeperDetail();
    const { evictableNow: _dropped, ...pod } = detail.lanes.unavailable[0] ?? {};
    const broken = { ...detail, lanes: { ...detail.lanes, unavailable: [pod] } };
    expect([
      detailFirstPaintParser.parse(broken).lanes.unavailable.length,
      checkLanes(broken.lanes)?.split('\n')[1]?.trim(),
    ]).toStrictEqual([1, '→ at unavailable[0].evictableNow']);
    expect(() => detailFirstPaintParser.parse({ ...detail, yaml: 7 })).toThrow(/yaml/);
  });

  it('refuses at once a lane pod without the name it is keyed and linked by', () => {
    const detail = zookeeperDetail();
    const { name: _dropped, ...pod } = detail.lanes.available[0] ?? {};
    const broken = { ...detail, lanes: { ...detail.lanes, available: [pod] } };
    expect(() => detailFirstPaintParser.parse(broken)).toThrow(
      /"available",\s*0\s*\],\s*"message": "an item with its name and namespace"/,
    );
  });
});
