import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDemo, type DemoSession } from './demo-session.js';

let demo: DemoSession;
let page: Page;

beforeAll(async () => {
  demo = await openDemo();
  page = demo.page;
});

afterAll(async () => {
  await demo?.close();
});

describe('preemption on the demo cluster', () => {
  it('simulates a critical pod pinned to worker-1: its victims and the budgets they break, as links', async () => {
    await page.goto(`${demo.stack.url}/simulate`);
    const form = page.getByRole('form', { name: 'Simulate preemption' });
    const select = form.getByRole('combobox', { name: 'PriorityClass' });
    await select.locator('option[value="critical"]').waitFor({ state: 'attached' });
    await select.selectOption('critical');
    await form.getByRole('textbox', { name: 'CPU request' }).fill('7');
    await form
      .getByRole('textbox', { name: 'Node selector' })
      .fill('kubernetes.io/hostname=worker-1');
    await form.getByRole('button', { name: 'Simulate preemption' }).click();
    const region = page.getByRole('status', { name: 'Preemption decision' });
    await region.getByText('Nominated node:').waitFor();
    const victims = region.getByRole('list', { name: 'Victims' });
    const violated = region.getByRole('list', { name: 'PodDisruptionBudgets violated' });
    const hrefs = (links: Element[]) => links.map((a) => a.getAttribute('href') ?? '');
    // Equally old victims are ordered by UID, which each start draws anew: which of them are
    // reprieved varies; that worker-1's victims break budgets (postgres allows none) does not.
    const victimPods = await victims.locator('li > a:first-child').evaluateAll(hrefs);
    const violatedPdbs = await violated.getByRole('link').evaluateAll(hrefs);
    expect({
      nominated: /^Nominated node: worker-1\. kube-scheduler deletes \d+ pod\(s\) there:$/.test(
        (await region.getByText('Nominated node:').textContent()) ?? '',
      ),
      victimsArePodLinks: victimPods.length > 0 && victimPods.every((h) => h.startsWith('/pods/')),
      violatedAreBudgetLinks:
        violatedPdbs.length > 0 &&
        violatedPdbs.every((h) => h.startsWith('/budgets/PodDisruptionBudget/')),
      asOf: await page.getByLabel('Preemption simulation as of').isVisible(),
    }).toStrictEqual({
      nominated: true,
      victimsArePodLinks: true,
      violatedAreBudgetLinks: true,
      asOf: true,
    });
    await demo.screenshot('simulate-preemption');
  });

  it('shows a bad size as a message, without asking the BFF', async () => {
    await page.goto(`${demo.stack.url}/simulate`);
    const form = page.getByRole('form', { name: 'Simulate preemption' });
    await form.getByRole('textbox', { name: 'Priority' }).fill('1000');
    await form.getByRole('textbox', { name: 'CPU request' }).fill('two');
    await form.getByRole('button', { name: 'Simulate preemption' }).click();
    expect(await page.getByRole('list', { name: 'What to fix' }).textContent()).toBe(
      'CPU request: a quantity that is not negative, such as 500m or 2.',
    );
  });

  it("lists the preemption exposure naming PriorityClass critical on live-encoder's budget page", async () => {
    await page.goto(`${demo.stack.url}/budgets/PodDisruptionBudget/render/live-encoder`);
    const exposure = page.getByRole('list', { name: 'Exposure' });
    await exposure.waitFor();
    const items = await exposure.locator(':scope > li').allTextContents();
    expect([
      items.length,
      items[0]?.startsWith(
        'A pending pod of PriorityClass system-node-critical (2000001000), system-cluster-critical (2000000000), critical (1000000) may preempt these pods (priority 0)',
      ),
      items.some((i) => i.includes('terminationGracePeriod of 2h')),
    ]).toStrictEqual([4, true, true]);
  });
});
