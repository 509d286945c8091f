// Issue 31, measures in the composed build, one flow through both sides (set up through the API:
// the invitation and the questionnaire are sent with the therapist's session, portal.spec covers the
// sign-in pages): the client opens the PHQ-9 from the portal's home, answers by keyboard, is told
// which question is missing, sends it with item 9 above 0 and sees the 988 Suicide & Crisis Lifeline
// at once, with no score; axe finds nothing serious on the measure page (the questions in light, the crisis resources in dark). The
// therapist then finds the alert on Today, naming the client, with a badge on Today in the nav,
// follows it to the score in the client's table and chart (axe, dark), and acknowledges it.
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { inviteToPortal, PORTAL_PRACTICE, sendMeasure } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

test('the client answers a PHQ-9 with item 9 above 0 and sees 988 at once; the therapist sees the alert on Today and the score in the table', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('measure-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Sam', lastName: 'Ortiz', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Sam'] ?? '';
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);
  const requestId = await sendMeasure(page, clientId, 'phq-9');

  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  const practice = client.getByRole('region', { name: PORTAL_PRACTICE });
  await practice.getByRole('link', { name: 'PHQ-9 questionnaire' }).click();
  await expect(client).toHaveURL(`/portal/measures/${requestId}`);

  // The published wording and attribution; each question a radio group.
  await expect(client.getByRole('heading', { level: 1, name: 'Patient Health Questionnaire (PHQ-9)' })).toBeVisible({ timeout: 60_000 });
  await expect(client.getByText('Over the last 2 weeks, how often have you been bothered by any of the following problems?')).toBeVisible();
  await expect(client.getByText(/^Copyright © Pfizer Inc\. Developed by Drs\. Robert L\. Spitzer/)).toBeVisible();
  // axe costs seconds a run: the questions in light, the crisis resources (same page) in dark.
  await expectAccessible(client);

  // Questions 1–8 by keyboard: "Several days" is the second answer, one arrow down from the first.
  for (let n = 1; n <= 8; n += 1) {
    const group = client.getByRole('group', { name: new RegExp(`^${n}\\. `) });
    await group.getByRole('radio', { name: 'Not at all' }).focus();
    await client.keyboard.press(n % 2 ? 'ArrowDown' : 'Space');
  }
  await client.getByRole('button', { name: 'Send my answers' }).click();
  const item9 = client.getByRole('group', { name: '9. Thoughts that you would be better off dead or of hurting yourself in some way' });
  await expect(item9.getByText('Answer question 9.')).toBeVisible();
  await expect(item9.getByRole('radio', { name: 'Not at all' })).toBeFocused();
  await item9.getByRole('radio', { name: 'Several days' }).check();
  await client.getByRole('button', { name: 'Send my answers' }).click();

  const crisis = client.getByRole('region', { name: /help is available now/ });
  await expect(crisis).toBeVisible({ timeout: 60_000 });
  await expect(crisis.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(crisis).toContainText('call or text 988');
  await expect(crisis.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(crisis.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
  await expect(crisis).toContainText('911');
  // No score or band is shown to the client.
  await expect(client.getByText(/\bmild\b|\bscore\b/i)).toHaveCount(0);
  await client.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(client);
  await clientContext.close();

  // 1+0+1+0+1+0+1+0 and item 9 = 1: 5, mild.
  await page.goto('/dashboard');
  const alerts = page.getByRole('region', { name: 'Needs your attention' });
  await expect(alerts).toContainText('Sam Ortiz answered item 9 (thoughts of self-harm) above 0 on a PHQ-9.', { timeout: 60_000 });
  const today = page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: /^Today/ });
  await expect(today).toContainText('1 alert to acknowledge');
  await alerts.getByRole('link', { name: 'Open Sam Ortiz’s answers' }).click();
  const row = page.getByRole('table', { name: 'PHQ-9 scores' }).getByRole('row').nth(1);
  await expect(row).toContainText('5 of 27', { timeout: 60_000 });
  await expect(row).toContainText('Mild');
  await expect(row).toContainText('Several days (1) — alert');
  await expect(page.getByRole('img', { name: /PHQ-9 totals over time\. Latest: 5 of 27, Mild\./ })).toBeVisible();
  // The chart's band colours are the theme's: axe on the dark one.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);

  await today.click();
  await alerts.getByRole('button', { name: 'Acknowledge: Sam Ortiz' }).click();
  await expect(alerts).toHaveCount(0, { timeout: 30_000 });
  await expect(today).not.toContainText('alert to acknowledge');
});
