import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer, MessageThread } from '@cadence/shared-ui/messages';

const labels = { message: 'Message', hint: 'Up to 10,000 characters.', attach: 'Attach a file (optional)', attachHint: 'A PDF or an image.', remove: 'Remove', send: 'Send', sending: 'Sending…' };

function Composer({ onSend }: { onSend: (text: string, file: File | null) => void }) {
  const [value, setValue] = useState('');
  const [file, setFile] = useState<File | null>(null);
  return (
    <MessageComposer notice={<p>Crisis notice</p>} value={value} onChange={setValue} file={file} onFile={setFile} onSend={() => onSend(value, file)} sending={false} labels={labels} accept=".pdf" />
  );
}

describe('MessageThread', () => {
  it('names each message by sender and time, the reader’s own apart, with an attachment to open and a receipt', async () => {
    const onOpen = vi.fn();
    render(
      <MessageThread
        label="Messages with Calm Harbor"
        empty="No messages yet."
        messages={[
          { id: 'm1', mine: false, sender: 'Calm Harbor', body: 'Here is the worksheet.', time: 'Tue, Dec 1, 2026, 9:30 AM', sentAt: '2026-12-01T14:30:00Z', attachment: { name: 'worksheet.pdf', detail: '12 KB', onOpen } },
          { id: 'm2', mine: true, sender: 'You', body: 'Thank you', time: 'Tue, Dec 1, 2026, 9:35 AM', sentAt: '2026-12-01T14:35:00Z', receipt: 'Read' },
        ]}
      />,
    );
    const thread = screen.getByRole('region', { name: 'Messages with Calm Harbor' });
    expect(within(thread).getByRole('article', { name: 'Calm Harbor, Tue, Dec 1, 2026, 9:30 AM' })).toHaveTextContent('Here is the worksheet.');
    await userEvent.click(within(thread).getByRole('button', { name: /worksheet\.pdf/ }));
    expect(onOpen).toHaveBeenCalledOnce();
    expect(within(thread).getByText('Read')).toBeVisible();
    expect(screen.queryByText('No messages yet.')).toBeNull();
  });
});

describe('MessageComposer', () => {
  it('shows the notice above a labelled message box and file input; Send and Ctrl+Enter send what is typed', async () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    expect(screen.getByText('Crisis notice')).toBeVisible();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello');
    await userEvent.upload(screen.getByLabelText('Attach a file (optional)'), new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenLastCalledWith('Hello', expect.objectContaining({ name: 'notes.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove notes.pdf' }));
    await userEvent.type(box, ' again{Control>}{Enter}{/Control}');
    expect(onSend).toHaveBeenLastCalledWith('Hello again', null);
  });
});
