import { describe, expect, it } from 'vitest';
import { cloneset, trino, zookeeperAll } from '../../test/fixtures.js';
import { budgetRowsCsv, budgetRowsJson, csvField } from './export-rows.js';

describe('export of the rows shown', () => {
  it('quotes a CSV field only when it holds a comma, a quote or a line break', () => {
    expect(['plain', 'a,b', 'say "no"', 'two\nlines', 0, false, null].map(csvField)).toStrictEqual([
      'plain',
      '"a,b"',
      '"say ""no"""',
      '"two\nlines"',
      '0',
      'false',
      '',
    ]);
  });

  it('writes a header and one line per row, in the order shown', () => {
    const blocked = {
      ...zookeeperAll,
      selectorText: 'app=zookeeper,tier in (a,b)',
      flags: { ...zookeeperAll.flags, blocking: true, blockingReason: 'pods "x", "y" are down' },
    };
    expect(budgetRowsCsv([trino, blocked]).split('\r\n')).toStrictEqual([
      'kind,namespace,name,selector,expected,desired,current,allowed,blocking,blockingReason,overlap,findings,stale,mismatch,error',
      `PodDisruptionBudget,query,trino-worker,${trino.selectorText},6,3,6,3,false,,false,0,false,false,`,
      `PodDisruptionBudget,data,zookeeper-all,"app=zookeeper,tier in (a,b)",${blocked.expectedPods},${blocked.desiredHealthy},${blocked.currentHealthy},${blocked.disruptionsAllowed},true,"pods ""x"", ""y"" are down",true,0,false,false,`,
      '',
    ]);
  });

  it('writes JSON that reads back as the rows', () => {
    expect(JSON.parse(budgetRowsJson([trino, cloneset]))).toStrictEqual([trino, cloneset]);
  });
});
