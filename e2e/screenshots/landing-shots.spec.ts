// The landing page's screenshots (issue 37), taken from the production build with a seeded practice:
// the week's schedule, a client's billing and the reports, at 1280×800 in light mode, encoded to
// WebP by the browser itself (canvas.toDataURL) at 1200 px wide so the landing page loads them small.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createCompleteUsers, PASSWORD, signIn, uniqueTherapistEmail } from '../support/accounts.ts';
import { createPracticeDocument, seedPractice } from '../support/practice-data.ts';

const OUT = path.resolve(import.meta.dirname, '../../shell/src/landing/shots');
const DAY = 86_400_000;

/** The page as WebP, `width` px wide, through the browser's own encoder. */
async function shoot(page: Page, name: string, width = 1200): Promise<void> {
  const png = (await page.screenshot({ type: 'png' })).toString('base64');
  const webp = await page.evaluate(async ({ png, width }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = Math.round((image.height * width) / image.width);
    canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { data: canvas.toDataURL('image/webp', 0.8), width: canvas.width, height: canvas.height };
  }, { png, width });
  await writeFile(path.join(OUT, `${name}.webp`), Buffer.from(webp.data.split(',')[1]!, 'base64'));
  console.log(`${name}.webp ${webp.width}×${webp.height}`);
}

// Generous waits: the seeded sessions' attendance charges and audit entries are still being written.
const SLOW = { timeout: 120_000 };

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

test('landing screenshots', async ({ page }) => {
  test.setTimeout(480_000);
  const [user] = await createCompleteUsers([uniqueTherapistEmail()]);
  const therapist = { id: user!.$id, email: user!.email, password: PASSWORD, name: user!.name };
  const people = [['Maya', 'Okafor'], ['Daniel', 'Reyes'], ['Priya', 'Shah'], ['Tom', 'Becker'], ['Lena', 'Novak'], ['Sam', 'Ortiz']].map(([firstName, lastName]) => ({ firstName: firstName!, lastName: lastName! }));
  const { serviceId, clients } = await seedPractice(user!.$id, { timeZone: 'UTC', clients: people });
  const monday = new Date(Date.now() - ((new Date().getUTCDay() + 6) % 7) * DAY);
  const at = (day: number, hour: number) => new Date(`${new Date(monday.getTime() + day * DAY).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00.000Z`);
  const ids = Object.values(clients);
  let n = 0;
  for (let day = 0; day < 5; day += 1) {
    for (const hour of [9, 10, 13, 15]) {
      if ((day + hour) % 3 === 0) continue;
      const start = at(day, hour);
      const past = start.getTime() < Date.now();
      const status = past ? (n % 7 === 3 ? 'no_show' : 'show') : 'scheduled';
      await createPracticeDocument(user!.$id, 'appointments', {
        clientId: ids[n % ids.length], serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status, locationType: 'office',
        currency: 'USD', feeAmount: status === 'no_show' ? 7500 : 15000, statusHistory: [JSON.stringify({ status, at: start.toISOString(), by: user!.$id })], noteState: 'none',
      });
      n += 1;
    }
  }
  await signIn(page, therapist);
  await page.goto('/dashboard/schedule?view=week');
  await expect(page.getByText('Maya O.').first()).toBeVisible(SLOW);
  await shoot(page, 'schedule');
  await page.goto(`/dashboard/clients/${clients.Maya}`);
  await page.getByRole('tab', { name: 'Billing' }).click(SLOW);
  await expect(page.getByRole('table', { name: /^Ledger of Maya/ })).toBeVisible(SLOW);
  await shoot(page, 'billing');
  await page.goto(`/dashboard/reports?report=services`);
  await expect(page.getByRole('table', { name: /Fees charged by service/ })).toBeVisible(SLOW);
  await shoot(page, 'reports');
});
