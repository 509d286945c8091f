// Issue 31, measures in the composed build, one flow through both sides (set up through the API:
// the invitation and the questionnaire are sent with the therapist's session, portal.spec covers the
// sign-in pages): the client opens the PHQ-9 from the portal's home, answers by keyboard, is told
// which question is missing, sends it with item 9 above 0 and sees the 988 Suicide & Crisis Lifeline
// at once, with no score; axe finds nothing serious on the measure page, light and dark.
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { inviteToPortal, PORTAL_PRACTICE, sendMeasure } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

test('the client answers a PHQ-9 with item 9 above 0 and sees 988 at once', async ({ page, browser }) => {
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
  for (const colorScheme of ['light', 'dark'] as const) {
    await client.emulateMedia({ colorScheme });
    await expectAccessible(client);
  }
  await client.emulateMedia({ colorScheme: 'light' });

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
  await expectAccessible(client);
  await clientContext.close();
});
