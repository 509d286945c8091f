// A submitted form as the client sees it again (issue 31: "a submitted form stays viewable and
// downloadable"): a file uploaded with it downloads from Storage under its own name.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, saveFile } from '@cadence/shared-auth';
import { toResponse, type Questionnaire } from '@cadence/shared-auth/forms';
import { FormAnswers } from './form-answers.tsx';

vi.mock('@cadence/shared-auth', async (original) => ({ ...(await original<typeof import('@cadence/shared-auth')>()), downloadFile: vi.fn(), saveFile: vi.fn() }));

const q: Questionnaire = {
  resourceType: 'Questionnaire', url: 'https://cadence.app/forms/copies/card', version: '1', title: 'Card', status: 'active',
  item: [
    { linkId: 'name', text: 'Your name', type: 'string' },
    { linkId: 'card', text: 'Photo of your insurance card', type: 'attachment' },
  ],
};
const response = toResponse(q, { name: 'Jane Doe', card: 'file1' }, { status: 'completed', files: new Map([['file1', { contentType: 'image/png', size: 2_400_000, title: 'card.png' }]]) });

beforeEach(() => {
  vi.mocked(downloadFile).mockReset();
  vi.mocked(saveFile).mockReset();
});

describe('FormAnswers', () => {
  it('offers the uploaded file for download under its own name, and says so when it fails', async () => {
    const blob = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    vi.mocked(downloadFile).mockResolvedValueOnce(blob).mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<FormAnswers questionnaire={q} response={response} />);
    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Download card.png' });
    await userEvent.click(button);
    expect(downloadFile).toHaveBeenCalledWith('form_uploads', 'file1', 'image/png');
    expect(saveFile).toHaveBeenCalledWith(blob, 'card.png');
    await userEvent.click(button);
    expect(await screen.findByText('The file could not be downloaded. Please try again.')).toBeInTheDocument();
  });
});
