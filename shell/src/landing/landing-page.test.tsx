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
    expect(titles).toEqual(expect.arrayContaining(['Practice settings', 'Services and fees', 'Clients', 'Client import', 'Schedule', 'Session notes']));
    expect(features.getAllByText('Ready')).toHaveLength(readyFeatures.length);
    expect(features.getAllByText('Coming')).toHaveLength(comingFeatures.length);
  });

  it('gives the price and the trial (spec §1: 10 USD a month after a 7-day free trial), with a second way to start', () => {
    show();
    expect(screen.getByText('7 days free, then $10 a month')).toBeTruthy();
    const pricing = within(screen.getByRole('region', { name: 'One plan, one price' }));
    expect(pricing.getByText('$10').parentElement?.textContent).toBe('$10 per month');
    expect(pricing.getByText(/7-day free trial/)).toBeTruthy();
    expect(pricing.getByRole('link', { name: 'Start your free trial' }).getAttribute('href')).toBe('/signup');
  });

  it('draws the product from tokens: no image, hidden from assistive tech', () => {
    const { container } = show();
    expect(container.querySelectorAll('img, picture, [style*="url("]')).toHaveLength(0);
    expect(container.querySelector('.landing-illustration')?.getAttribute('aria-hidden')).toBe('true');
  });
});
