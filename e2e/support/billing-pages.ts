// Steps the billing specs repeat: the local Stripe's hosted pages, the app's timers on Playwright's
// clock, and deep links into the mobile app.
import { expect, type Page } from '@playwright/test';
import { ports } from './ports.ts';

export const hostedCheckoutUrl = new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${ports.stripe}/c/pay/`);
export const hostedPortalUrl = new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${ports.stripe}/p/session/`);

/** Fills the hosted Checkout page's card form (the email field shows only without a customer email). */
export async function fillCard(page: Page, number: string): Promise<void> {
  const email = page.getByLabel('Email');
  if (await email.isVisible()) await email.fill('therapist@example.test');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Dana Therapist');
}

/**
 * /payment-success has loaded (module federation's loader needs running timers): from here only
 * runFor moves the page's clock. The margin covers the round trip; the 3 s wait is still ahead.
 */
export async function holdClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  await expect(page.getByText('Checking your subscription…')).toBeVisible();
}

/**
 * Every navigation the page asks for, custom schemes included: a browser without the app does not
 * navigate to `cadence://…`, but Chromium still reports the request (DevTools protocol).
 */
export async function recordNavigationRequests(page: Page): Promise<string[]> {
  const urls: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.frameRequestedNavigation', (event) => urls.push(event.url));
  return urls;
}

/** Playwright's phone emulation for the mobile branches of the payment pages. */
export const PHONE = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 700 },
  isMobile: true,
  hasTouch: true,
} as const;
