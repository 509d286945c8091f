import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES, detectDateOrder, pivotStatement, readDate, twoDigitYearPivot, type DateOrder } from './import-dates.ts';

const PIVOT = 26; // as in 2026
const read = (text: string, order: DateOrder | null = null) => readDate(text, order, PIVOT);
const value = (text: string, order: DateOrder | null = null) => {
  const reading = read(text, order);
  return reading.ok ? reading.value : reading.message;
};

describe('one date cell', () => {
  it('reads ISO dates, with or without a time, and compact ISO', () => {
    for (const text of ['1985-03-14', '1985-3-14', '1985/03/14', '1985.03.14', '1985-03-14 00:00:00', '1985-03-14T00:00:00Z', '1985-03-14T00:00:00.000+01:00', '19850314']) {
      expect(value(text, 'dmy'), text).toBe('1985-03-14');
      expect(value(text, 'mdy'), text).toBe('1985-03-14');
      expect(value(text), text).toBe('1985-03-14');
    }
  });

  it('reads numeric dates in the order given: dots, slashes, dashes and spaces', () => {
    for (const text of ['04.03.1985', '4.3.1985', '04/03/1985', '04-03-1985', '4 3 1985', '04.03.1985.', '04/03/1985 0:00', '4/3/1985 12:00:00 AM']) {
      expect(value(text, 'dmy'), text).toBe('1985-03-04');
      expect(value(text, 'mdy'), text).toBe('1985-04-03');
    }
  });

  it('reads a date that fits one order only without being told, and refuses it in the other order', () => {
    expect(value('14.07.1991')).toBe('1991-07-14');
    expect(value('07/14/1991')).toBe('1991-07-14');
    expect(value('29.02.1988')).toBe('1988-02-29');
    expect(value('14.07.1991', 'mdy')).toBe(DATE_MESSAGES.notInOrder('14.07.1991', 'mdy', 14));
    expect(value('07/14/1991', 'dmy')).toBe(DATE_MESSAGES.notInOrder('07/14/1991', 'dmy', 14));
    // Same number twice is the same day either way.
    expect(value('03.03.1985')).toBe('1985-03-03');
  });

  it('asks for the order when both readings are days, never guessing', () => {
    expect(read('03.04.1985')).toEqual({ ok: false, message: DATE_MESSAGES.needsOrder('03.04.1985'), needsOrder: true });
    expect(read('1/11/1979')).toMatchObject({ ok: false, needsOrder: true });
  });

  it('reads two-digit years around the stated pivot', () => {
    expect(value('14.07.91')).toBe('1991-07-14');
    expect(value('07/14/26')).toBe('2026-07-14');
    expect(value('07/14/27')).toBe('1927-07-14');
    expect(value('07/14/00')).toBe('2000-07-14');
    expect(read('07/14/91')).toMatchObject({ ok: true, twoDigitYear: true });
    expect(read('07/14/1991')).toMatchObject({ ok: true, twoDigitYear: false });
    expect(pivotStatement(26)).toBe('Two-digit years are read as 1927–2026: 26 is 2026, 27 is 1927.');
    expect(twoDigitYearPivot(new Date('2031-01-01T00:00:00Z'))).toBe(31);
  });

  it('reads English month names, long and short, in either order', () => {
    const march4: string[] = ['March 4, 1988', 'March 4 1988', 'Mar 4, 1988', 'Mar. 4, 1988', 'march 4th, 1988', 'MARCH 04, 1988', 'Friday, March 4, 1988',
      '4 March 1988', '4th March 1988', '4 of March 1988', '04-Mar-1988', '4-Mar-88', '4 mar 88', '04/Mar/1988', 'Mar-04-1988', 'March 4, 1988 10:30 AM'];
    for (const text of march4) expect(value(text), text).toBe('1988-03-04');
    expect(value('Sept 1, 1990')).toBe('1990-09-01');
    expect(value('1 Sep 1990')).toBe('1990-09-01');
  });

  it('refuses what is not a date, and impossible days with the reason', () => {
    for (const text of ['March 14', '14/03', 'soon', '1985', '31.31.1985', 'Smarch 4, 1988', '1985-13-40']) {
      expect(read(text, 'dmy'), text).toEqual({ ok: false, message: DATE_MESSAGES.notADate(text) });
    }
    expect(value('31.02.1990', 'dmy')).toBe('"31.02.1990" is not a real day: February 1990 has no day 31.');
    expect(value('29.02.1989')).toBe(DATE_MESSAGES.noSuchDay('29.02.1989', 29, 2, 1989));
    expect(value('February 30, 2000')).toBe(DATE_MESSAGES.noSuchDay('February 30, 2000', 30, 2, 2000));
  });
});

describe("the file's date order, from its own evidence", () => {
  const cells = (...texts: string[]) => texts.map((text, i) => ({ rowNumber: i + 2, text }));

  it('a day above 12 in the first place decides day first, and names the row', () => {
    expect(detectDateOrder(cells('03.04.1985', '01.11.1979', '14.07.1991'), 'DOB', PIVOT)).toEqual({
      order: 'dmy', reason: 'Row 4 has 14.07.1991, which can only be day first.', ambiguous: true, numeric: true, conflict: false, twoDigitYears: false,
    });
  });

  it('a number above 12 in the second place decides month first', () => {
    expect(detectDateOrder(cells('03/04/1985', '07/14/1991'), 'DOB', PIVOT)).toMatchObject({ order: 'mdy', conflict: false, reason: 'Row 3 has 07/14/1991, which can only be month first.' });
  });

  it("the header's words decide when the rows cannot: DD/MM, MM/DD, JJ/MM/AAAA, TT.MM.JJJJ", () => {
    expect(detectDateOrder(cells('03.04.1985'), 'Date of birth (DD/MM/YYYY)', PIVOT)).toMatchObject({ order: 'dmy', reason: 'The column is headed "Date of birth (DD/MM/YYYY)".' });
    expect(detectDateOrder(cells('03.04.1985'), 'Date of birth (MM/DD/YYYY)', PIVOT)).toMatchObject({ order: 'mdy' });
    expect(detectDateOrder(cells('03.04.1985'), 'Date de naissance (JJ/MM/AAAA)', PIVOT)).toMatchObject({ order: 'dmy' });
    expect(detectDateOrder(cells('03.04.1985'), 'Geburtsdatum TT.MM.JJJJ', PIVOT)).toMatchObject({ order: 'dmy' });
    expect(detectDateOrder(cells('03.04.1985'), 'DOB mm-dd-yy', PIVOT)).toMatchObject({ order: 'mdy' });
  });

  it('a file that cannot tell says so (ambiguous, no order)', () => {
    expect(detectDateOrder(cells('03.04.1985', '01.11.1979', '1990-05-06', 'March 4, 1988'), 'DOB', PIVOT)).toEqual({
      order: null, reason: null, ambiguous: true, numeric: true, conflict: false, twoDigitYears: false,
    });
  });

  it('rows that disagree, or a header a row contradicts, leave it to the person', () => {
    expect(detectDateOrder(cells('14.07.1991', '07/14/1991'), 'DOB', PIVOT)).toMatchObject({
      order: null, conflict: true, reason: 'Row 2 has 14.07.1991 (day first) but row 3 has 07/14/1991 (month first).',
    });
    expect(detectDateOrder(cells('14.07.1991'), 'DOB (MM/DD/YYYY)', PIVOT)).toMatchObject({ order: null, conflict: true });
  });

  it('ISO and month-name dates need no order; two-digit years are noticed', () => {
    expect(detectDateOrder(cells('1985-03-14', '4 March 1988'), 'DOB', PIVOT)).toMatchObject({ order: null, ambiguous: false, numeric: false, twoDigitYears: false });
    expect(detectDateOrder(cells('4-Mar-88'), 'DOB', PIVOT)).toMatchObject({ twoDigitYears: true });
    expect(detectDateOrder(cells('14.07.91'), 'DOB', PIVOT)).toMatchObject({ order: 'dmy', twoDigitYears: true });
  });
});
