import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../shared/schema-fields.ts';
import {
  isCptCode,
  isServiceReady,
  pickableServices,
  SERVICE_COLOR_NAMES,
  SERVICE_COLORS,
  SERVICE_MESSAGES,
  serviceLabel,
  serviceSchema,
  SUGGESTED_SERVICES,
  suggestedServices,
} from './services.ts';

function messages(input: unknown): Record<string, string> {
  const result = serviceSchema.safeParse(input);
  return result.success ? {} : fieldMessages(result.error);
}

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('a service: name, code, duration, fee, colour, archived', () => {
  it('accepts a full service and fills in defaults', () => {
    expect(serviceSchema.parse({ name: ' Couples session ', serviceCode: '90847', durationMinutes: '50', fee: 17500 })).toEqual({
      name: 'Couples session',
      serviceCode: '90847',
      durationMinutes: 50,
      fee: 17500,
      currency: 'USD',
      color: 'blue',
      archived: false,
    });
  });

  it('takes a free-text code, or none', () => {
    expect(serviceSchema.parse({ name: 'Coaching', serviceCode: 'COACH-1', durationMinutes: 30 }).serviceCode).toBe('COACH-1');
    expect(serviceSchema.parse({ name: 'Coaching', serviceCode: '', durationMinutes: 30 }).serviceCode).toBeNull();
  });

  it('allows 5 to 480 whole minutes', () => {
    expect(serviceSchema.parse({ name: 'Check-in', durationMinutes: 5 }).durationMinutes).toBe(5);
    expect(serviceSchema.parse({ name: 'Intensive', durationMinutes: 480 }).durationMinutes).toBe(480);
    for (const durationMinutes of [4, 481, 0, -30, 45.5, 'forty', null, undefined]) {
      expect(messages({ name: 'x', durationMinutes }), String(durationMinutes)).toEqual({ durationMinutes: SERVICE_MESSAGES.duration });
    }
  });

  it('keeps the fee in minor units, null until it is set', () => {
    expect(serviceSchema.parse({ name: 'x', durationMinutes: 45 }).fee).toBeNull();
    expect(serviceSchema.parse({ name: 'x', durationMinutes: 45, fee: 0 }).fee).toBe(0);
    expect(messages({ name: 'x', durationMinutes: 45, fee: -1 })).toEqual({ fee: 'Enter an amount of zero or more.' });
    expect(messages({ name: 'x', durationMinutes: 45, fee: 99.5 })).toEqual({ fee: SERVICE_MESSAGES.fee });
    expect(messages({ name: 'x', durationMinutes: 45, fee: true })).toEqual({ fee: SERVICE_MESSAGES.fee });
  });

  it('reads a typed fee in the service currency: "120" is $120, never 120 cents', () => {
    expect(serviceSchema.parse({ name: 'x', durationMinutes: 45, fee: '120' }).fee).toBe(12000);
    expect(serviceSchema.parse({ name: 'x', durationMinutes: 45, fee: '$1,200.50' }).fee).toBe(120050);
    expect(serviceSchema.parse({ name: 'x', durationMinutes: 45, fee: '12000', currency: 'JPY' }).fee).toBe(12000);
    expect(serviceSchema.parse({ name: 'x', durationMinutes: 45, fee: '' }).fee).toBeNull();
    expect(messages({ name: 'x', durationMinutes: 45, fee: '120.555' })).toEqual({ fee: 'USD amounts have at most 2 decimal places.' });
    expect(messages({ name: 'x', durationMinutes: 45, fee: '-5' })).toEqual({ fee: 'Enter an amount of zero or more.' });
    expect(messages({ name: '', durationMinutes: 45, fee: 'lots' })).toEqual({ name: 'Enter the service name.', fee: 'Enter an amount like 120 or 120.50.' });
  });

  it('gives each bad field its message', () => {
    expect(messages({ name: '', serviceCode: 'x'.repeat(21), durationMinutes: 45, color: 'chartreuse', archived: 'no', currency: 'XYZ' })).toEqual({
      name: 'Enter the service name.',
      serviceCode: 'The service code can be at most 20 characters.',
      color: SERVICE_MESSAGES.color,
      archived: SERVICE_MESSAGES.archived,
      currency: 'Choose a currency from the list (a three-letter ISO 4217 code such as USD).',
    });
    expect(serviceSchema.safeParse(null).success).toBe(false);
  });

  it('recognises CPT-shaped codes', () => {
    for (const code of ['90791', '90834', '90837', '0001F', '0042T', '0001U', ' 90834 ']) expect(isCptCode(code), code).toBe(true);
    for (const code of ['9083', '908345', 'COACH', '', null, '0001X']) expect(isCptCode(code), String(code)).toBe(false);
  });
});

describe('the palette is accessible', () => {
  it('every colour carries its text at WCAG AA contrast (4.5:1)', () => {
    for (const name of SERVICE_COLOR_NAMES) {
      const color = SERVICE_COLORS[name];
      expect(contrast(color.background, color.text), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has distinct colours', () => {
    const backgrounds = SERVICE_COLOR_NAMES.map((name) => SERVICE_COLORS[name].background);
    expect(new Set(backgrounds).size).toBe(backgrounds.length);
  });
});

describe('the suggested services of a new practice', () => {
  it('are 90791 Intake assessment 60 min, 90834 Psychotherapy 45 min, 90837 Psychotherapy 60 min, fees to fill', () => {
    expect(SUGGESTED_SERVICES.map(({ serviceCode, name, durationMinutes, fee }) => [serviceCode, name, durationMinutes, fee])).toEqual([
      ['90791', 'Intake assessment', 60, null],
      ['90834', 'Psychotherapy', 45, null],
      ['90837', 'Psychotherapy', 60, null],
    ]);
    for (const service of SUGGESTED_SERVICES) expect(serviceSchema.parse(service)).toEqual(service);
  });

  it('take the practice currency, and are not ready until a fee is set', () => {
    const services = suggestedServices('EUR');
    expect(services.every((service) => service.currency === 'EUR')).toBe(true);
    expect(services.some(isServiceReady)).toBe(false);
    expect(isServiceReady({ ...services[0]!, fee: 20000 })).toBe(true);
    expect(SERVICE_MESSAGES.feeNeeded('Intake assessment')).toBe('Set a fee for Intake assessment before using it.');
  });
});

describe('pickers', () => {
  it('leave archived services out and sort by name, then code', () => {
    const services = [
      { name: 'Psychotherapy', serviceCode: '90837', archived: false },
      { name: 'Old group', serviceCode: null, archived: true },
      { name: 'Intake assessment', serviceCode: '90791', archived: false },
      { name: 'Psychotherapy', serviceCode: '90834', archived: false },
    ];
    expect(pickableServices(services).map((s) => s.serviceCode)).toEqual(['90791', '90834', '90837']);
    expect(services).toHaveLength(4);
    expect(isServiceReady({ fee: 100, archived: true })).toBe(false);
  });

  it('label a service with its code and duration', () => {
    expect(serviceLabel({ name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45 })).toBe('Psychotherapy (90834, 45 min)');
    expect(serviceLabel({ name: 'Coaching', serviceCode: null, durationMinutes: 30 })).toBe('Coaching (30 min)');
  });
});
