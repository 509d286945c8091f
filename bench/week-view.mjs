// The week view's data-to-painted time (issue 14, goal ≤ 150 ms with 60 appointments in the week),
// in Chromium: a therapist whose week holds WEEK_APPOINTMENTS appointments (60 clients, one each,
// spread over the working hours of Monday to Friday), /dashboard/schedule?view=week loaded cold
// RUNS times. Each run is timed from the end of the appointments response (Resource Timing's
// responseEnd of the week's list call) to the frame after the grid shows all of them (a
// MutationObserver counts the appointment buttons, then one requestAnimationFrame): what the
// calendar itself costs once the data is there, apart from the network.
import { openPage, signInContext } from './measure.mjs';
import { createDocument, percentile, signIn } from './shared.mjs';

export const WEEK_VIEW_GOAL_MS = 150;
export const WEEK_APPOINTMENTS = 60;
const RUNS = 9;
const ZONE = 'America/New_York';

/** A Monday a few weeks ahead, in the zone; appointments at whole hours from 08:00 (EST/EDT handled by the offset of that day). */
function benchWeek() {
  const monday = new Date(Date.now() + 21 * 86_400_000);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

function offsetMinutes(date) {
  const at = new Date(`${date}T12:00:00Z`);
  const local = new Date(at.toLocaleString('en-US', { timeZone: ZONE }));
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  return Math.round((local.getTime() - utc.getTime()) / 60_000);
}

/** Settings, a service and 60 clients with one appointment each in the bench week. */
export async function seedWeek(appwriteUrl, userId) {
  await createDocument(appwriteUrl, userId, 'practice_settings', { practiceName: 'Bench Practice', therapistName: 'Ada Lovelace', timeZone: ZONE, currency: 'USD' });
  const serviceId = await createDocument(appwriteUrl, userId, 'services', { name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 15000, currency: 'USD', color: 'teal', archived: false, sortOrder: 0 });
  const monday = benchWeek();
  const made = [];
  for (let i = 0; i < WEEK_APPOINTMENTS; i += 1) {
    const day = new Date(`${monday}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + (i % 5));
    const date = day.toISOString().slice(0, 10);
    const hour = 8 + Math.floor(i / 5);
    const start = new Date(Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`) - offsetMinutes(date) * 60_000);
    made.push(
      createDocument(appwriteUrl, userId, 'clients', { firstName: `Client${i}`, lastName: `Week${i}`, status: 'active', tags: [], diagnosisCodes: [], currency: 'USD' }).then((clientId) =>
        createDocument(appwriteUrl, userId, 'appointments', {
          clientId, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status: 'scheduled',
          feeAmount: 15000, currency: 'USD', statusHistory: [], noteState: 'none', locationType: 'office',
        }),
      ),
    );
  }
  await Promise.all(made);
  return monday;
}

/** In the page, before any script: resolves when WEEK_APPOINTMENTS appointment buttons are painted. */
function watchGrid(count) {
  window.__weekPainted = new Promise((resolve) => {
    const check = () => {
      if (document.querySelectorAll('.sched-appt').length >= count) {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  });
}


/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ app: string, appwrite: string }} urls  the composed app and the emulator (no /v1)
 * @param {{ email: string, password: string }} therapist  a subscribed therapist with no practice yet
 */
export async function measureWeekView(browser, urls, therapist) {
  const { userId } = await signIn(`${urls.appwrite}/v1`, therapist);
  const monday = await seedWeek(urls.appwrite, userId);
  const each = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { context, page } = await openPage(browser);
    try {
      await signInContext(context, urls.app, therapist);
      await page.addInitScript(watchGrid, WEEK_APPOINTMENTS);
      await page.goto(new URL(`/dashboard/schedule?view=week&date=${monday}`, urls.app).href);
      const painted = await page.evaluate(() => window.__weekPainted);
      const dataArrived = await page.evaluate(() =>
        Math.max(...performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/collections/appointments/documents')).map((entry) => entry.responseEnd)),
      );
      each.push(Math.round(painted - dataArrived));
    } finally {
      await context.close();
    }
  }
  return { appointments: WEEK_APPOINTMENTS, runs: RUNS, p50: percentile(each, 50), p95: percentile(each, 95), max: Math.max(...each), goalMs: WEEK_VIEW_GOAL_MS, each };
}
