import type { Page } from '@playwright/test';
import { hostedPortalUrl } from '../support/billing-pages.ts';
import { expect, pageHeading, test } from '../support/fixtures.ts';
import { DAY, stripe, subscribeOnTestClock, waitForLabels } from '../support/stripe-clock.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';

// Issue 20 "Billing dates tell one truth": checkout, Profile, the billing portal and the trial_ending
// notification give the same first-charge date (the trial end), and after the trial the same next
// payment (the current period end, which Stripe anchors to the trial end). The spec's one-month rule
// is only the fallback without a subscription period. Days pass on the subscription's own Stripe test
// clock and, for the page, on Playwright's clock; the local Stripe formats dates in UTC, so does the page.

test.use({ timezoneId: 'UTC' });

const utcDate = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function ordinal(day: number): string {
  if (day >= 11 && day <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

function definition(page: Page, scope: string, term: string) {
  return page.locator(`${scope} dt`, { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}
const profileField = (page: Page, term: string) => definition(page, '.account-panel', term);
const portalField = (page: Page, term: string) => definition(page, 'main', term);

async function openSection(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

/** The Notifications section once the generated notifications are listed. */
async function notifications(page: Page) {
  await openSection(page, 'Notifications');
  const list = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(list.filter({ hasText: 'Welcome to Cadence' })).toBeVisible();
  return list;
}

/** Settings → Manage → the hosted portal: its Next payment (and Trial ends while trialing); back to Cadence. */
async function portalDates(page: Page): Promise<{ next: string; trialEnds: string | null }> {
  await openSection(page, 'Settings');
  await page.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(hostedPortalUrl);
  const next = (await portalField(page, 'Next payment').textContent()) ?? '';
  const trialEnds = (await portalField(page, 'Trial ends').count()) ? await portalField(page, 'Trial ends').textContent() : null;
  await page.getByRole('link', { name: /Return to Cadence/ }).click();
  await expect(pageHeading(page)).toHaveText('Account');
  return { next, trialEnds };
}

test('trial: checkout, Profile, portal and the trial_ending notification give one date; after the trial, one next payment', async ({ page }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser([]);
  const billing = await subscribeOnTestClock(therapist);
  const firstCharge = billing.checkoutFirstCharge ?? '';
  const trialEnd = (await stripe.subscriptions.retrieve(billing.subscriptionId)).trial_end ?? 0;
  expect(firstCharge).toBe(utcDate(trialEnd));
  const trialEndDay = new Date(trialEnd * 1000).getUTCDate();
  await signIn(page, therapist);

  // Day 1 of the trial.
  await page.goto('/account');
  await expect(pageHeading(page)).toHaveText('Account');
  await expect(profileField(page, 'Status')).toHaveText('Free Trial');
  await expect(profileField(page, 'Trial Days Remaining')).toHaveText('7 days');
  await expect(profileField(page, 'Next Payment')).toHaveText(firstCharge);
  await expect(profileField(page, 'Billing Cycle')).toHaveText(`${ordinal(trialEndDay)} of each month`);
  expect(await portalDates(page)).toEqual({ next: firstCharge, trialEnds: firstCharge });
  // Not "ends soon" on the day the trial starts.
  await expect((await notifications(page)).filter({ hasText: 'free trial' })).toHaveCount(0);

  // Day 6: the trial's last 3 days, as Stripe's trial_will_end.
  await billing.advanceDays(5);
  await page.clock.setFixedTime(Date.now() + 5 * DAY * 1000);
  await page.reload();
  await expect(profileField(page, 'Trial Days Remaining')).toHaveText('2 days');
  await expect(profileField(page, 'Next Payment')).toHaveText(firstCharge);
  const ending = (await notifications(page)).filter({ hasText: 'Your free trial ends soon' });
  await expect(ending).toHaveCount(1);
  await ending.getByRole('button', { name: /Your free trial ends soon/ }).click();
  await expect(ending).toContainText(`Your free trial ends on ${firstCharge}; your card is charged $10.00 then.`);

  // Day 9: the trial is over and paid; the next payment is the period end Stripe anchored to the trial end.
  await billing.advanceDays(3);
  await waitForLabels(therapist, (labels) => labels.includes('paymentCurrent') && !labels.includes('trialActive'));
  const subscription = await stripe.subscriptions.retrieve(billing.subscriptionId);
  const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
  const nextPayment = utcDate(periodEnd);
  expect(periodEnd).toBeGreaterThan(trialEnd + 27 * DAY);
  await page.clock.setFixedTime(Date.now() + 8 * DAY * 1000);
  await page.goto('/account');
  await expect(profileField(page, 'Status')).toHaveText('Active Subscription');
  await expect(profileField(page, 'Trial Days Remaining')).toHaveCount(0);
  await expect(profileField(page, 'Next Payment')).toHaveText(nextPayment);
  await expect(profileField(page, 'Billing Cycle')).toHaveText(`${ordinal(new Date(periodEnd * 1000).getUTCDate())} of each month`);
  expect(await portalDates(page)).toEqual({ next: nextPayment, trialEnds: null });
});
