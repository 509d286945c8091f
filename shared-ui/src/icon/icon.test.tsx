import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, ICON_NAMES } from '@cadence/shared-ui';

describe('Icon', () => {
  it('is hidden from assistive tech when decorative', () => {
    const { container } = render(<Icon name="notifications" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an image with its accessible name when it carries meaning', () => {
    render(<Icon name="warning" label="Payment failed" />);
    const img = screen.getByRole('img', { name: 'Payment failed' });
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img).not.toHaveAttribute('aria-hidden', 'true');
  });

  it('draws every Cadence icon as an SVG, never a character', () => {
    for (const name of ICON_NAMES) {
      const { container, unmount } = render(<Icon name={name} />);
      expect(container.querySelector('svg path, svg circle, svg rect, svg line, svg polyline'), name).not.toBeNull();
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
