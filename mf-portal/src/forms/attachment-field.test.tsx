import { useMemo } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAttribute, MIME_TYPE_EXTENSION, type AnswerValues, type Questionnaire } from '@cadence/shared-auth/forms';
import { answersFrom, fieldMap } from './form-values.ts';
import { FormRenderer } from './form-renderer.tsx';
import { useFormDraft } from './use-form-draft.ts';
import { describeFormFile, discardFormFile, saveDraft, submitForm, uploadFormFile } from './forms-api.ts';

vi.mock('./forms-api.ts', async (original) => ({
  ...(await original<typeof import('./forms-api.ts')>()),
  saveDraft: vi.fn(),
  submitForm: vi.fn(),
  uploadFormFile: vi.fn(),
  describeFormFile: vi.fn(),
  discardFormFile: vi.fn(),
}));

const q: Questionnaire = {
  resourceType: 'Questionnaire', url: 'https://cadence.app/forms/copies/card', version: '1', title: 'Card', status: 'active',
  item: [{ linkId: 'card', text: 'Photo of your insurance card (front and back)', type: 'attachment', required: true }],
};

function Harness({ form = q, draft = {} }: { form?: Questionnaire; draft?: AnswerValues }) {
  const map = useMemo(() => fieldMap(form), [form]);
  const state = useFormDraft({ requestId: 'req-upload', questionnaire: form, map, server: { draft, revision: 0 } });
  return <FormRenderer questionnaire={form} map={map} draft={state} onSubmit={(fields) => submitForm('req-upload', answersFrom(map, fields))} />;
}

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'card.png', { type: 'image/png' });

beforeEach(() => {
  localStorage.clear();
  vi.mocked(saveDraft).mockReset().mockResolvedValue({ kind: 'saved', revision: 1 });
  vi.mocked(submitForm).mockReset().mockResolvedValue(undefined);
  vi.mocked(uploadFormFile).mockReset().mockResolvedValue({ fileId: 'file1', name: 'card.png', size: 2_400_000 });
  vi.mocked(describeFormFile).mockReset().mockResolvedValue({ fileId: 'file9', name: 'earlier.jpg', size: 340_000 });
  vi.mocked(discardFormFile).mockReset().mockResolvedValue(undefined);
});

describe('a file-upload question', () => {
  it('is a labelled, required file input taking PDFs and photos (the phone offers its camera)', async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Photo of your insurance card/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription(/PDF or a photo \(JPEG, PNG, HEIC or WebP\), up to 10 MB/);
    expect(input.getAttribute('accept')).toContain('image/heic');
    expect(input.getAttribute('accept')).toContain('application/pdf');
  });

  it('the accept list follows the kinds the item takes', () => {
    const images = { linkId: 'x', text: 'x', type: 'attachment' as const, extension: [{ url: MIME_TYPE_EXTENSION, valueCode: 'image/jpeg' }] };
    expect(acceptAttribute(images)).toBe('image/jpeg,.jpg,.jpeg');
  });

  it('required and left out: the spec-like message, linked from the summary; nothing is sent', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Photo of your insurance card (front and back): Upload a file.');
    expect(within(summary).getByRole('link')).toHaveAttribute('href', `#${screen.getByLabelText(/Photo of your insurance card/).id}`);
    expect(submitForm).not.toHaveBeenCalled();
  });

  it('uploads the chosen file at once and answers with its id; Remove deletes it and clears the answer', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText(/Photo of your insurance card/), photo());
    expect(await screen.findByText('Uploaded: card.png (2.4 MB)')).toBeInTheDocument();
    expect(uploadFormFile).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitForm).toHaveBeenCalledWith('req-upload', { card: 'file1' }));
    await user.click(screen.getByRole('button', { name: 'Remove card.png' }));
    expect(discardFormFile).toHaveBeenCalledWith('file1');
    expect(screen.queryByText(/Uploaded:/)).toBeNull();
    expect(screen.getByLabelText(/Photo of your insurance card/)).toHaveFocus();
  });

  it('Storage’s refusals read in plain words', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    const input = screen.getByLabelText(/Photo of your insurance card/);
    vi.mocked(uploadFormFile).mockRejectedValueOnce(new AppwriteException('File extension not allowed', 400, 'storage_file_type_unsupported'));
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('This kind of file can’t be uploaded here. Choose a PDF or a photo (JPEG, PNG, HEIC or WebP).')).toBeInTheDocument();
    vi.mocked(uploadFormFile).mockRejectedValueOnce(new AppwriteException('File size not allowed', 400, 'storage_invalid_file_size'));
    await user.upload(input, photo());
    expect(await screen.findByText(/larger than 10 MB/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('a draft’s file shows by its name', async () => {
    render(<Harness draft={{ card: 'file9' }} />);
    expect(await screen.findByText('Uploaded: earlier.jpg (340 KB)')).toBeInTheDocument();
    expect(describeFormFile).toHaveBeenCalledWith('file9');
  });
});
