import type { Page } from '@playwright/test';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { expect, pageHeading, test } from '../support/fixtures.ts';

// Issue #18: icons are SVGs from shared-ui, never emoji (a system without an emoji font draws "▯"),
// and every icon either has an accessible name or is hidden from assistive tech. Each page is
// walked once as it is first shown: guest pages signed out, the practice and account signed in.
const GUEST_PATHS = ['/', '/signup', '/login', '/faq', '/terms', '/privacy', '/changelog', '/contact', '/payment-success', '/payment-cancelled', '/reset-password', '/verify-email'];
const DASHBOARD_PATHS = ['/dashboard', '/dashboard/clients', '/dashboard/clients/import', '/dashboard/schedule', '/dashboard/payments', '/dashboard/sessions', '/dashboard/transactions', '/dashboard/reports', '/dashboard/practice'];
const ACCOUNT_SECTIONS = ['Profile', 'Payments', 'Notifications', 'Devices', 'Settings'];

interface IconProblems {
  emoji: string[];
  unnamedIcons: string[];
}

/** In the page: emoji in visible text, and SVGs that are neither named nor hidden from assistive tech. */
function iconProblems(page: Page): Promise<IconProblems> {
  return page.evaluate(() => {
    // Pictographs that are emoji by default, or any character asked to be drawn as emoji (U+FE0F).
    const emojiPattern = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u;
    const emoji: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (emojiPattern.test(text)) emoji.push(text.trim().slice(0, 60));
    }
    const hidden = (element: Element): boolean => element.closest('[aria-hidden="true"]') !== null;
    const named = (svg: SVGSVGElement): boolean =>
      Boolean(svg.getAttribute('aria-label')?.trim() || svg.getAttribute('aria-labelledby') || svg.querySelector('title')?.textContent?.trim());
    const unnamedIcons = Array.from(document.querySelectorAll('svg'))
      // A chart is a named group of named bars (role group), an icon a named image.
      .filter((svg) => !hidden(svg) && !(['img', 'group'].includes(svg.getAttribute('role') ?? '') && named(svg)))
      .map((svg) => svg.parentElement?.outerHTML.slice(0, 120) ?? 'svg');
    return { emoji, unnamedIcons };
  });
}

async function expectCleanIcons(page: Page, where: string): Promise<void> {
  const problems = await iconProblems(page);
  expect(problems, where).toEqual({ emoji: [], unnamedIcons: [] });
}

test('guest pages draw no emoji and every icon is named or hidden', async ({ page }) => {
  for (const path of GUEST_PATHS) {
    await page.goto(path);
    await expect(pageHeading(page)).toBeVisible();
    await expectCleanIcons(page, path);
  }
});

test('the practice and the account draw no emoji and every icon is named or hidden', async ({ page }) => {
  const therapist = await createCompleteUser();
  await signIn(page, therapist);
  for (const path of DASHBOARD_PATHS) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectCleanIcons(page, path);
  }
  await page.goto('/account');
  for (const section of ACCOUNT_SECTIONS) {
    await page.getByRole('tab', { name: section, exact: true }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectCleanIcons(page, `/account ${section}`);
  }
  // The notifications panel's icons too (the emoji that drew "▯" lived there).
  await page.getByRole('tab', { name: 'Notifications', exact: true }).click();
  await expectCleanIcons(page, '/account notifications');
});
