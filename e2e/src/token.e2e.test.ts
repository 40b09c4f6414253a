import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient, refOf } from './api.js';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, setPodReady, startStack, type Stack } from './stack.js';

// A BFF started with --token, as in a cluster: the browser signs in once and then lives on a cookie.
const token = 'e2e-token-4f9c2b7d81a3';

let stack: Stack;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  stack = await startStack({ sim: { demo: true, activity: false, seed: 1 }, token });
  api = apiClient(stack.url, { token });
  browser = await launchChromium();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the dashboard behind a token', () => {
  it('asks for the token, refuses a wrong one, then shows the budgets and live changes', async () => {
    const { items } = await api.budgets();
    await page.goto(`${stack.url}/`);
    const form = page.getByRole('region', { name: 'This pdbscope needs a token' });
    await form.waitFor();
    expect(await page.content()).not.toContain(token);

    await form.getByLabel('Token').fill('not-the-token-at-all');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('That token is not right. Check it and try again.');
    expect(await page.context().cookies()).toStrictEqual([]);

    await form.getByLabel('Token').fill(token);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByText(`Showing ${items.length} of ${items.length} budgets`).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    const cookies = await page.context().cookies();
    expect(
      cookies.map(({ name, path, httpOnly, sameSite, secure }) => ({
        name,
        path,
        httpOnly,
        sameSite,
        secure,
      })),
    ).toStrictEqual([
      { name: 'pdbscope_session', path: '/api', httpOnly: true, sameSite: 'Strict', secure: false },
    ]);
    expect(cookies[0]?.value).not.toContain(token);
    const stream = page.getByRole('region', { name: 'Connection' }).getByRole('status');
    await expect
      .poll(() => stream.textContent(), { timeout: 15_000 })
      .toBe('Live updates: connected');

    // A change in the cluster reaches the signed-in page through the event stream, without a reload.
    const details = await Promise.all(
      items.filter((row) => row.flags.error === null).map((row) => api.detail(refOf(row))),
    );
    const subject = details.find(
      (detail) => detail.lanes.available.length > 1 && !detail.budget.flags.overlap,
    );
    if (subject === undefined) throw new Error('the demo needs a budget with two available pods');
    const pod = subject.lanes.available[0]!;
    await page.getByRole('searchbox', { name: 'Search' }).fill(subject.budget.name);
    await page
      .getByRole('table', { name: 'Budgets' })
      .getByRole('link', { name: subject.budget.name, exact: true })
      .first()
      .click();
    const unavailable = page.getByRole('region', { name: /^Unavailable \(/ });
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: /^Available \(/ })
          .getByRole('button', { name: `Simulate eviction ${pod.name}`, exact: true })
          .count(),
      )
      .toBe(1);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    expect(await setPodReady(stack.sim, pod, false)).toBe(true);
    await expect
      .poll(
        () =>
          unavailable
            .getByRole('button', { name: `Simulate eviction ${pod.name}`, exact: true })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });

  it('keeps the sign-in across a reload, and Sign out asks for the token again', async () => {
    await page.context().clearCookies();
    await page.goto(`${stack.url}/`);
    const form = page.getByRole('region', { name: 'This pdbscope needs a token' });
    const table = page.getByRole('table', { name: 'Budgets' });
    await form.getByLabel('Token').fill(token);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await table.waitFor();
    await page.reload();
    await table.waitFor();
    expect(await form.count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await form.waitFor();
    expect([await page.context().cookies(), await table.count()]).toStrictEqual([[], 0]);
  });
});
