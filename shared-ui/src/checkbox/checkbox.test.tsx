import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox, RadioGroup } from '@cadence/shared-ui';
import { Switch } from '@cadence/shared-ui/bundled';

describe('Checkbox', () => {
  it('toggles by click on its label and by Space, and is described by its hint and error', async () => {
    render(<Checkbox label="I agree to the Terms" hint="You can read them first." error="Please agree to continue." />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the Terms' });
    expect(box).toHaveAccessibleDescription('You can read them first. Please agree to continue.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByText('I agree to the Terms'));
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });
});

describe('RadioGroup', () => {
  function Reminders() {
    const [value, setValue] = useState<string | null>('email');
    return (
      <RadioGroup
        label="Send reminders by"
        hint="Clients can change this later."
        value={value}
        onChange={setValue}
        options={[
          { value: 'email', label: 'Email' },
          { value: 'sms', label: 'Text message', hint: 'Carrier rates may apply.' },
          { value: 'none', label: 'Don’t send', disabled: true },
        ]}
      />
    );
  }

  it('is a group named by its legend, one choice checked', () => {
    render(<Reminders />);
    const group = screen.getByRole('group', { name: 'Send reminders by' });
    expect(group).toHaveAccessibleDescription('Clients can change this later.');
    expect(screen.getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Text message' })).toHaveAccessibleDescription('Carrier rates may apply.');
    expect(screen.getByRole('radio', { name: 'Don’t send' })).toBeDisabled();
  });

  it('moves the choice with the arrow keys and reports it', async () => {
    render(<Reminders />);
    screen.getByRole('radio', { name: 'Email' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Text message' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Email' })).not.toBeChecked();
    await userEvent.click(screen.getByText('Email'));
    expect(screen.getByRole('radio', { name: 'Email' })).toBeChecked();
  });

  it('marks every radio invalid and describes the group with the error', () => {
    render(<RadioGroup label="Plan" value={null} onChange={() => {}} error="Choose a plan." options={[{ value: 'a', label: 'Monthly' }]} />);
    expect(screen.getByRole('group', { name: 'Plan' })).toHaveAccessibleDescription('Choose a plan.');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Switch', () => {
  it('is a switch named by its label that Space turns on and off', async () => {
    render(<Switch label="Email me when a client books" hint="At most one email a day." />);
    const toggle = screen.getByRole('switch', { name: 'Email me when a client books' });
    expect(toggle).toHaveAccessibleDescription('At most one email a day.');
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByText('Email me when a client books'));
    expect(toggle).not.toBeChecked();
  });
});
