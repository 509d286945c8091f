// The import screen as a therapist uses it, against the real local Appwrite: choose a file, match
// columns, preview, import in batches, read the summary, download the rejected rows, import the
// same file again. Bad files get their message and import nothing.
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../shared/csv-writer.ts';
import { createClient } from '../api/create-client.ts';
import { listClients } from '../api/list-clients.ts';
import { clientSchemaFor } from '../client-schema.ts';
import { MAPPING_MESSAGES } from './column-mapping.ts';
import { ClientImportPage } from './client-import-page.tsx';
import { ENCODING_TEXTS } from './import-encoding.tsx';
import { IMPORT_FILE_MESSAGES } from './import-file.ts';
import { clearImportRun } from './import-run.ts';
import { actAs, createTherapist, startLocalAppwrite, type LocalAppwrite, type Therapist } from '../../../test/local-appwrite.ts';

let server: LocalAppwrite;

// jsdom's File has no arrayBuffer() (every browser's has); its FileReader reads the same bytes.
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(this);
  });
};

// Events off: each imported client queues an audit run, and closing the server waits for them all
// (the afterAll hook ran past its 10 s on a loaded machine). What an import records in the audit
// log is import-run.test.ts's subject, not this screen's.
beforeAll(async () => {
  server = await startLocalAppwrite({ events: false });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  clearImportRun();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signedIn(label: string): Promise<Therapist> {
  const therapist = await createTherapist(server, label);
  actAs(server, therapist);
  useAuthStore.setState({ user: { $id: therapist.id } as AuthUser });
  return therapist;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/dashboard/clients/import']}>
      <QueryProvider>
        <ClientImportPage />
      </QueryProvider>
    </MemoryRouter>,
  );
  return userEvent.setup({ applyAccept: false });
}

const csvFile = (rows: (string | number)[][], name = 'clients.csv') => new File([toCsv(rows)], name, { type: 'text/csv' });
const fileInput = () => screen.findByLabelText('CSV file');

// SimplePractice's export headers; row 3 is a stored client (same email), row 5 repeats row 2,
// row 6 has no last name.
const FILE = [
  ['Legal first name', 'Legal last name', 'Email', 'Date of birth', 'Client status'],
  ['Ana', 'Rivera', 'ana@example.com', '03/14/1985', 'Active'],
  ['Ben', 'Stored', 'ben@example.com', '', 'Active'],
  ['Cleo', 'Park', '', '1990-01-02', 'Prospective'],
  ['ana', 'rivera', 'ANA@example.com', '', ''],
  ['Dee', '', 'dee@example.com', '', ''],
];

describe('ClientImportPage (issue #13 client import)', () => {
  it('imports a file: matched columns, a preview with problems, batches with progress, a summary, rejected rows as CSV; the same file again adds nothing', async () => {
    const therapist = await signedIn('importer');
    await createClient(therapist.id, clientSchemaFor().parse({ firstName: 'Benjamin', lastName: 'Stored', email: 'Ben@example.com' }));
    const user = renderPage();

    await user.upload(await fileInput(), csvFile(FILE));
    expect(await screen.findByRole('heading', { name: '2. Match columns' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: /Legal first name/ })).toHaveValue('firstName');
    expect(screen.getByRole('combobox', { name: /Legal last name/ })).toHaveValue('lastName');
    expect(screen.getByRole('combobox', { name: /Client status/ })).toHaveValue('status');
    expect(screen.getByText('2 clients ready to import · 2 duplicates to skip · 1 row with problems')).toBeVisible();
    const preview = screen.getByRole('table', { name: 'First 5 of 5 rows' });
    const rejectedRow = within(preview).getByRole('row', { name: /Dee/ });
    expect(within(rejectedRow).getByText('Not imported')).toBeVisible();
    expect(within(rejectedRow).getByText('Legal last name: Enter the last name.')).toBeVisible();
    expect(within(preview).getByText('Skipped: Same client as row 2.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Import 2 clients' }));
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeVisible();
    const progress = screen.getByRole('progressbar', { name: 'Clients imported' });
    expect(progress).toHaveAttribute('aria-valuenow', '2');
    expect(progress).toHaveAttribute('aria-valuemax', '2');
    const summary = screen.getByRole('list', { name: 'Summary' });
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2 imported', '2 skipped as duplicates', '1 rejected']);
    const stored = await listClients(therapist.id);
    expect(stored.map((client) => `${client.firstName} ${client.lastName}`).sort()).toEqual(['Ana Rivera', 'Benjamin Stored', 'Cleo Park']);

    let downloaded: Blob | undefined;
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (blob: Blob) => ((downloaded = blob), 'blob:rejected');
        static override revokeObjectURL = () => undefined;
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download rejected rows (CSV)' }));
    expect(click.mock.contexts[0]).toMatchObject({ download: 'rejected-rows.csv', href: 'blob:rejected' });
    const text = downloaded && new TextDecoder().decode(await downloaded.arrayBuffer());
    expect(text?.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Row,Problems,Legal first name,Legal last name,Email,Date of birth,Client status',
      '6,Legal last name: Enter the last name.,Dee,,dee@example.com,,',
      '',
    ]);

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    await user.upload(await fileInput(), csvFile(FILE));
    expect(await screen.findByText('0 clients ready to import · 4 duplicates to skip · 1 row with problems')).toBeVisible();
    expect(screen.getByText('Nothing new to import')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import 0 clients' })).toBeDisabled();
  });

  it('asks how a file writes amounts when it cannot tell, shows the fee as it will be stored, and says how national phones are read (issue 29)', async () => {
    await signedIn('amounts');
    const user = renderPage();
    await user.upload(await fileInput(), csvFile([['First name', 'Last name', 'Phone', 'Fee override'], ['Ana', 'Ruiz', '(312) 555-0100', '80,500'], ['Ben', 'Lee', '', '90']]));
    const question = await screen.findByRole('group', { name: 'How does this file write amounts?' });
    expect(within(question).getByRole('radio', { name: 'Decimal comma (1.234,56)' })).not.toBeChecked();
    expect(within(question).getByRole('radio', { name: 'Decimal point (1,234.56)' })).not.toBeChecked();
    expect(screen.getByText(/^Every amount in this file could be read with a decimal comma or a decimal point .* Your practice's country writes a decimal point\.$/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import 1 client' })).toBeDisabled();
    expect(screen.getByText('Phone numbers without + or 00 are read as United States numbers (Practice details → Country).')).toBeVisible();

    await user.click(within(question).getByRole('radio', { name: 'Decimal comma (1.234,56)' }));
    const preview = screen.getByRole('table', { name: 'First 2 of 2 rows' });
    expect(within(within(preview).getByRole('row', { name: /Ana Ruiz/ })).getByText('$80.50 (file: 80,500)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import 2 clients' })).toBeEnabled();
    await user.click(within(question).getByRole('radio', { name: 'Decimal point (1,234.56)' }));
    expect(within(preview).getByText('$80,500.00 (file: 80,500)')).toBeVisible();
  });

  it('reads a file that is not UTF-8 as Windows text, shows the guess with values as read, and reads and imports it the other way when asked', async () => {
    const therapist = await signedIn('encoding');
    const user = renderPage();
    // Excel's "CSV (Comma delimited)" on Windows: Windows-1252, each accented letter one byte.
    const windows1252: Record<string, number> = { é: 0xe9, ë: 0xeb, ü: 0xfc, ú: 0xfa, ñ: 0xf1 };
    const bytesOf = (text: string) => new Uint8Array([...text].map((character) => windows1252[character] ?? character.charCodeAt(0)));
    const onMac = (text: string) => new TextDecoder('macintosh').decode(bytesOf(text));
    const file = 'Prénom,Last name,Email\r\nZoë,Müller,zoe@example.com\r\nJosé,Núñez,jose@example.com\r\n';
    await user.upload(await fileInput(), new File([bytesOf(file)], 'excel-windows.csv', { type: 'text/csv' }));

    expect(await screen.findByText(ENCODING_TEXTS.title)).toBeVisible();
    expect(screen.getByText(ENCODING_TEXTS.body('windows-1252'))).toBeVisible();
    const values = () => within(screen.getByRole('list', { name: ENCODING_TEXTS.values })).getAllByRole('listitem').map((item) => item.textContent);
    expect(values()).toEqual(['Prénom', 'Zoë', 'Müller', 'José', 'Núñez']);
    const question = screen.getByRole('group', { name: 'How was this file saved?' });
    expect(question).toHaveAccessibleDescription('Read as Windows (Western European). Its accented letters make words this way, not symbols.');
    expect(within(question).getByRole('radio', { name: 'Windows (Western European)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Prénom/ })).toHaveAccessibleDescription('For example: Zoë');
    expect(within(screen.getByRole('table', { name: 'First 2 of 2 rows' })).getByRole('row', { name: /Zoë Müller/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import 2 clients' })).toBeEnabled();

    // Read as Mac text: the same bytes, every value, header, sample and preview row as they now read.
    await user.click(within(question).getByRole('radio', { name: 'Mac (Western European)' }));
    expect(values()).toEqual(['Prénom', 'Zoë', 'Müller', 'José', 'Núñez'].map(onMac));
    expect(onMac('Zoë')).toBe('ZoÎ');
    expect(screen.getByText(ENCODING_TEXTS.body('macintosh'))).toBeVisible();
    expect(question).toHaveAccessibleDescription('Read as Mac (Western European).');
    expect(within(question).getByRole('radio', { name: 'Mac (Western European)' })).toBeChecked();
    const firstName = screen.getByRole('combobox', { name: new RegExp(`^${onMac('Prénom')}`) });
    expect(firstName).toHaveAccessibleDescription(`For example: ${onMac('Zoë')}`);
    expect(firstName).toHaveValue('firstName');
    expect(within(screen.getByRole('table', { name: 'First 2 of 2 rows' })).getByRole('row', { name: new RegExp(`${onMac('Zoë')} ${onMac('Müller')}`) })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Import 2 clients' }));
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeVisible();
    const stored = await listClients(therapist.id);
    expect(stored.map((client) => `${client.firstName} ${client.lastName}`).sort()).toEqual([`${onMac('José')} ${onMac('Núñez')}`, `${onMac('Zoë')} ${onMac('Müller')}`].sort());
  });

  it('keeps the reading it has, and says why, when the other reading of the bytes cannot be imported', async () => {
    await signedIn('encoding-refused');
    const user = renderPage();
    // 0xCA is Ê on Windows but a no-break space on a Mac: read as Mac, the only row is blank.
    await user.upload(await fileInput(), new File([new Uint8Array([...new TextEncoder().encode('First name,Last name\n'), 0xca, 0x2c, 0xca, 0x0a])], 'clients.csv'));
    const question = await screen.findByRole('group', { name: 'How was this file saved?' });
    expect(question).toHaveAccessibleDescription('Read as Windows (Western European). Both readings look alike, so the more common one is used.');
    await user.click(within(question).getByRole('radio', { name: 'Mac (Western European)' }));
    expect(within(question).getByText(ENCODING_TEXTS.refused('macintosh', IMPORT_FILE_MESSAGES.headerOnly))).toBeVisible();
    expect(within(question).getByRole('radio', { name: 'Windows (Western European)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Import 1 client' })).toBeEnabled();
  });

  it('lets columns be matched by hand, and says what is missing until a first and last name are', async () => {
    await signedIn('remapper');
    const user = renderPage();
    await user.upload(await fileInput(), csvFile([['Given', 'Family', 'Notes'], ['Ana', 'Rivera', 'prefers mornings']]));

    const alert = await screen.findByText(MAPPING_MESSAGES.needsName);
    expect(alert).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import 0 clients' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: /Given/ }), 'First name');
    expect(screen.getByText(MAPPING_MESSAGES.needsLastName)).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: /Family/ }), 'Last name');
    expect(screen.queryByText(MAPPING_MESSAGES.needsLastName)).toBeNull();
    expect(screen.getByRole('combobox', { name: /Notes/ })).toHaveValue('adminNotes');
    await user.selectOptions(screen.getByRole('combobox', { name: /Notes/ }), "Don't import");
    expect(screen.getByRole('button', { name: 'Import 1 client' })).toBeEnabled();
  });

  it.each([
    ['a header only', csvFile([['First name', 'Last name']]), IMPORT_FILE_MESSAGES.headerOnly],
    ['an empty file', new File([], 'clients.csv'), IMPORT_FILE_MESSAGES.empty],
    ['a spreadsheet workbook', new File(['PK\u0003\u0004'], 'clients.xlsx'), IMPORT_FILE_MESSAGES.spreadsheet],
    ['a PDF', new File(['%PDF-1.7'], 'clients.pdf'), IMPORT_FILE_MESSAGES.notCsv],
    ['broken quoting', new File(['First name,Last name\r\n"Ana,Rivera\r\n'], 'clients.csv'), IMPORT_FILE_MESSAGES.brokenQuotes(2)],
    ['text marked UTF-8 that is not', new File([new Uint8Array([0xef, 0xbb, 0xbf, 0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x5a, 0x6f, 0xeb])], 'clients.csv'), IMPORT_FILE_MESSAGES.unreadableText],
  ])('refuses %s with its message, at the file input, and goes no further', async (_what, file, message) => {
    await signedIn('bad-file');
    const user = renderPage();
    const input = await fileInput();
    await user.upload(input, file);
    expect(await screen.findByText(message)).toBeVisible();
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: '2. Match columns' })).toBeNull();
  });
});
