import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import type { Page } from 'playwright-core';
import { openDemo, type DemoSession } from './demo-session.js';

let demo: DemoSession;
let page: Page;

beforeAll(async () => {
  // Held still, so that the general pool's fixes are the same on every run.
  demo = await openDemo({ clock: new ManualClock('2026-11-21T08:00:00Z') });
  page = demo.page;
});

afterAll(async () => {
  await demo?.close();
});

/** Each row's cells as text, whitespace collapsed. */
const rowsOf = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .evaluate((el) =>
      [...el.querySelectorAll('tr')].map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) =>
          (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );

describe('operators on the demo cluster', () => {
  it('groups the Stackable HDFS by role and role group, with the journal nodes no budget covers', async () => {
    await page.goto(`${demo.stack.url}/`);
    await page.getByRole('link', { name: 'By operator instance, role and role group' }).click();
    const table = 'Roles of hdfs hdfs/hdfs';
    await page.getByRole('table', { name: table }).waitFor({ timeout: 20_000 });
    expect([new URL(page.url()).search, await rowsOf(page, table)]).toStrictEqual([
      '?group=instance',
      [
        [
          'Role',
          'Budgets over the role',
          'Role group',
          'Workloads',
          'Pods ready',
          'No budget covers',
        ],
        [
          'datanode',
          "hdfs-datanode (the operator's)hdfs-datanode-hot (hand-written)Configured at spec.dataNodes.roleConfig.podDisruptionBudget Copy path",
          'archive',
          'StatefulSet hdfs-datanode-archive: 2 replicasspec.dataNodes.roleGroups.archive.replicas',
          '2 of 2',
          'none',
        ],
        [
          'default',
          'StatefulSet hdfs-datanode-default: 3 replicasspec.dataNodes.roleGroups.default.replicas',
          '3 of 3',
          'none',
        ],
        [
          'hot',
          'StatefulSet hdfs-datanode-hot: 2 replicasspec.dataNodes.roleGroups.hot.replicas',
          '2 of 2',
          'none',
        ],
        [
          'journalnode',
          'No budgetConfigured at spec.journalNodes.roleConfig.podDisruptionBudget Copy path',
          'default',
          'StatefulSet hdfs-journalnode-default: 1 replicaspec.journalNodes.roleGroups.default.replicas',
          '1 of 1',
          '1 pod hdfs-journalnode-default-0',
        ],
      ],
    ]);
    await demo.screenshot('budgets-by-instance');
    await page.getByRole('link', { name: 'hdfs-journalnode-default-0' }).click();
    await page.getByRole('heading', { name: /hdfs-journalnode-default-0/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pods/hdfs/hdfs-journalnode-default-0');
  });

  it('sends changes to operator-run objects to their custom resources, and copies them as a script', async () => {
    const fix = [
      'remove-budget:hdfs/hdfs-datanode',
      'scale:logging/StatefulSet/logging-es-client=3',
    ];
    const selector = 'pdbscope.dev/pool=general';
    const query = new URLSearchParams([['selector', selector], ...fix.map((f) => ['fix', f])]);
    // `/` and `=` stay as written: the address reads as the changes it applies.
    expect(decodeURIComponent(query.toString())).toBe(
      `selector=${selector}&fix=${fix[0] ?? ''}&fix=${fix[1] ?? ''}`,
    );
    await demo.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: demo.stack.url,
    });
    await page.goto(`${demo.stack.url}/upgrade?${query.toString()}`);
    const copy = page.getByRole('group', { name: 'Copy the applied changes' });
    await copy.waitFor({ timeout: 20_000 });
    const items = await page
      .getByRole('list', { name: 'Changes applied' })
      .getByRole('listitem')
      .allTextContents();
    expect(items).toStrictEqual([
      "Set HdfsCluster hdfs/hdfs's spec.dataNodes.roleConfig.podDisruptionBudget.enabled to false (Stackable writes PodDisruptionBudget hdfs/hdfs-datanode from it) remove-budget:hdfs/hdfs-datanode Remove",
      "Set Elasticsearch logging/logging's spec.nodeSets[client].count to 3 (ECK writes StatefulSet logging/logging-es-client from it) scale:logging/StatefulSet/logging-es-client=3 Remove",
    ]);
    await copy.getByRole('button', { name: /^Copy as kubectl script/ }).click();
    await copy.getByText(/Copied/).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The script the BFF writes for the same changes, byte for byte.
    const answer = await fetch(`${demo.stack.url}/api/simulate/upgrade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ selector, fix }),
    });
    const { applied } = (await answer.json()) as { applied: { script: string; yaml: string } };
    expect([copied, copied.includes('kubectl patch hdfscluster')]).toStrictEqual([
      applied.script,
      true,
    ]);
    // And the YAML: one multi-document text, byte for byte the BFF's, on the clipboard.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await copy.getByRole('button', { name: /^Copy as YAML/ }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(applied.yaml);
    expect(applied.yaml).toContain('kind: HdfsCluster');
  });
});
