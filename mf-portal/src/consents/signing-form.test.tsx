import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom draws nothing: a stand-in for signature_pad that draws one stroke when told to.
const pads: FakePad[] = [];
class FakePad extends EventTarget {
  drawn = false;
  constructor() {
    super();
    pads.push(this);
  }
  isEmpty() { return !this.drawn; }
  toDataURL() { return 'data:image/png;base64,iVBORw0KGgo='; }
  clear() { this.drawn = false; }
  off() {}
  stroke() {
    this.drawn = true;
    this.dispatchEvent(new Event('endStroke'));
  }
}
vi.mock('signature_pad', () => ({ default: FakePad }));

const { SigningForm } = await import('./signing-form.tsx');
const { act } = await import('react');

beforeEach(() => {
  pads.length = 0;
});

describe('SigningForm (issue 31: ESIGN intent)', () => {
  it('keeps Sign off until a name is typed and the intent box is ticked, then signs the typed name', async () => {
    const user = userEvent.setup();
    const onSign = vi.fn(() => Promise.resolve());
    render(<SigningForm requestId="req1" onSign={onSign} />);
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(sign).toBeDisabled();
    await user.type(screen.getByLabelText(/Your full name/), '  Robin   Hale ');
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I sign it electronically/ }));
    expect(sign).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /I sign it electronically/ }));
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I sign it electronically/ }));
    await user.click(sign);
    expect(onSign).toHaveBeenCalledWith({ requestId: 'req1', signerName: 'Robin Hale', method: 'typed' });
  });

  it('drawn: Sign waits for a stroke, sends the PNG data URL, and Clear takes it back', async () => {
    const user = userEvent.setup();
    const onSign = vi.fn(() => Promise.resolve());
    render(<SigningForm requestId="req2" onSign={onSign} />);
    await user.type(screen.getByLabelText(/Your full name/), 'Robin Hale');
    await user.click(screen.getByRole('radio', { name: /Draw my signature/ }));
    await user.click(screen.getByRole('checkbox', { name: /I sign it electronically/ }));
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(screen.getByLabelText('Signature drawing area')).toBeInTheDocument();
    expect(sign).toBeDisabled();
    act(() => pads[0]!.stroke());
    expect(sign).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Clear drawing' }));
    expect(sign).toBeDisabled();
    act(() => pads[0]!.stroke());
    await user.click(sign);
    expect(onSign).toHaveBeenCalledWith({ requestId: 'req2', signerName: 'Robin Hale', method: 'drawn', drawing: 'data:image/png;base64,iVBORw0KGgo=' });
  });

  it('shows the function’s refusal as it is', () => {
    render(<SigningForm requestId="req3" onSign={() => Promise.resolve()} error="This document has already been signed." />);
    expect(screen.getByRole('alert')).toHaveTextContent('This document has already been signed.');
  });
});
