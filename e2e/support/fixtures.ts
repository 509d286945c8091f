import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Every console error and page error, so a test can assert the app ran clean. */
export interface ConsoleLog {
  errors: string[];
  warnings: string[];
}

export const test = base.extend<{ consoleLog: ConsoleLog }>({
  consoleLog: async ({ page }, use) => {
    const log: ConsoleLog = { errors: [], warnings: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') log.errors.push(message.text());
      if (message.type() === 'warning') log.warnings.push(message.text());
    });
    page.on('pageerror', (error) => log.errors.push(error.message));
    await use(log);
  },
});

export { expect };

/**
 * Axe on the current page: no serious or critical violation. `scope` limits the run to what a step
 * changed (an overlay just opened) or leaves out what an earlier run already covered.
 */
export async function expectAccessible(page: Page, scope: { include?: string; exclude?: string } = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The shell's first heading of the routed screen. */
export function pageHeading(page: Page) {
  return page.locator('#main h1').first();
}
