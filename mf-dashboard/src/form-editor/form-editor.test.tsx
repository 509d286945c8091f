// The form editor's screen (issue 31): reorder by keyboard with an announcement, delete with Undo,
// a show-if built from an earlier question, problems beside their fields and no save while there are
// any. The Appwrite calls are replaced at forms-api; backend/test/form-editor.test.ts drives the real ones.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import type { Questionnaire } from '@cadence/shared-auth/forms';
import { formTemplateOf } from '@cadence/shared-auth/forms/templates';
import { QueryProvider, queryClient } from '@cadence/shared-auth/query';
import { FormEditor } from './form-editor.tsx';
import { copyOfTemplate } from './form-model.ts';
import { savePracticeForm, type PracticeForm } from './forms-api.ts';

vi.mock('./forms-api.ts', async (original) => ({ ...(await original<typeof import('./forms-api.ts')>()), savePracticeForm: vi.fn() }));

const emergency = (): PracticeForm => ({
  id: 'form1', templateId: 'emergency-contact', title: 'Emergency contact', version: 1, archived: false, updatedAt: '2026-11-02T15:00:00.000Z',
  questionnaire: copyOfTemplate(formTemplateOf('emergency-contact') as Questionnaire, 'form1'),
});

beforeEach(() => {
  vi.resetAllMocks();
  queryClient.clear();
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Dana' } as AuthUser, status: 'signedIn' });
  vi.mocked(savePracticeForm).mockImplementation(async (_user, form, edited) => ({ ...form, version: 2, questionnaire: { ...edited, version: '2' } }));
});

const renderEditor = () => render(<QueryProvider><FormEditor form={emergency()} onBack={() => undefined} /></QueryProvider>);
const itemTexts = () => within(screen.getByRole('list', { name: 'Items' })).getAllByLabelText('Question').map((input) => (input as HTMLInputElement).value);

describe('FormEditor (issue 31)', () => {
  it('adds a required question, moves it up by keyboard (announced), gives it a show-if, and saves the result', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.selectOptions(screen.getByLabelText('Type of the new item'), 'boolean');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const newText = screen.getAllByLabelText('Question').at(-1) as HTMLInputElement;
    expect(newText).toHaveFocus();
    await user.paste('Is this person your guardian?');

    // Saving with a blank required option elsewhere is refused first: add a choice without text.
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(savePracticeForm).not.toHaveBeenCalled();
    expect(screen.getByText('Fix 1 problem before saving.')).toBeInTheDocument();
    const blank = screen.getAllByLabelText('Question').at(-1) as HTMLInputElement;
    expect(blank).toHaveAccessibleDescription('A question needs text.');
    // Delete it, then Undo brings it back, then delete again.
    await user.click(screen.getByRole('button', { name: 'Delete item 5' }));
    expect(screen.getByText('Deleted item 5.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByLabelText('Question')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Delete item 5' }));
    expect(screen.getAllByLabelText('Question')).toHaveLength(4);

    // Move the new question up one place with the keyboard.
    screen.getByRole('button', { name: 'Move “Is this person your guardian?” up' }).focus();
    await user.keyboard('{Enter}');
    expect(itemTexts()).toEqual(['Full name', 'Relationship to you', 'Is this person your guardian?', 'Phone']);
    expect(screen.getByText('Moved “Is this person your guardian?” to position 3 of 4.')).toHaveAttribute('aria-live', 'polite');

    // Show the phone only if the new question is answered Yes.
    const phone = screen.getByRole('region', { name: '4. Short answer' });
    await user.click(within(phone).getByRole('button', { name: 'Add a show-if' }));
    const questionSelect = within(phone).getByLabelText('Question', { selector: 'select' });
    expect(within(questionSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Full name', 'Relationship to you', 'Is this person your guardian?']);
    await user.selectOptions(questionSelect, 'q1');
    await user.selectOptions(within(phone).getByLabelText('Answer'), '=');
    await user.click(within(phone).getByRole('button', { name: 'Apply' }));
    expect(within(phone).getByLabelText('Value')).toHaveAccessibleDescription('Choose yes or no.');
    await user.selectOptions(within(phone).getByLabelText('Value'), 'true');
    await user.click(within(phone).getByRole('button', { name: 'Apply' }));
    expect(within(phone).getByText('“Is this person your guardian?” is “Yes”')).toBeInTheDocument();

    // The live preview follows the show-if: Phone appears once the preview's answer is Yes.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).queryByLabelText(/^Phone/)).toBeNull();
    await user.click(within(within(preview).getByRole('group', { name: /Is this person your guardian/ })).getByLabelText('Yes'));
    expect(within(preview).getByLabelText(/^Phone/)).toBeInTheDocument();

    await user.click(within(screen.getByRole('region', { name: '3. Yes or no' })).getByLabelText('Required'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();
    const saved = vi.mocked(savePracticeForm).mock.calls[0]![2];
    expect(saved.item.map((i) => i.linkId)).toEqual(['emergencyContactName', 'emergencyContactRelationship', 'q1', 'emergencyContactPhone']);
    expect(saved.item[2]).toMatchObject({ type: 'boolean', text: 'Is this person your guardian?', required: true });
    expect(saved.item[3]!.enableWhen).toEqual([{ question: 'q1', operator: '=', answerBoolean: true }]);
  }, 60_000);

  it('an item of a type the editor does not offer yet (the model gains one) is named by its type and kept as it is', async () => {
    const form = emergency();
    const later = { linkId: 'weight', text: 'Weight', type: 'quantity' } as unknown as Questionnaire['item'][number];
    form.questionnaire = { ...form.questionnaire, item: [...form.questionnaire.item, later] };
    render(<QueryProvider><FormEditor form={form} onBack={() => undefined} /></QueryProvider>);
    const item = screen.getByRole('region', { name: '4. quantity' });
    expect(within(item).getByLabelText('Type')).toHaveValue('quantity');
  });

  it('adds a required file upload for images only, with a show-if, and the preview offers a file input', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.selectOptions(screen.getByLabelText('Type of the new item'), 'attachment');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.paste('Photo of your insurance card (front and back)');
    const upload = screen.getByRole('region', { name: '4. File upload' });
    await user.click(within(upload).getByLabelText('Required'));
    const kinds = within(upload).getByRole('group', { name: 'Files the client may upload' });
    expect(within(kinds).getByLabelText('PDF')).toBeChecked();
    await user.click(within(kinds).getByLabelText('PDF'));
    // The last kind left cannot be unticked: an upload takes something.
    expect(within(kinds).getByLabelText(/Photos and images/)).toBeDisabled();
    await user.click(within(upload).getByRole('button', { name: 'Add a show-if' }));
    await user.selectOptions(within(upload).getByLabelText('Question', { selector: 'select' }), 'emergencyContactName');
    await user.selectOptions(within(upload).getByLabelText('Answer'), 'answered');
    await user.click(within(upload).getByRole('button', { name: 'Apply' }));

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).queryByLabelText(/Photo of your insurance card/)).toBeNull();
    await user.type(within(preview).getByLabelText(/^Full name/), 'Sam');
    const input = within(preview).getByLabelText(/Photo of your insurance card/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input.getAttribute('accept')).not.toContain('pdf');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();
    const saved = vi.mocked(savePracticeForm).mock.calls[0]![2];
    expect(saved.item[3]).toMatchObject({
      linkId: 'q1', type: 'attachment', text: 'Photo of your insurance card (front and back)', required: true,
      enableWhen: [{ question: 'emergencyContactName', operator: 'exists', answerBoolean: true }],
    });
    expect(saved.item[3]!.extension?.map((e) => e.valueCode)).toEqual(['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp']);
  }, 60_000);
});
