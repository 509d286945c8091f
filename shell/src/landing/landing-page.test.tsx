// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { comingFeatures, readyFeatures } from './landing-content.ts';
import { LandingPage } from './landing-page.tsx';

function show() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('landing page (spec §1, §2; issue 18)', () => {
  afterEach(cleanup);

  it('keeps the spec: title, tagline, Get Started to /signup, and that Cadence is in development', () => {
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cadence');
    expect(screen.getByText('Practice Management for Therapists')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    expect(screen.getAllByText(/in development/)).toHaveLength(1);
  });

  it('says what Cadence does today and what comes next', () => {
    show();
    const features = within(screen.getByRole('region', { name: 'What Cadence does for you' }));
    const titles = features.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual([...readyFeatures, ...comingFeatures].map((feature) => feature.title));
    expect(features.getAllByText('Ready')).toHaveLength(readyFeatures.length);
    expect(features.getAllByText('Coming')).toHaveLength(comingFeatures.length);
  });

  it('says what is built works today (the portal, booking, messages, card payments and telehealth too); only what is not built is "Coming"', () => {
    show();
    const features = within(screen.getByRole('region', { name: 'What Cadence does for you' }));
    const badge = (title: string) => features.getByRole('heading', { level: 3, name: title }).parentElement?.querySelector('.ui-badge')?.textContent;
    const built = ['Schedule', 'Progress notes', 'Payments and refunds', 'Invoices and superbills', 'Reports', 'Clients', 'Client portal', 'Online booking', 'Secure messages', 'Card payments', 'Telehealth'];
    for (const title of built) expect(badge(title)).toBe('Ready');
    expect(badge('Insurance claims')).toBe('Coming');
    const note = screen.getByText(/in development/).textContent ?? '';
    expect(note).toMatch(/^Cadence is in development: scheduling, notes, billing, reports, the client portal, online booking, card payments and telehealth work today; insurance claims are on their way\.$/);
    expect(screen.getByText(/Your schedule, session notes, clients and billing/).textContent).not.toMatch(/come next|coming/i);
  });

  it('states how records are kept private', () => {
    show();
    const privacy = within(screen.getByRole('region', { name: 'Private by design' }));
    expect(privacy.getAllByRole('listitem')).toHaveLength(6);
    expect(privacy.getByText(/readable by you alone/)).toBeTruthy();
  });

  it('gives the price and the trial (spec §1: 10 USD a month after a 7-day free trial), with a second way to start', () => {
    show();
    expect(screen.getByText('7 days free, then $10 a month')).toBeTruthy();
    const pricing = within(screen.getByRole('region', { name: 'One plan, one price' }));
    expect(pricing.getByText('$10').parentElement?.textContent).toBe('$10 per month');
    expect(pricing.getByText(/7-day free trial/)).toBeTruthy();
    expect(pricing.getByRole('link', { name: 'Start your free trial' }).getAttribute('href')).toBe('/signup');
  });

  it('draws the hero from tokens (no image above the fold); the screenshots below have alt text and dimensions and load lazily', () => {
    const { container } = show();
    expect(container.querySelector('.landing-hero')?.querySelectorAll('img, picture, [style*="url("]')).toHaveLength(0);
    expect(container.querySelector('.landing-illustration')?.getAttribute('aria-hidden')).toBe('true');
    const shots = within(screen.getByRole('region', { name: 'See it working' })).getAllByRole('img');
    expect(shots).toHaveLength(3);
    for (const shot of shots) {
      expect(shot.getAttribute('alt')?.length).toBeGreaterThan(20);
      expect([shot.getAttribute('width'), shot.getAttribute('height'), shot.getAttribute('loading')]).toEqual(['1200', '750', 'lazy']);
      expect(shot.getAttribute('src')).toMatch(/\.webp$/);
    }
  });
});
