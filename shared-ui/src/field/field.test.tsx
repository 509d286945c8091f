import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateInput, Field, Select, Textarea, TextInput } from '@cadence/shared-ui';
import { TimeInput } from '@cadence/shared-ui/bundled';

describe('Field and the text-like controls', () => {
  it('names the control by its label and describes it by its hint', () => {
    render(<TextInput label="Email" hint="We send receipts here." type="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We send receipts here.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and adds the error to its description', () => {
    render(<TextInput label="Email" hint="We send receipts here." error="Enter a valid email address." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We send receipts here. Enter a valid email address.');
    expect(screen.getByText('Enter a valid email address.')).toBeVisible();
  });

  it('keeps the accessible name to the label when required (the control says it is required)', () => {
    render(<TextInput label="First name" required />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toBeRequired();
    expect(screen.getByText('(required)')).toHaveAttribute('aria-hidden', 'true');
  });

  it('passes the wiring to any control through the render prop', () => {
    render(
      <Field label="Amount" error="Too high">
        {(control) => <input {...control} type="range" />}
      </Field>,
    );
    const slider = screen.getByRole('slider', { name: 'Amount' });
    expect(slider).toHaveAttribute('aria-invalid', 'true');
    expect(slider).toHaveAccessibleDescription('Too high');
  });

  it('types into a controlled input and a textarea', async () => {
    function Form() {
      const [note, setNote] = useState('');
      return (
        <>
          <Textarea label="Session note" value={note} onChange={(event) => setNote(event.target.value)} />
          <output>{note}</output>
        </>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Session note' }), 'Calm, engaged.');
    expect(screen.getByRole('status')).toHaveTextContent('Calm, engaged.');
  });

  it('offers a select with a placeholder choice', async () => {
    render(
      <Select
        label="Service"
        placeholder="Choose a service…"
        defaultValue=""
        options={[
          { value: 'intake', label: 'Intake (60 min)' },
          { value: 'follow-up', label: 'Follow-up (50 min)' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Service' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a service…', 'Intake (60 min)', 'Follow-up (50 min)']);
    await userEvent.selectOptions(select, 'follow-up');
    expect(select).toHaveValue('follow-up');
  });

  it('has date and time inputs named by their labels', () => {
    render(
      <>
        <DateInput label="Date of birth" defaultValue="1990-04-02" />
        <TimeInput label="Start time" defaultValue="09:30" error="Outside office hours" />
      </>,
    );
    const date = screen.getByLabelText('Date of birth');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveValue('1990-04-02');
    const time = screen.getByLabelText('Start time');
    expect(time).toHaveAttribute('type', 'time');
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveAccessibleDescription('Outside office hours');
  });
});
