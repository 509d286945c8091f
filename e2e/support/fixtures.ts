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

/** Axe on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The shell's first heading of the routed screen. */
export function pageHeading(page: Page) {
  return page.locator('#main h1').first();
}
