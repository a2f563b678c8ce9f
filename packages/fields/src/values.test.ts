import { describe, expect, it } from 'vitest';
import { currencyIn, parseNumber, readAmounts, readDates, readPhones, readTaxIds } from './values.js';

const isoOf = (text: string) => readDates(text).map((d) => d.normalized);

describe('readDates', () => {
  it('reads numeric dates day first, month first only where the day cannot be the month', () => {
    expect(isoOf('Date: 12/02/2018 08:30')).toEqual(['2018-02-12']);
    expect(isoOf('25-12-18')).toEqual(['2018-12-25']);
    expect(isoOf('12/25/2018')).toEqual(['2018-12-25']);
    expect(isoOf('24.11.2026')).toEqual(['2026-11-24']);
    expect(isoOf('2026-11-24T10:00')).toEqual(['2026-11-24']);
  });

  it('reads month names in several languages and leaves impossible dates', () => {
    expect(isoOf('05 JAN 2017')).toEqual(['2017-01-05']);
    expect(isoOf('Dec 3, 2019')).toEqual(['2019-12-03']);
    expect(isoOf('le 1er mars 2021')).toEqual(['2021-03-01']);
    expect(isoOf('3. Dezember 2020')).toEqual(['2020-12-03']);
    expect(isoOf('15 de agosto de 2022'.replace(/ de /g, ' '))).toEqual(['2022-08-15']);
    expect(isoOf('31/02/2018')).toEqual([]);
    expect(isoOf('Qty 12 x 3.50')).toEqual([]);
  });

  it('reads a date whose year runs into the time after it (a space dropped), and not a longer number', () => {
    expect(readDates('Date:5/3/201822:52:33')).toMatchObject([{ normalized: '2018-03-05', start: 5, end: 13 }]);
    expect(isoOf('BILLDT:12/03/201810:25:49PM')).toEqual(['2018-03-12']);
    expect(isoOf('12/03/201810')).toEqual([]);
  });

  it('reads no date in a phone number whose separator goes on, and a date with the time after it', () => {
    expect(isoOf('TEL. : 05.22.95.66.66')).toEqual([]);
    expect(isoOf('01/05/2016-13:19:16-29-NORBAIZURA')).toEqual(['2016-05-01']);
  });

  it("reads a day's leading 1 printed as a bar or a letter as 1, in the value too, and not a bar that stands apart", () => {
    expect(readDates('Date: |7-06-2018 14:07')).toMatchObject([{ normalized: '2018-06-17', text: '17-06-2018' }]);
    expect(readDates('l5/03/2018')).toMatchObject([{ normalized: '2018-03-15', text: '15/03/2018' }]);
    expect(isoOf('Date | 7-06-2018')).toEqual(['2018-06-07']);
    expect(isoOf('Total|7-06-2018')).toEqual(['2018-06-07']);
  });

  it("reads a month's J printed as an l or a bar between a day and a year, and no other word", () => {
    expect(readDates('Date: 05 lan 2017 12:41pm')).toMatchObject([{ normalized: '2017-01-05', text: '05 jan 2017' }]);
    expect(readDates('12 IUL 2019')).toMatchObject([{ normalized: '2019-07-12', text: '12 JUL 2019' }]);
    expect(isoOf('05 loan 2017')).toEqual([]);
  });

  it('gives where the date stands in the text', () => {
    const [d] = readDates('Invoice date: 07/01/18 Time 10:02');
    expect('Invoice date: 07/01/18 Time 10:02'.slice(d!.start, d!.end)).toBe('07/01/18');
  });
});

describe('readAmounts', () => {
  it('keeps a minus printed before the currency (a credit note): -$45.00 is -45', () => {
    const text = 'Total Credit -$45.00 and -45,00 € and $-12.00';
    expect(readAmounts(text).map((a) => [text.slice(a.start, a.end), a.normalized, a.currency])).toEqual([
      ['-$45.00', -45, 'USD'],
      ['-45,00', -45, 'EUR'],
      ['$-12.00', -12, 'USD'],
    ]);
  });

  it('reads thousands separators and decimal points of English and European prints', () => {
    expect(parseNumber('1,234.56')).toBe(1234.56);
    expect(parseNumber('1.234,56')).toBe(1234.56);
    expect(parseNumber('1 234,56')).toBe(1234.56);
    expect(parseNumber('12,50')).toBe(12.5);
    expect(parseNumber('100,000.00')).toBe(100000);
    expect(parseNumber('1,234')).toBe(1234);
    expect(parseNumber('4.2000')).toBe(4.2);
  });

  it('takes the currency beside an amount and leaves it out of the value', () => {
    const text = 'TOTAL RM 64. 15';
    const [a] = readAmounts(text);
    expect(a).toMatchObject({ normalized: 64.15, currency: 'MYR', decimals: 2 });
    expect(text.slice(a!.start, a!.end)).toBe('64. 15');
    expect(readAmounts('€12,99')[0]).toMatchObject({ normalized: 12.99, currency: 'EUR' });
    expect(readAmounts('1.234,56 EUR')[0]).toMatchObject({ normalized: 1234.56, currency: 'EUR' });
    expect(readAmounts('-0.02')[0]?.normalized).toBe(-0.02);
    expect(currencyIn('Total (RM)')).toBe('MYR');
    expect(currencyIn('Total Sales')).toBeUndefined();
  });
});

describe('readPhones', () => {
  it('keeps a phone number as its digits', () => {
    expect(readPhones('TEL: 07-386 7524 FAX: 07-386 3793').map((p) => p.normalized)).toEqual(['073867524', '073863793']);
    expect(readPhones('Tel. +49 (0)30 1234567')[0]?.normalized).toBe('+490301234567');
    expect(readPhones('Qty 3')).toEqual([]);
  });
});

describe('readAmounts on receipts', () => {
  it('leaves rates out and keeps a currency written as one word with the amount', () => {
    expect(readAmounts('GST@6% 0.22').map((a) => a.normalized)).toEqual([0.22]);
    expect(readAmounts('SR 6 % 25.30').map((a) => a.normalized)).toEqual([25.3]);
    const text = 'SUBTOTAL RM20.40 CASH 12,99€';
    expect(readAmounts(text).map((a) => text.slice(a.start, a.end))).toEqual(['RM20.40', '12,99€']);
  });
});

describe('readPhones', () => {
  it('reads no phone number in a date, or a date and its time', () => {
    expect(readPhones('Le 27/11/2026 à 18:22')).toEqual([]);
    expect(readPhones('28.11.2026 14:03 Bon-Nr. 4471')).toEqual([]);
    expect(readPhones('Tel. 089/123456').map((p) => p.normalized)).toEqual(['089123456']);
  });
});

describe('readTaxIds', () => {
  it('reads tax numbers printed in spaced groups or after a country code whole, normalised without the spaces', () => {
    const read = (t: string) => readTaxIds(t).map((v) => [t.slice(v.start, v.end), v.normalized]);
    expect(read('VAT Reg No: GB 123 4567 89')).toEqual([['GB 123 4567 89', 'GB123456789']]);
    expect(read('USt-IdNr.: DE 123456789')).toEqual([['DE 123456789', 'DE123456789']]);
    expect(read('SIRET : 812 345 678 00019')).toEqual([['812 345 678 00019', '81234567800019']]);
    expect(read('GST ID : 001371123712')).toEqual([['001371123712', '001371123712']]);
    expect(read('CIF: B12345678')).toEqual([['B12345678', 'B12345678']]);
    // Short groups are no tax number (a date, a time): only what has four digits or more.
    expect(read('Tel 03 21')).toEqual([]);
  });
});
