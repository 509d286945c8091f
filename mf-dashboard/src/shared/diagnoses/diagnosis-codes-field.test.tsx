import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DiagnosisCodesField, NOT_IN_LIST } from './diagnosis-codes-field.tsx';

function Harness({ initial }: { initial: string[] }) {
  const [codes, setCodes] = useState(initial);
  return (
    <>
      <DiagnosisCodesField label="Diagnosis codes" codes={codes} onChange={setCodes} />
      <output data-testid="codes">{codes.join(',')}</output>
    </>
  );
}

describe('the diagnosis picker (issue 37: ICD-10-CM by words)', () => {
  it('shows the chosen codes with their descriptions, adds one found by words, and removes one', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['F41.1']} />);
    const chosen = screen.getByRole('list', { name: 'Diagnosis codes: chosen' });
    expect(await within(chosen).findByText('Generalized anxiety disorder')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Diagnosis codes' }), 'panic');
    const option = await screen.findByRole('option', { name: 'F41.0 Panic disorder [episodic paroxysmal anxiety]' });
    expect(screen.queryByRole('option', { name: /^F41\.1 / })).toBeNull();
    await user.click(option);
    expect(screen.getByTestId('codes')).toHaveTextContent('F41.1,F41.0');
    expect(within(chosen).getByText('(primary)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove F41.1' }));
    expect(screen.getByTestId('codes')).toHaveTextContent(/^F41\.0$/);
  });

  it('offers a well-formed code outside the list as typed, marked to be checked', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    await user.type(screen.getByRole('combobox', { name: 'Diagnosis codes' }), 'r45851');
    const typed = await screen.findByRole('option', { name: /^R45\.851/ });
    expect(typed).toHaveTextContent(NOT_IN_LIST);
    await user.click(typed);
    expect(screen.getByTestId('codes')).toHaveTextContent('R45.851');
    expect(await within(screen.getByRole('list', { name: 'Diagnosis codes: chosen' })).findByText(NOT_IN_LIST)).toBeInTheDocument();
  });
});
