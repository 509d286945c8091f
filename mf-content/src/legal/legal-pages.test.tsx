import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@cadence/shared-router/testing';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import PrivacyPage from './privacy-page.tsx';
import TermsPage from './terms-page.tsx';

function textOf(page: ReactElement): string {
  const { container } = render(<MemoryRouter>{page}</MemoryRouter>);
  return (container.textContent ?? '').replace(/\s+/g, ' ');
}

describe('legal pages (spec §2 Legal pages, §9 Legal text)', () => {
  it('Terms of Service: one h1, last updated June 30, 2025, and its legal constants', () => {
    const text = textOf(<TermsPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms of Service']);
    expect(text).toContain('Last updated: June 30, 2025');
    for (const phrase of [
      '10 USD per month after a 7-day free trial',
      'at least 30 days notice before any price change',
      'at least 30 days before changes to these terms',
      'unpaid for 30 days',
      'we delete your data within 30 days',
      'at least 13 years old',
      'AES-256 at rest',
      'TLS 1.2 or higher in transit',
      'Cancellation takes effect at the end of the current paid period',
      'not refunded',
      'in the 12 months before the claim',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('Privacy Policy: one h1, last updated June 30, 2025, and its legal constants', () => {
    const text = textOf(<PrivacyPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Privacy Policy']);
    expect(text).toContain('Last updated: June 30, 2025');
    for (const phrase of [
      'encrypted at rest with AES-256',
      'TLS 1.2 or higher',
      'within 60 days of discovering it',
      'we delete your data within 30 days',
      'Audit logs are kept for 6 years',
      'kept for 7 years',
      'Users under 13 may not create an account',
      'at least 30 days before changes to this policy',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
