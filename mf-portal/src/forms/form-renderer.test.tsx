import { useMemo } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValues, Questionnaire } from '@cadence/shared-auth/forms';
import { formTemplateOf } from '@cadence/shared-auth/forms/templates';
import { answersFrom, fieldMap, fieldsFrom } from './form-values.ts';
import { FormRenderer } from './form-renderer.tsx';
import { readLocalFormDraft, useFormDraft } from './use-form-draft.ts';
import { AnswersRefusedError, saveDraft, submitForm } from './forms-api.ts';

vi.mock('./forms-api.ts', async (original) => ({
  ...(await original<typeof import('./forms-api.ts')>()),
  saveDraft: vi.fn(),
  submitForm: vi.fn(),
}));

const demographics = formTemplateOf('demographics')!;

function Harness({ q, draft = {}, revision = 0 }: { q: Questionnaire; draft?: AnswerValues; revision?: number }) {
  const map = useMemo(() => fieldMap(q), [q]);
  const state = useFormDraft({ requestId: 'req1', questionnaire: q, map, server: { draft, revision } });
  return <FormRenderer questionnaire={q} map={map} draft={state} onSubmit={(fields) => submitForm('req1', answersFrom(map, fields))} />;
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(saveDraft).mockReset().mockResolvedValue({ kind: 'saved', revision: 1 });
  vi.mocked(submitForm).mockReset().mockResolvedValue(undefined);
});

describe('form values', () => {
  it('inputs keep what was typed; answers are of their kind; an open-choice label is its option', () => {
    const q: Questionnaire = {
      resourceType: 'Questionnaire', url: 'u', version: '1', title: 't', status: 'active', item: [
        { linkId: 'a.b', text: 'Dotted', type: 'integer' }, { linkId: 'ok', text: 'OK?', type: 'boolean' },
        { linkId: 'how', text: 'How', type: 'open-choice', answerOption: [{ valueCoding: { code: 'web', display: 'Website' } }] },
      ],
    };
    const map = fieldMap(q);
    expect(answersFrom(map, { q0: ' 42 ', q1: 'false', q2: 'website' })).toEqual({ 'a.b': 42, ok: false, how: 'web' });
    expect(answersFrom(map, { q0: '4x', q1: '', q2: 'my doctor' })).toEqual({ 'a.b': '4x', how: 'my doctor' });
    expect(fieldsFrom(map, { 'a.b': 0, ok: true, how: 'web' })).toEqual({ q0: '0', q1: 'true', q2: 'Website' });
  });
});

describe('FormRenderer', () => {
  it('labels every question, marks the required ones, and shows a question only while its condition holds', async () => {
    const user = userEvent.setup();
    render(<Harness q={demographics} />);
    expect(screen.getByLabelText(/First name/)).toBeRequired();
    expect(screen.getByLabelText(/Date of birth/)).toHaveAttribute('type', 'date');
    expect(screen.getByRole('group', { name: 'Home address' })).toBeInTheDocument();
    // Voicemail is asked unless the client prefers email only.
    expect(screen.getByRole('group', { name: /voicemail/ })).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: /How may we contact you/ })).getByLabelText('Email'));
    expect(screen.queryByRole('group', { name: /voicemail/ })).toBeNull();
    await user.click(within(screen.getByRole('group', { name: /How may we contact you/ })).getByLabelText('Phone'));
    expect(screen.getByRole('group', { name: /voicemail/ })).toBeInTheDocument();
  });

  it('a submit with required answers missing lists them, linked to their fields, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<Harness q={demographics} />);
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual(['Last name: Answer this question.', 'Date of birth: Answer this question.']);
    expect(submitForm).not.toHaveBeenCalled();
  });

  it('answers autosave after typing pauses, stay on this device until saved, and come back when the form is opened again', async () => {
    const user = userEvent.setup();
    let resolveSave: (value: { kind: 'saved'; revision: number }) => void = () => undefined;
    vi.mocked(saveDraft).mockImplementationOnce(() => new Promise((resolve) => { resolveSave = resolve; }));
    const { unmount } = render(<Harness q={demographics} />);
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await waitFor(() => expect(saveDraft).toHaveBeenCalledWith('req1', { lastName: 'Lovelace' }, 0), { timeout: 3000 });
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    // Not yet on the server: the device holds the words.
    expect(readLocalFormDraft('req1')?.fields).toMatchObject({ q1: 'Lovelace' });
    unmount();
    render(<Harness q={demographics} />);
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Lovelace');
    resolveSave({ kind: 'saved', revision: 1 });
  });

  it('a number half typed is kept on this device but not sent as an answer', async () => {
    const user = userEvent.setup();
    const q: Questionnaire = { ...demographics, item: [{ linkId: 'n', text: 'Sessions so far', type: 'integer' }, { linkId: 's', text: 'Name', type: 'string' }] };
    render(<Harness q={q} />);
    await user.type(screen.getByLabelText('Sessions so far'), '1x');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await waitFor(() => expect(saveDraft).toHaveBeenLastCalledWith('req1', { s: 'Ada' }, 0), { timeout: 3000 });
    expect(readLocalFormDraft('req1')?.fields).toMatchObject({ q0: '1x', q1: 'Ada' });
  });

  it('the server’s refusal names the answer at its field', async () => {
    const user = userEvent.setup();
    vi.mocked(submitForm).mockRejectedValueOnce(new AnswersRefusedError([{ linkId: 'firstName', message: 'Use at most 50 characters.' }], 'Use at most 50 characters.'));
    render(<Harness q={demographics} draft={{ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' }} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('First name: Use at most 50 characters.')).toBeInTheDocument();
    expect(submitForm).toHaveBeenCalledWith('req1', expect.objectContaining({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' }));
  });
});
