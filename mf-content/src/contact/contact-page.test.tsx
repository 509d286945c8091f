import { localRuntimeConfig, setConfig } from '@cadence/shared-auth/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { describe, expect, it } from 'vitest';
import FaqPage from '../faq/faq-page.tsx';
import ContactPage from './contact-page.tsx';

const config = localRuntimeConfig({ supportEmail: 'help@cadence.test' });

describe('ContactPage (spec §2 Legal and contact pages)', () => {
  it('shows the support address from the runtime config as a mailto link', () => {
    setConfig(config);
    render(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    const link = screen.getByRole('link', { name: 'help@cadence.test' });
    expect(link.getAttribute('href')).toBe('mailto:help@cadence.test');
  });
});

describe('FaqPage', () => {
  it('states that it is under construction', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    expect(screen.getByText('This page is under construction.')).toBeVisible();
  });
});
