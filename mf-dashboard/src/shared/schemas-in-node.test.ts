// @vitest-environment node
// The practice schemas must validate unchanged inside an Appwrite function (Node, no DOM): this file
// runs them without jsdom, so a browser API slipping into them fails here.
import { describe, expect, it } from 'vitest';
import { clientSchemaFor } from '../clients/client-schema.ts';
import { guessMapping } from '../clients/import/column-mapping.ts';
import { readImportFile } from '../clients/import/import-file.ts';
import { planImport } from '../clients/import/import-rows.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { serviceSchema, SUGGESTED_SERVICES } from '../practice/services.ts';
import { toCsv } from './csv-writer.ts';
import { formatMoney, parseMoney } from '@cadence/shared-auth/money';
import { formatInZone } from './time-zone.ts';

describe('the practice rules run in Node, as an Appwrite function runs them', () => {
  it('has no DOM here', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  });

  it('validates practice settings, services and clients', () => {
    const settings = practiceSettingsSchema.parse({ practiceName: 'Calm Harbor', therapistName: 'Dana Reyes', timeZone: 'America/Denver', npi: '1234567893', taxId: '12-3456789' });
    expect(settings).toMatchObject({ timeZone: 'America/Denver', npi: '1234567893', currency: 'USD' });
    expect(practiceSettingsSchema.safeParse({ practiceName: '', therapistName: 'x', npi: '1234567890' }).success).toBe(false);
    for (const service of SUGGESTED_SERVICES) expect(serviceSchema.parse(service)).toEqual(service);
    expect(clientSchemaFor().parse({ firstName: 'Jane', lastName: 'Doe', email: 'Jane@Example.com', diagnosisCodes: 'f411' })).toMatchObject({
      email: 'Jane@example.com',
      diagnosisCodes: ['F41.1'],
    });
  });

  it('parses money, shows times and reads and writes CSV', () => {
    expect(parseMoney('$1,200.50')).toEqual({ ok: true, value: 120050 });
    expect(formatMoney(120050)).toBe('$1,200.50');
    expect(formatInZone('2026-01-15T14:00:00Z', 'America/New_York', { show: 'time' })).toBe('9:00 AM');
    const bytes = new TextEncoder().encode(toCsv([['First name', 'Last name'], ['Jane', 'Doe']]));
    const parsed = readImportFile({ name: 'clients.csv', size: bytes.length }, bytes);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(planImport(parsed.value, guessMapping(parsed.value.headers), { existing: [] }).counts.ready).toBe(1);
  });
});
