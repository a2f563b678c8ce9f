import { describe, expect, it } from 'vitest';
import type { LayoutWord } from '@docsvc/layout';
import type { FieldRequest, Table } from '@docsvc/schemas';
import { findFields, readingWeight, type FieldPage } from './find-fields.js';

// Words as a renderer boxes them: 10 px a character, 6 px a space, 24 px tall.
function text(s: string, x: number, y: number, confidence = 0.93): LayoutWord[] {
  const words: LayoutWord[] = [];
  let left = x;
  for (const w of s.split(' ')) {
    words.push({ text: w, box: { x0: left, y0: y, x1: left + w.length * 10, y1: y + 24 }, confidence });
    left += w.length * 10 + 6;
  }
  return words;
}
/** Right-aligned at x, as amounts are printed. */
const right = (s: string, x: number, y: number) => text(s, x - s.length * 10 - (s.split(' ').length - 1) * -4, y);

const find = (words: LayoutWord[], requests: Array<string | FieldRequest>, tables: Table[] = []) => {
  const page: FieldPage = { page: 1, words, tables };
  return findFields([page], requests.map((r) => (typeof r === 'string' ? { name: r } : r)));
};
const best = (found: ReturnType<typeof find>, name: string) => found.get(name)?.[0];

/** A ruled table of `grid` (its first row the header), each column starting at its x and the last ending at `edge`, rows 30 px apart from y 40; its words, and the table as the layout gives it. */
function ruledTable(grid: string[][], xs: number[], edge: number): { words: LayoutWord[]; table: Table } {
  const words = grid.flatMap((row, r) => row.flatMap((cell, c) => (cell ? text(cell, xs[c]!, 40 + 30 * r) : [])));
  const cells = grid.flatMap((row, r) =>
    row.map((cell, c) => ({ row: r, column: c, rowSpan: 1, columnSpan: 1, kind: r === 0 ? ('column_header' as const) : ('content' as const), text: cell, box: { x0: xs[c]! - 10, y0: 35 + 30 * r, x1: (xs[c + 1] ?? edge) - 10, y1: 65 + 30 * r }, confidence: 0.9 })),
  );
  return { words, table: { box: { x0: 10, y0: 35, x1: edge, y1: 35 + 30 * grid.length }, rowCount: grid.length, columnCount: grid[0]!.length, ruled: true, cells } };
}

/** A till receipt: seller, registration, address, phone, date, items, subtotal, tax, total, cash, change. */
const RECEIPT: LayoutWord[] = [
  ...text('KEDAI BUKU CAHAYA SDN BHD', 120, 40),
  ...text('(1234567-X)', 200, 70),
  ...text('NO 12, JALAN MAWAR 3,', 140, 100),
  ...text('TAMAN MELATI, 53100 KUALA LUMPUR', 90, 130),
  ...text('TEL: 03-4021 8899', 150, 160),
  ...text('SIMPLIFIED TAX INVOICE', 130, 210),
  ...text('Receipt No: CS00012013', 20, 250),
  ...text('Date: 05/03/2018', 20, 280),
  ...text('Time: 14:02', 300, 280),
  ...text('NOTEBOOK A5', 20, 330),
  ...right('2 x 4.50', 330, 330),
  ...right('9.00', 470, 330),
  ...text('PEN BLUE', 20, 360),
  ...right('12.00', 470, 360),
  ...text('Total Qty: 3', 20, 400),
  ...text('Sub Total (Excluding GST)', 20, 430),
  ...right('19.81', 470, 430),
  ...text('GST 6%', 20, 460),
  ...right('1.19', 470, 460),
  ...text('Total (RM):', 20, 490),
  ...right('21.00', 470, 490),
  ...text('CASH', 20, 520),
  ...right('50.00', 470, 520),
  ...text('CHANGE', 20, 550),
  ...right('29.00', 470, 550),
  ...text('GST SUMMARY Amount Tax', 20, 600),
  ...text('Total :', 20, 630),
  ...right('19.81', 330, 630),
  ...right('1.19', 470, 630),
];

describe('findFields on a receipt', () => {
  const found = find(RECEIPT, ['company', 'date', 'address', 'total', 'receipt_number', 'phone', 'subtotal']);

  it('takes the grand total, not the subtotal, the tax, the cash tendered or the change, as a number with its currency', () => {
    expect(best(found, 'total')).toMatchObject({ value: '21.00', normalized: 21, type: 'amount', currency: 'MYR', source: 'key_value', page: 1 });
    expect(best(found, 'subtotal')).toMatchObject({ value: '19.81', normalized: 19.81 });
  });

  it('boxes the value\'s words', () => {
    const total = best(found, 'total')!;
    const word = RECEIPT.find((w) => w.text === '21.00')!;
    expect(total.box).toEqual(word.box);
  });

  it('reads the date as printed and as ISO 8601', () => {
    expect(best(found, 'date')).toMatchObject({ value: '05/03/2018', normalized: '2018-03-05', type: 'date', source: 'key_value' });
  });

  it('takes the seller\'s name and address from the header block', () => {
    expect(best(found, 'company')).toMatchObject({ value: 'KEDAI BUKU CAHAYA SDN BHD', source: 'header' });
    expect(best(found, 'address')).toMatchObject({ value: 'NO 12, JALAN MAWAR 3, TAMAN MELATI, 53100 KUALA LUMPUR', source: 'header' });
  });

  it('reads identifiers and phone numbers by their labels', () => {
    expect(best(found, 'receipt_number')).toMatchObject({ value: 'CS00012013', type: 'identifier' });
    expect(best(found, 'phone')).toMatchObject({ value: '03-4021 8899', normalized: '0340218899', type: 'phone' });
  });
});

describe('findFields on statements and invoices', () => {
  it('cuts a value where the next label starts (a statement line with no column gap)', () => {
    const found = find(text('Line of Credit 100,000.00 Rate 4.2000', 20, 40), ['Line of Credit', 'Rate']);
    expect(best(found, 'Line of Credit')).toMatchObject({ value: '100,000.00', normalized: 100000, type: 'amount' });
    expect(best(found, 'Rate')).toMatchObject({ value: '4.2000', normalized: 4.2, type: 'number' });
  });

  it('finds German and French labels for the same fields', () => {
    const german = find([...text('Rechnungsnummer: RE-2024-0117', 20, 40), ...text('Rechnungsdatum: 3. Dezember 2024', 20, 80), ...text('Gesamtbetrag', 20, 140), ...right('1.234,56 €', 600, 140)], ['invoice_number', 'invoice_date', 'total']);
    expect(best(german, 'invoice_number')?.value).toBe('RE-2024-0117');
    expect(best(german, 'invoice_date')?.normalized).toBe('2024-12-03');
    expect(best(german, 'total')).toMatchObject({ normalized: 1234.56, currency: 'EUR' });
    const french = find([...text('N° de facture : F-889', 20, 40), ...text('Échéance : 15/01/2025', 20, 80), ...text('Total TTC', 20, 140), ...right('89,90 €', 600, 140)], ['invoice_number', 'due_date', 'total']);
    expect(best(french, 'invoice_number')?.value).toBe('F-889');
    expect(best(french, 'due_date')?.normalized).toBe('2025-01-15');
    expect(best(french, 'total')?.normalized).toBe(89.9);
  });

  it("takes a seller's name printed on the line of the document's title across the page without the title", () => {
    const words = [...text('Northwind Traders LLC', 40, 40), ...text('INVOICE', 620, 36), ...text('1200 Harbor Blvd, Suite 400', 40, 80), ...text('Oakland, CA 94607', 40, 110), ...text('Invoice # INV-2024-0042', 520, 110)];
    expect(best(find(words, ['vendor']), 'vendor')?.value).toBe('Northwind Traders LLC');
  });

  it('reads a German MwSt. line as the tax (the label printed in camel case, one word)', () => {
    const words = [...text('Nettobetrag', 300, 40), ...right('345,00 €', 600, 40), ...text('MwSt. 19%', 300, 70), ...right('65,55 €', 600, 70), ...text('Gesamtbetrag', 300, 100), ...right('410,55 €', 600, 100)];
    const found = find(words, ['subtotal', 'tax', 'total']);
    expect(best(found, 'tax')).toMatchObject({ normalized: 65.55, currency: 'EUR' });
    expect(best(found, 'subtotal')?.normalized).toBe(345);
    expect(best(found, 'total')?.normalized).toBe(410.55);
  });

  it('answers the amount due with the balance due after payments, the total with the total, where an invoice prints both', () => {
    const totals = [...text('Subtotal', 360, 40), ...right('589.00', 600, 40), ...text('Tax (7%)', 360, 70), ...right('41.23', 600, 70), ...text('Total', 360, 100), ...right('630.23', 600, 100)];
    const words = [...totals, ...text('Payments/Credits', 360, 130), ...right('-100.00', 600, 130), ...text('Balance Due: $530.23', 380, 170)];
    const found = find(words, ['total', 'amount_due', 'balance']);
    expect(best(found, 'total')?.normalized).toBe(630.23);
    expect(best(found, 'amount_due')?.normalized).toBe(530.23);
    expect(best(found, 'balance')?.normalized).toBe(530.23);
    // With no balance printed, the amount due is the total.
    expect(best(find(totals, ['amount_due']), 'amount_due')?.normalized).toBe(630.23);
  });

  it('tells a due date from the invoice date', () => {
    const words = [...text('Invoice Date: 01/11/2026', 20, 40), ...text('Due Date: 01/12/2026', 20, 80)];
    const found = find(words, ['date', 'due_date']);
    expect(best(found, 'date')?.normalized).toBe('2026-11-01');
    expect(best(found, 'due_date')?.normalized).toBe('2026-12-01');
  });

  it('takes a value from below its label (forms)', () => {
    const found = find([...text('Invoice Number', 20, 40), ...text('INV-7781', 20, 70)], ['invoice_number']);
    expect(best(found, 'invoice_number')?.value).toBe('INV-7781');
  });

  it("takes a form's value below its label whole where it runs on past the label, and each label's own where values stand close", () => {
    const words = [...text('Invoice No', 20, 40), ...text('Date', 200, 40), ...text('Due', 330, 40), ...text('Client', 460, 40), ...text('F-2024-0311 11/03/2024 10/04/2024', 20, 70), ...text('Boulangerie Martin', 460, 70)];
    const found = find(words, ['customer', 'date', 'due_date', 'invoice_number']);
    expect(best(found, 'customer')?.value).toBe('Boulangerie Martin');
    expect(best(found, 'date')?.value).toBe('11/03/2024');
    expect(best(found, 'due_date')?.value).toBe('10/04/2024');
    expect(best(found, 'invoice_number')?.value).toBe('F-2024-0311');
  });

  it("takes no value from below a title that labels nothing: the row below has a label of its own ('N2 Factura:', Nº misread)", () => {
    const words = [...text('FACTURA', 20, 40), ...text('N2 Factura: A-2024/0456', 20, 80), ...text('Fecha: 05-Mar-2024', 20, 110)];
    expect(best(find(words, ['invoice_number']), 'invoice_number')?.value).toBe('A-2024/0456');
  });

  it("reads a label printed longer than the one wanted as that longer label: 'Customer Ref:' is no customer", () => {
    const words = [...text('Customer Ref: ACME-77', 20, 40), ...text('Bill To: Contoso Ltd', 20, 80)];
    expect(best(find(words, ['customer']), 'customer')?.value).toBe('Contoso Ltd');
    // Alone, what follows it counts little.
    expect(best(find(words.slice(0, 3), ['customer']), 'customer')?.confidence).toBeLessThan(0.3);
  });

  it('takes a value from under its table column header', () => {
    const words = [...text('Item', 20, 40), ...text('Quantity', 300, 40), ...text('Widget', 20, 70), ...text('12', 300, 70)];
    const table: Table = {
      box: { x0: 10, y0: 30, x1: 500, y1: 100 },
      rowCount: 2,
      columnCount: 2,
      ruled: false,
      cells: [
        { row: 0, column: 0, rowSpan: 1, columnSpan: 1, kind: 'column_header', text: 'Item', box: { x0: 10, y0: 30, x1: 250, y1: 65 }, confidence: 0.9 },
        { row: 0, column: 1, rowSpan: 1, columnSpan: 1, kind: 'column_header', text: 'Quantity', box: { x0: 250, y0: 30, x1: 500, y1: 65 }, confidence: 0.9 },
        { row: 1, column: 0, rowSpan: 1, columnSpan: 1, kind: 'content', text: 'Widget', box: { x0: 10, y0: 65, x1: 250, y1: 100 }, confidence: 0.9 },
        { row: 1, column: 1, rowSpan: 1, columnSpan: 1, kind: 'content', text: '12', box: { x0: 250, y0: 65, x1: 500, y1: 100 }, confidence: 0.9 },
      ],
    };
    expect(best(find(words, ['quantity'], [table]), 'quantity')).toMatchObject({ value: '12', normalized: 12, source: 'table' });
  });

  it("takes an amount's column on the table's total row, not its first row's", () => {
    const grid = [
      ['Item', 'Qty', 'Net', 'VAT', 'Total'],
      ['Business cards', '500', '£45.00', '£9.00', '£54.00'],
      ['Flyers A5', '1000', '£120.00', '£24.00', '£144.00'],
      ['TOTAL', '', '£165.00', '£33.00', '£198.00'],
    ];
    const { words, table } = ruledTable(grid, [20, 220, 320, 440, 560], 700);
    const found = find(words, ['subtotal', 'tax', 'total'], [table]);
    expect(best(found, 'tax')?.normalized).toBe(33);
    expect(best(found, 'total')?.normalized).toBe(198);
  });

  it("takes a credit note's total from its label, with its minus and currency, over the lines' Amount column of a table with no total row", () => {
    const grid = [
      ['Item', 'Qty', 'Amount'],
      ['Returned bracket', '2', '-45.00'],
    ];
    const { words, table } = ruledTable(grid, [20, 300, 440], 600);
    words.push(...text('Total Credit', 300, 140), ...right('-$45.00', 560, 140));
    expect(best(find(words, ['total'], [table]), 'total')).toMatchObject({ value: '-$45.00', normalized: -45, currency: 'USD' });
  });

  it('finds a date by its pattern alone when no label names it, and nothing for a field the page does not have', () => {
    const found = find([...text('Thank you for your order of 24 Nov 2026', 20, 40)], ['date', 'iban']);
    expect(best(found, 'date')).toMatchObject({ normalized: '2026-11-24', source: 'pattern' });
    expect(found.get('iban')).toEqual([]);
  });

  it('reads a value as the type the prompt gives', () => {
    const words = text('Reference: 2024-05-01 / 7781', 20, 40);
    expect(best(find(words, [{ name: 'reference', type: 'date' }]), 'reference')?.normalized).toBe('2024-05-01');
    expect(best(find(words, ['reference']), 'reference')?.type).toBe('identifier');
  });
});

describe('findFields on scanned receipts as OCR reads them', () => {
  it('takes the total that agrees with the cash paid less the change over a misread one', () => {
    // The total printed twice, once misread (48.00), the cash and change read right.
    const misread = [...text('TOTAL', 20, 40), ...right('40.00', 470, 40), ...text('NET TOTAL', 20, 80), ...right('48.00', 470, 80), ...text('CASH', 20, 120), ...right('50.00', 470, 120), ...text('CHANGE', 20, 160), ...right('10.00', 470, 160)];
    expect(best(find(misread, ['total']), 'total')).toMatchObject({ value: '40.00', normalized: 40 });
    expect(best(find(misread.slice(0, 5), ['total']), 'total')?.value).toBe('48.00');
    // The total's label lost to the scan: the amount that the payment implies is taken.
    const unlabelled = [...text('PEN', 20, 40), ...right('1.90', 470, 40), ...text('ENVELOPE', 20, 80), ...right('2.10', 470, 80), ...right('4.00', 470, 120), ...text('Cash', 20, 160), ...right('10.00', 470, 160), ...text('CHANGE', 20, 200), ...right('6.00', 470, 200)];
    expect(best(find(unlabelled, ['total']), 'total')).toMatchObject({ value: '4.00', normalized: 4 });
  });

  it('takes, of two readings of the total, the one printed again on another row (the one item\'s line), not a misread one found nowhere else', () => {
    const page = (total: string) => [...text('1 NOTEBOOK', 20, 40), ...right('12.00', 470, 40), ...text('Total', 20, 80), ...right(total, 470, 80), ...text('Change', 20, 120), ...right('38.00', 470, 120)];
    const found = findFields([{ page: 1, words: page('742.00'), tables: [], otherReadings: [page('12.00')] }], [{ name: 'total' }]);
    expect(best(found, 'total')).toMatchObject({ value: '12.00', normalized: 12 });
    // Each reading's own total row is no evidence for its value: read alike twice, the larger labelled total stays first.
    const alone = (total: string) => [...text('Total', 20, 80), ...right(total, 470, 80)];
    expect(best(findFields([{ page: 1, words: alone('742.00'), tables: [], otherReadings: [alone('742.00'), alone('12.00')] }], [{ name: 'total' }]), 'total')?.value).toBe('742.00');
  });

  it('does not count a payment that is the total\'s own value read twice as agreeing with it', () => {
    // The total printed large, between its label and the payment's: read as the value of both labels, misread.
    const large: LayoutWord = { text: '1.40', box: { x0: 390, y0: 90, x1: 470, y1: 138 }, confidence: 0.9 };
    const words = [...text('TOTAL', 20, 40), ...right('7.40', 470, 40), ...text('NET TOTAL', 20, 95), large, ...text('Cash', 20, 125), ...text('CHANGE', 20, 170), ...right('0.00', 470, 170)];
    expect(best(find(words, ['total']), 'total')?.value).toBe('7.40');
    // A payment of its own that agrees still puts its total first.
    const paid = [...text('TOTAL', 20, 40), ...right('7.40', 470, 40), ...text('NET TOTAL', 20, 80), ...right('1.40', 470, 80), ...text('Cash', 20, 120), ...right('10.00', 470, 120), ...text('CHANGE', 20, 160), ...right('8.60', 470, 160)];
    expect(best(find(paid, ['total']), 'total')?.value).toBe('1.40');
  });

  it('reads a label whose words the engine ran together ("NETTOTAL:")', () => {
    const words = [...text('SUBTOTAL', 20, 40), ...right('7.55', 470, 40), ...text('NETTOTAL:', 20, 80), ...right('8.00', 470, 80), ...text('INVOICENO: 4410', 20, 120)];
    expect(best(find(words, ['total']), 'total')).toMatchObject({ value: '8.00', source: 'key_value' });
    expect(best(find(words, ['invoice_number']), 'invoice_number')?.value).toBe('4410');
  });

  it('takes the total after rounding, and not a tax summary\'s total or a line\'s amount under a "Total" column', () => {
    const words = [
      ...text('Qty Item Total', 20, 20), ...text('1 Chicken Set', 20, 50), ...right('14.95', 470, 50), ...text('2 Burger', 20, 80), ...right('87.44', 470, 80),
      ...text('Total:', 20, 120), ...right('102.39', 470, 120), ...text('Rounding', 20, 150), ...right('0.01', 470, 150), ...text('Total', 20, 180), ...right('102,40', 470, 180),
      ...text('GST Summary Amount Tax', 20, 240), ...text('SR @ 6%', 20, 270), ...right('96.59', 330, 270), ...right('5.80', 470, 270), ...text('Total', 20, 300), ...right('96.59', 330, 300), ...right('5.80', 470, 300),
    ];
    expect(best(find(words, ['total']), 'total')?.normalized).toBe(102.4);
  });

  it('does not take a total below its subtotal (a first digit lost), unless a discount is printed', () => {
    const lines = (discount: string) => [
      ...text('Sub Total', 20, 40), ...right('42.40', 470, 40), ...text(discount, 20, 80), ...right(discount === 'Discount' ? '5.00' : '0.00', 470, 80),
      ...text('Total (RM):', 20, 120), ...right('2.40', 470, 120), ...text('Amount Paid', 20, 160), ...right('42.40', 470, 160), ...text('Change', 20, 200), ...right('0.00', 470, 200),
    ];
    // "42.40" read as "2.40" beside the total's label: the amount paid less the change agrees with the subtotal instead.
    expect(best(find(lines('Rounding'), ['total']), 'total')?.normalized).toBe(42.4);
    // After a discount a total below the subtotal is what was paid.
    expect(best(find(lines('Discount'), ['total']), 'total')?.normalized).toBe(2.4);
  });

  it("takes the subtotal for the total where the total's amount cannot be read, not the cash given", () => {
    const lines = (total: string) => [
      ...text('2 TAU SAR PNEAH 24PCS', 20, 40), ...right('25.00', 470, 40), ...text('SubTotal', 20, 80), ...right('25.00', 470, 80),
      ...text('Net Total', 20, 120), ...right(total, 470, 120), ...text('C', 20, 160), ...right('50.00', 470, 160), ...text('GE', 20, 200), ...right('25.00', 470, 200),
    ];
    // Its amount read as "25: 9", and the cash and change labels garbled: the subtotal, not the largest amount.
    expect(best(find(lines('25: 9'), ['total']), 'total')).toMatchObject({ value: '25.00', normalized: 25 });
    // Read, the total's amount is the total, whatever the subtotal says.
    expect(best(find(lines('26.42'), ['total']), 'total')).toMatchObject({ value: '26.42', normalized: 26.42, source: 'key_value' });
  });

  it('takes, of two readings of the total, the one the subtotal and a tax summary add up to', () => {
    // Two readings of one receipt: one misreads the total's 1 as a 4; the larger would go first.
    const reading = (total: string) => [
      ...text('SUB-TOTAL (GST)', 20, 40), ...right('12.15', 470, 40), ...text('TOTAL', 20, 80), ...right(total, 470, 80),
      ...text('CODE AMOUNT TAX', 20, 140), ...text('SR', 20, 170), ...right('11.46', 330, 170), ...right('0.69', 470, 170),
    ];
    const page: FieldPage = { page: 1, words: reading('12.45'), otherReadings: [reading('12.15')] };
    expect(findFields([page], [{ name: 'total' }]).get('total')?.[0]?.normalized).toBe(12.15);
    expect(findFields([{ ...page, otherReadings: [reading('12.45')] }], [{ name: 'total' }]).get('total')?.[0]?.normalized).toBe(12.45);
  });

  it('does not take a zero for the total: nothing is bought for nothing', () => {
    const words = [...text('Total Saving 0.00 Total', 20, 40), ...right('0.00', 470, 40), ...text('Master 5140 App: 63650', 20, 80), ...right('41.50', 470, 80)];
    expect(best(find(words, ['total']), 'total')?.normalized).toBe(41.5);
  });

  it('reads the label to its colon through brackets, and a rate is not an amount', () => {
    const words = [...text('Total (Inclusive of GST):', 20, 40), ...right('35.00', 470, 40), ...text('Total Incl. GST@6%', 20, 80), ...text('RM 3.90', 400, 80)];
    const found = find(words, ['total']);
    expect(found.get('total')!.map((f) => f.normalized)).toEqual(expect.arrayContaining([35, 3.9]));
    expect(found.get('total')!.map((f) => f.normalized)).not.toContain(6);
  });

  it('keeps a currency printed as one word with the amount in the value, and reads the amount without it', () => {
    const found = find([...text('SUBTOTAL', 20, 40), ...right('RM20.40', 470, 40), ...text('TOTAL', 20, 80), ...right('RM20.40', 470, 80)], ['total']);
    expect(best(found, 'total')).toMatchObject({ value: 'RM20.40', normalized: 20.4, currency: 'MYR' });
  });

  it('puts right a date\'s misread digit where the date cannot be', () => {
    expect(best(find(text('Date: 06/03/2078 12:41', 20, 40), ['date']), 'date')).toMatchObject({ value: '06/03/2018', normalized: '2018-03-06' });
    expect(best(find(text('Date: 92/02/2018', 20, 40), ['date']), 'date')).toMatchObject({ value: '02/02/2018', normalized: '2018-02-02' });
    // A date that can be is left as printed.
    expect(best(find(text('Date: 19/03/2018', 20, 40), ['date']), 'date')?.value).toBe('19/03/2018');
  });

  it('gives a date printed twice as printed in full, its century stated, and a lone short date as it is', () => {
    const twice = [...text('Date: 30/04/17 10:02', 20, 40), ...text('Items 3', 20, 80), ...text('30/04/2017 10:02:51', 20, 400)];
    expect(best(find(twice, ['date']), 'date')).toMatchObject({ value: '30/04/2017', normalized: '2017-04-30' });
    expect(best(find(text('Date: 30/04/17 10:02', 20, 40), ['date']), 'date')).toMatchObject({ value: '30/04/17', normalized: '2017-04-30' });
    // Another date in full is not the same date: the labelled one stays first.
    const other = [...text('Date: 30/04/17 10:02', 20, 40), ...text('Valid until 30/05/2017', 20, 400)];
    expect(best(find(other, ['date']), 'date')?.value).toBe('30/04/17');
  });

  it("starts an address past a labelled number or a registration in full-width brackets, and without the label printed before it", () => {
    const address = (...rows: string[]) => {
      const words = [...text('PETRODELI ENTERPRISE', 60, 20), ...rows.flatMap((r, i) => text(r, 60, 50 + 30 * i)), ...text('Telephone:03-41056485', 60, 50 + 30 * rows.length)];
      return best(find(words, ['address']), 'address');
    };
    expect(address('Site:2395', 'LOT 485, TMN LEMBAH KERAMAT', '54200 KUALA LUMPUR')?.value).toBe('LOT 485, TMN LEMBAH KERAMAT 54200 KUALA LUMPUR');
    expect(address('GSYReg:001627654144', '4243, COMPLEKS SRI GAYA,', '40150 SELANGOR')?.value).toBe('4243, COMPLEKS SRI GAYA, 40150 SELANGOR');
    expect(address('201283-M）', 'LOT LG 315, SHOPPING CENTRE,', '47800 SELANGOR')?.value).toBe('LOT LG 315, SHOPPING CENTRE, 47800 SELANGOR');
    // A registration number whose dash the reading lost, then a tax number, before the address.
    expect(address('1030210K', 'SST/TAX NO: OOOSERRRDEOE', '69 JALAN NOVA U5/N, SEKSYEN U5')?.value).toBe('69 JALAN NOVA U5/N, SEKSYEN U5');
    // A postcode alone on its row is the address's.
    expect(address('LOT 485, TMN LEMBAH KERAMAT', '54200', 'KUALA LUMPUR')?.value).toBe('LOT 485, TMN LEMBAH KERAMAT 54200 KUALA LUMPUR');
    // A phone number whose "Tel" was misread ends the address.
    expect(address('NO.12, JALAN SS4C/5, PETALING JAYA', 'SELANGOR DARUL EHSAN', '| : 012-2060 778')?.value).toBe('NO.12, JALAN SS4C/5, PETALING JAYA SELANGOR DARUL EHSAN');
    expect(address('NO.12, JALAN SS4C/5, PETALING JAYA', 'SELANGOR DARUL EHSAN', 'i: 03-2060 7788')?.value).toBe('NO.12, JALAN SS4C/5, PETALING JAYA SELANGOR DARUL EHSAN');
    const labelled = address('HQ ADD:LOT 11995,BATU 2,JALAN KAPAR 41400 KLANG, SELANGOR')!;
    expect(labelled.value).toBe('LOT 11995,BATU 2,JALAN KAPAR 41400 KLANG, SELANGOR');
    // Its box starts where the address does, past the label.
    expect(labelled).toMatchObject({ source: "header", box: { x0: 60 + 2 * 10 + 6 + 4 * 10 } });
  });

  it('reads the seller\'s legal form through a misread letter, leaves a brand over the legal name out, and ends the address at its country', () => {
    const words = [
      ...text('AA PHARMACY', 150, 20), ...text('SUBANG HEALTHCARE SIN BHD', 100, 50), ...text('(1116258-K)', 180, 80),
      ...text('No 8, Jalan 7/118B, Desa Tun Razak', 60, 110), ...text('56000 Kuala Lumpur, Malaysia', 80, 140), ...text('SUNWAY VELOCITY', 140, 170),
      ...text('Tel: 03-9200 1234', 120, 200),
    ];
    const found = find(words, ['company', 'address']);
    expect(best(found, 'company')?.value).toBe('SUBANG HEALTHCARE SDN BHD');
    expect(best(found, 'address')?.value).toBe('No 8, Jalan 7/118B, Desa Tun Razak 56000 Kuala Lumpur, Malaysia');
    // A state's name ends an address after its postcode, not where it names a street.
    const street = find([...text('WAHIN HARDWARE SDN BHD', 60, 20), ...text('425, JALAN PAHANG,', 60, 50), ...text('SETAPAK, 53000 KUALA LUMPUR.', 60, 80), ...text('TEL: 603-40232487', 60, 110)], ['address']);
    expect(best(street, 'address')?.value).toBe('425, JALAN PAHANG, SETAPAK, 53000 KUALA LUMPUR.');
    // A legal form's row that names nothing itself takes the name from the row above.
    const popular = find([...text('POPULAR BOOK', 120, 20), ...text('*', 150, 45), ...text('CO. (M) SDN BHD', 110, 70)], ['company']);
    expect(best(popular, 'company')?.value).toBe('POPULAR BOOK CO. (M) SDN BHD');
  });
});

describe('findFields with other readings of a page', () => {
  it('takes a value that only another reading of the page holds, boxed where that reading found it, and a value of the page\'s own words first among equals', () => {
    // The first reading lost the total's label; a second reading of the same pixels read it.
    const first = [...text('Sub Total', 20, 40), ...right('18.00', 470, 40), ...text('T0TAI.', 20, 80), ...right('19.08', 470, 80), ...text('Date: 05/03/2018', 20, 120)];
    const second = [...text('Sub Total', 20, 40), ...right('18.00', 470, 40), ...text('TOTAL', 20, 80), ...right('19.08', 470, 80), ...text('Date: 05/03/2078', 20, 120)];
    const found = findFields([{ page: 1, words: first, otherReadings: [second] }], [{ name: 'total' }, { name: 'date' }]);
    expect(found.get('total')![0]).toMatchObject({ value: '19.08', normalized: 19.08, source: 'key_value', box: second.find((w) => w.text === '19.08')!.box });
    expect(found.get('date')![0]).toMatchObject({ value: '05/03/2018', box: first.find((w) => w.text === '05/03/2018')!.box });
    expect(findFields([{ page: 1, words: first }], [{ name: 'total' }]).get('total')![0]?.source).not.toBe('key_value');
  });

  it('takes the value most readings agree on where they disagree, at the same place and label', () => {
    const reading = (date: string, total: string) => [...text(`Date: ${date}`, 20, 40), ...text('TOTAL', 20, 80), ...right(total, 470, 80)];
    // The page's own words misread a digit of each; two other readings read them alike.
    const found = findFields([{ page: 1, words: reading('19/03/2018', '57.60'), otherReadings: [reading('10/03/2018', '57.80'), reading('10/03/2018', '57.80')] }], [{ name: 'date' }, { name: 'total' }]);
    expect(found.get('date')!.map((f) => f.value)).toEqual(['10/03/2018', '19/03/2018']);
    expect(found.get('total')![0]).toMatchObject({ value: '57.80', normalized: 57.8 });
    // Two readings that disagree: the page's own words go first.
    const two = findFields([{ page: 1, words: reading('19/03/2018', '57.60'), otherReadings: [reading('10/03/2018', '57.80')] }], [{ name: 'date' }]);
    expect(two.get('date')![0]?.value).toBe('19/03/2018');
  });

  it('reads a label run into its value by a colon (a dropped space) as a label beside its value, boxed apart', () => {
    // The first reading misread the date and its label; another read both, the space after the colon dropped.
    const first = [...text('Data: 09/08/2018', 20, 40)];
    const glued = [...text('Date:09/03/2018', 20, 40), ...text('TOTAL:12.50', 20, 80)];
    const found = findFields([{ page: 1, words: first, otherReadings: [glued, glued] }], [{ name: 'date' }, { name: 'total' }]);
    expect(found.get('date')![0]).toMatchObject({ value: '09/03/2018', source: 'key_value', box: { x0: 70, x1: 170 } });
    expect(found.get('total')![0]).toMatchObject({ value: '12.50', normalized: 12.5, source: 'key_value' });
  });

  it("gives a company's name and address as most readings read them, character by character, where each reading misread another character", () => {
    const header = (name: string, street: string) => [...text(name, 60, 20), ...text(street, 60, 50), ...text('81750 MASAI, JOHOR', 60, 80), ...text('TEL: 07-386 7524', 60, 110)];
    const found = findFields(
      [{ page: 1, words: header('WARAKUYA PERMAS SDN BHD', 'JALAN PERMAS UTARA 4'), otherReadings: [header('WARAKUYA PERHAS SDN BHD', 'JALAN PERMAS UTARA 1'), header('WARAKUYA PERMAS SDN BHD', 'JALAN PERMAS UTARA 1')] }],
      [{ name: 'company' }, { name: 'address' }],
    );
    expect(found.get('company')![0]).toMatchObject({ value: 'WARAKUYA PERMAS SDN BHD', source: 'header' });
    expect(found.get('address')![0]).toMatchObject({ value: 'JALAN PERMAS UTARA 1 81750 MASAI, JOHOR', normalized: 'JALAN PERMAS UTARA 1 81750 MASAI, JOHOR', source: 'header' });
  });

  it("does not take for the date one printed on a row that says it is another (a card's expiry), however many readings read it", () => {
    const page: FieldPage = {
      page: 1,
      words: [...text('01/03/18 19:14 Slip No.: 0010104733', 20, 40), ...text('Card Expiry: 30/09/18', 20, 80)],
      // A reading that ran the date into the time and the label into the expiry.
      otherReadings: [[...text('01/03/1819:14 Slip No.:0010104733', 20, 40), ...text('Card Expiry:30/09/18', 20, 80)]],
      readingWeights: [1, 2],
    };
    expect(findFields([page], [{ name: 'date' }]).get('date')?.[0]?.value).toBe('01/03/18');
  });

  it("ends a company's name at its legal form, and joins a name's row that goes on from the one above", () => {
    const header = (...names: string[]) => [...names.flatMap((n, i) => text(n, 60, 20 + 30 * i)), ...text('NO 12, JALAN MAWAR 3,', 60, 20 + 30 * names.length), ...text('53100 KUALA LUMPUR', 60, 50 + 30 * names.length), ...text('TEL: 03-4021 8899', 60, 80 + 30 * names.length)];
    const company = (...names: string[]) => best(find(header(...names), ['company']), 'company')?.value;
    expect(company('ANN GIAP TRADING SDN BHD SE')).toBe('ANN GIAP TRADING SDN BHD');
    expect(company('COSWAY (M) SDN BHD 0118-4)')).toBe('COSWAY (M) SDN BHD');
    expect(company('MAJU JAYA SDN BHD KLANG BRANCH')).toBe('MAJU JAYA SDN BHD KLANG BRANCH');
    expect(company('ONE ONE THREE SEAFOOD RESTAURANT SDN 1..')).toBe('ONE ONE THREE SEAFOOD RESTAURANT SDN BHD');
    expect(company('THE COFFEE BEAN', '& TEA LEAF (M) SDN. BHD.')).toBe('THE COFFEE BEAN & TEA LEAF (M) SDN. BHD.');
    // A legal form's two words run together with a dot, one misread, as printed otherwise.
    expect(company('Segi Cash & Carry Sdn.Rhd')).toBe('Segi Cash & Carry Sdn.Bhd');
    expect(company('MAJU JAYA SDN.BHD.')).toBe('MAJU JAYA SDN.BHD.');
    // A speck read between the form's two words.
    expect(company('POPULAR BOOK CO. (M) SDN N BHD')).toBe('POPULAR BOOK CO. (M) SDN BHD');
    expect(company('MAJU JAYA SON . BHD')).toBe('MAJU JAYA SDN BHD');
    // A name over three rows, its branch in brackets broken over two, its form misread by a letter.
    expect(company('AIK HUAT HARDWARE', 'ENTERPRISE (SETIA', 'ALAM) SON BHD')).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    expect(company('KEDAI MAJU', 'HARDWARE (KLANG) SDN BHD')).toBe('KEDAI MAJU HARDWARE (KLANG) SDN BHD');
    // The form's two words run into one, or onto the word before it (PaddleOCR drops the space), one letter misread.
    expect(company('MAJU JAYA SDNBHD')).toBe('MAJU JAYA SDN BHD');
    expect(company('KEDAI MAJU', 'HARDWARE (KLANG)SUNBHD')).toBe('KEDAI MAJU HARDWARE (KLANG) SDN BHD');
    expect(company('MajuJayaRestaurantsSdnBhd')).toBe('MajuJayaRestaurants Sdn Bhd');
    // A row ending inside a bracket goes on below though its ")" is misread (and put back); a trade's word misread by a letter (put right).
    expect(company('AIK HUAT HARDWARE', 'ENTERPRISE (SETIA', 'ALAMI SDN BHD')).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    expect(company('AIK HUAT HARDWARE', 'ENTERFRISE (SETIA ALAM) SDN BHD')).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    // The ")" kept and the "(" read as a letter, run into the word before it: put back.
    expect(company('AIK HUAT HARDUARE', 'ENTERPRISEISETIA', 'ALAM) SDN BHD')).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    // A brand over a name that names itself stays out, however the name is broken.
    expect(company('AA PHARMACY', 'SUBANG HEALTHCARE', '(PUCHONG) SDN BHD')).toBe('SUBANG HEALTHCARE (PUCHONG) SDN BHD');
  });

  it("puts right a name's or address's look-alike characters where the characters beside them say which they are", () => {
    const words = [...text('KEDAI BUKU CAHAYA SDN BHD', 60, 20), ...text('No 8, Jalan 7/1l8B, Jalan $S21/39,', 60, 50), ...text('4O170 Peta1ing Jaya', 60, 80), ...text('TEL: 03-4021 8899', 60, 110), ...text('Invoice No: A1l0', 60, 150)];
    const found = find(words, ['address', 'invoice_number']);
    expect(best(found, 'address')?.value).toBe('No 8, Jalan 7/118B, Jalan SS21/39, 40170 Petaling Jaya');
    // An identifier is as printed: letters and digits mix in codes.
    expect(best(found, 'invoice_number')?.value).toBe('A1l0');
  });

  it("puts right an address's misread place word and postcode, and not a company's name", () => {
    const words = [...text('KEDAI PAPAN YEW CHUAN', 100, 40), ...text('NO 8, JALAN SETIA INOAH,', 100, 70), ...text('B1750 SHAH ALAN, SELANGOR', 100, 100), ...text('TEL: 03-1234 5678', 100, 130)];
    const found = findFields([{ page: 1, words }], [{ name: 'company' }, { name: 'address' }]);
    expect(found.get('address')![0]?.value).toBe('NO 8, JALAN SETIA INDAH, 81750 SHAH ALAM, SELANGOR');
    expect(found.get('company')![0]?.value).toBe('KEDAI PAPAN YEW CHUAN');
  });

  it("reads a 1 ending a lower-case word as an l, and a 1 or 0 inside an upper-case word as an I or O, but not a number run into a word", () => {
    const address = (...rows: string[]) => best(find([...text('KEDAI BUKU CAHAYA SDN BHD', 60, 20), ...rows.flatMap((r, i) => text(r, 60, 50 + 30 * i)), ...text('TEL: 03-4021 8899', 60, 50 + 30 * rows.length)], ['address']), 'address')?.value;
    expect(address('Leve1 6, Bangunan TH, Jalan SS21/39,', '47400 Petaling Jaya Selangor')).toBe('Level 6, Bangunan TH, Jalan SS21/39, 47400 Petaling Jaya Selangor');
    expect(address('Leve1°6, Bangunan TH, Jalan SS21/39,', '47400 Petaling Jaya Selangor')).toBe('Level°6, Bangunan TH, Jalan SS21/39, 47400 Petaling Jaya Selangor');
    expect(address('LOT 3, SH0PPING CENTRE, SECT1ON U6,', '40150 SHAH ALAM, SELANGOR')).toBe('LOT 3, SHOPPING CENTRE, SECTION U6, 40150 SHAH ALAM, SELANGOR');
    const company = (name: string) => best(find([...text(name, 60, 20), ...text('NO 5, JALAN 3, 43800 DENGKIL', 60, 50)], ['company']), 'company')?.value;
    expect(company('HAI-0 RAYA BHD')).toBe('HAI-O RAYA BHD');
    expect(company('SS20 MART SDN BHD')).toBe('SS20 MART SDN BHD');
    // A mile's number run into its word (a reading that dropped the space), and codes of letters and digits, stay as printed.
    expect(address('Jalan TrasBatu1 28700 Bentong', 'Lot PJU1A/7A, 28700 Pahang')).toBe('Jalan TrasBatu1 28700 Bentong Lot PJU1A/7A, 28700 Pahang');
    expect(address('No 5, Jalan1, Taman Sri', '43800 Dengkil, Selangor')).toBe('No 5, Jalan1, Taman Sri 43800 Dengkil, Selangor');
  });

  it('counts a reading as much as its weight: a more accurate reader outvotes two readings that agree on a misread', () => {
    const header = (name: string) => [...text(name, 60, 20), ...text('NO.59 JALAN PERMAS 9/5', 60, 50), ...text('81750 JOHOR BAHRU', 60, 80), ...text('TEL: 07-386 7524', 60, 110)];
    const page: FieldPage = { page: 1, words: header('PERNIAGAAN ZHENG Hii'), otherReadings: [header('PERNIAGAAN ZHENG Hii'), header('PERNIAGAAN ZHENG HUI'), header('PERNIAGAAN ZHENG HUI')] };
    // Two against two: the page's own reading stands.
    expect(findFields([page], [{ name: 'company' }]).get('company')![0]?.value).toBe('PERNIAGAAN ZHENG Hii');
    // The last reading counts twice (readingWeight('paddle')).
    expect(findFields([{ ...page, readingWeights: [1, 1, 1, readingWeight('paddle')] }], [{ name: 'company' }]).get('company')![0]?.value).toBe('PERNIAGAAN ZHENG HUI');
  });

  it("takes a company's name one reading read whole over the part of it two others read, but not over specks read after it", () => {
    const header = (name: string) => [...text(name, 60, 20), ...text('NO 12, JALAN MAWAR 3,', 60, 50), ...text('53100 KUALA LUMPUR', 60, 80), ...text('TEL: 03-4021 8899', 60, 110)];
    // A logo-like first line only the page's own words read.
    const whole = findFields([{ page: 1, words: header('POPULAR BOOK CO. (M) SDN BHD'), otherReadings: [header('CO. (M) SDN BHD'), header('CO. (M) SDN BHD')] }], [{ name: 'company' }]);
    expect(whole.get('company')![0]?.value).toBe('POPULAR BOOK CO. (M) SDN BHD');
    const specks = findFields([{ page: 1, words: header('ANN GIAP TRADING SDN BHD 5'), otherReadings: [header('ANN GIAP TRADING SDN BHD'), header('ANN GIAP TRADING SDN BHD')] }], [{ name: 'company' }]);
    expect(specks.get('company')![0]?.value).toBe('ANN GIAP TRADING SDN BHD');
  });
});

describe('findFields on receipts laid out as other vendors lay them out', () => {
  it("ends a French till receipt's address at its SIRET row, and takes no phone from the SIRET", () => {
    const words = [
      ...text('CARREFOUR MARKET', 120, 40),
      ...text('12 avenue Jean Jaurès', 90, 70),
      ...text('75019 Paris', 130, 100),
      ...text('SIRET 123 456 789 00012', 80, 130),
      ...text('LAIT DEMI-ECREME', 20, 180), ...right('1,15', 400, 180),
      ...text('TOTAL TTC', 20, 210), ...right('4,59 €', 400, 210),
    ];
    const found = find(words, ['address', 'phone']);
    expect(best(found, 'address')?.value).toBe('12 avenue Jean Jaurès 75019 Paris');
    expect(best(found, 'phone')?.confidence ?? 0).toBeLessThan(0.1);
  });

  it('reads a label with its currency glued on, and counts, codes and amounts of two columns apart', () => {
    // "TOTAL(RM) :" is the total's label as "TOTAL (RM) :" is; the count "45" and the amount "411.50" a column apart are two numbers.
    const words = [
      ...text('TOT QTY:', 120, 40), ...text('45', 220, 40), ...right('411.50', 470, 40), ...text('SUB TOTAL (RM) :', 120, 70), ...right('411.50', 470, 70),
      ...text('TOTAL GST(RM) :', 120, 100), ...right('24.69', 470, 100), ...text('ROUNDING(RM) :', 120, 130), ...right('0.01', 470, 130),
      ...text('TOTAL(RM) :', 120, 160), ...right('436.20', 470, 160), ...text('CASH :', 120, 190), ...right('436.20', 470, 190), ...text('CHANGE(RM) :', 120, 220), ...right('0.00', 470, 220),
    ];
    const found = find(words, ['total']).get('total')!;
    expect(found[0]?.normalized).toBe(436.2);
    expect(found.map((f) => f.normalized)).not.toContain(45411.5);
    expect(best(find([...text('TOTAL', 20, 40), ...text('45', 200, 40), ...right('411.50', 470, 40)], ['total']), 'total')?.normalized).toBe(411.5);
  });

  it('takes a total whose label says what it includes, not an item under a bare "Amount" column header', () => {
    const words = [
      ...text('DESCRIPTION', 20, 40), ...right('AMOUNT', 470, 40), ...right('0.20 T', 470, 70), ...text('NO PLASTIC BAG CAMPAIGN', 20, 70),
      ...text('70G P.COPY 450S', 20, 100), ...right('13.69 T', 470, 100), ...text('PB S/TAPE 18X40', 20, 130), ...right('16.81 T', 470, 130),
      ...text('TOTAL RM INCL. OF GST', 20, 170), ...right('30.70', 470, 170),
    ];
    expect(best(find(words, ['total']), 'total')?.normalized).toBe(30.7);
    // "Total includes 6% GST 1.83" is the tax in it, not the total.
    const tax = [...text('TAKEOUT TOTAL (INCL GST)', 20, 40), ...right('32.25', 470, 40), ...text('VISA', 20, 70), ...right('32.25', 470, 70), ...text('TOTAL INCLUDES 6% GST', 20, 100), ...right('1.83', 470, 100)];
    expect(best(find(tax, ['total']), 'total')?.normalized).toBe(32.25);
  });

  it("does not take another label's value from a row beside the total's label", () => {
    // Rows as an annotator boxes them, taller than their type: "*TOTAL QTY: 4.00" reaches into the total's row.
    const at = (t: string, x0: number, y0: number, x1: number, y1: number): LayoutWord => ({ text: t, box: { x0, y0, x1, y1 }, confidence: 0.95 });
    const words = [
      at('*TOTAL', 82, 960, 170, 1019), at('QTY:', 180, 960, 230, 1019), at('4.00', 240, 960, 276, 1019), at('40.80', 601, 997, 691, 1026),
      at('TOTAL', 82, 1015, 160, 1086), at('INCLUDES', 170, 1015, 300, 1086), at('GST', 310, 1015, 360, 1086), at('6%', 370, 1015, 418, 1086), at('40.80', 600, 1056, 695, 1087),
    ];
    expect(best(find(words, ['total']), 'total')?.normalized).toBe(40.8);
  });

  it('gives an amount as most readings print its figures, the space after a point and a glued currency PaddleOCR made left out', () => {
    const reading = (total: string) => [...text('TOTAL', 20, 40), ...right(total, 470, 40)];
    const page: FieldPage = { page: 1, words: reading('9,90'), otherReadings: [reading('9.90'), reading('RM9.90')], readingWeights: [1, 1, readingWeight('paddle')] };
    const total = findFields([page], [{ name: 'total' }]).get('total')?.[0];
    expect([total?.value, total?.normalized]).toEqual(['9.90', 9.9]);
    expect(best(find(reading('64. 15'), ['total']), 'total')?.value).toBe('64.15');
    // Printed with its currency as one word by every reading, it keeps it.
    expect(best(find(reading('RM1.00'), ['total']), 'total')?.value).toBe('RM1.00');
  });

  it("reads PaddleOCR's full-width brackets and commas as the print's", () => {
    const words = [...text('AIK HUAT HARDWARE SDN BHD', 60, 20), ...text('NO. 17-G, JALAN SETIA INDAH （X） U13/X，', 60, 50), ...text('40170 SHAH ALAM, SELANGOR', 60, 80), ...text('TEL: 03-3362 4137', 60, 110), ...text('TOTAL（RM）', 20, 160), ...right('12.50', 470, 160)];
    const found = find(words, ['address', 'total']);
    expect(best(found, 'address')?.value).toBe('NO. 17-G, JALAN SETIA INDAH (X) U13/X, 40170 SHAH ALAM, SELANGOR');
    expect(best(found, 'total')?.source).toBe('key_value');
  });

  it('takes a date that reads day first over a code that reads only month first', () => {
    const words = [...text('CK 11-22-31 - 10/400', 20, 40), ...right('5.90', 470, 40), ...text('19-09-17 15:39 SH01 ZJ03', 20, 120)];
    expect(best(find(words, ['date']), 'date')?.normalized).toBe('2017-09-19');
    // Alone, a date that reads month first is read so.
    expect(best(find(text('12/25/2018 10:02', 20, 40), ['date']), 'date')?.normalized).toBe('2018-12-25');
  });

  it('reads the dates of a page that prints them month first month first', () => {
    const us = [...text('DATE: 11/05/2018 14:02', 20, 40), ...text('TOTAL', 20, 100), ...right('$12.50', 470, 100), ...text('RETURNS UNTIL 12/25/2018', 20, 160)];
    expect(best(find(us, ['date']), 'date')?.normalized).toBe('2018-11-05');
    // A code that reads only month first is no such evidence, nor is a month-first date on a page with one that reads only day first.
    expect(best(find([...text('DATE: 05/03/2018', 20, 40), ...text('CK 11-22-31 - 10/400', 20, 100)], ['date']), 'date')?.normalized).toBe('2018-03-05');
    expect(best(find([...text('DATE: 05/03/2018', 20, 40), ...text('VALID 12/25/2018', 20, 100), ...text('PRINTED 25/03/2018', 20, 160)], ['date']), 'date')?.normalized).toBe('2018-03-05');
  });

  it('weighs the subtotals of several readings as their readers count', () => {
    // Two tesseract readings misread the subtotal two ways; PaddleOCR (counting two) reads it as the total is printed.
    const reading = (subtotal: string, total: string) => [...text('SUB-TOTAL (GST)', 20, 40), ...right(subtotal, 470, 40), ...text('TOTAL', 20, 70), ...right(total, 470, 70), ...text('CASH', 20, 100), ...right('40.00', 470, 100), ...text('CHANGE', 20, 130), ...right('12.00', 470, 130)];
    const page: FieldPage = { page: 1, words: reading('28.010', '26.00'), otherReadings: [reading('28.08', 'pats'), reading('28.00', '28.00')], readingWeights: [1, 1, readingWeight('paddle')] };
    expect(findFields([page], [{ name: 'total' }]).get('total')?.[0]?.normalized).toBe(28);
  });

  it('takes the amount a total was rounded to where it is printed under the rounding, not the total before it', () => {
    const words = [
      ...text('TOTAL', 20, 40), ...right('19.99', 470, 40), ...text('ROUNDING ADJ', 20, 70), ...right('0.01', 470, 70), ...text('ROUNDING', 20, 100), ...right('20.00', 470, 100),
      ...text('CASH', 20, 130), ...right('20.00', 470, 130), ...text('CHANGE', 20, 160), ...right('0.00', 470, 160),
    ];
    expect(best(find(words, ['total']), 'total')?.normalized).toBe(20);
    // The adjustment printed without its sign and its leading zero ("-.02"), the amount labelled "Amount to be paid".
    const paid = [
      ...text('TOTAL SALES (INCLUSIVE GST) RM', 20, 40), ...right('177.22', 470, 40), ...text('ROUNDING ADJUSTMENT RM', 20, 70), ...right('-.02', 470, 70),
      ...text('AMOUNT TO BE PAID', 20, 100), ...right('177.20', 470, 100), ...text('GST SUMMARY AMOUNT TAX', 20, 150), ...right('167.19', 330, 180), ...right('10.03', 470, 180),
    ];
    expect(best(find(paid, ['total']), 'total')?.normalized).toBe(177.2);
    // With no rounding printed, a total of any cents stays.
    expect(best(find(words.slice(0, 3).concat(...text('CASH', 20, 130), ...right('20.00', 470, 130)), ['total']), 'total')?.normalized).toBe(19.99);
  });

  it('never takes the change for the total, and takes the subtotal where no total is printed', () => {
    const words = [
      ...text('NASI LEMAK', 20, 40), ...right('9.80', 470, 40), ...text('ICE TEA', 20, 70), ...right('4.30', 470, 70), ...text('SUBTOTAL', 20, 110), ...right('28.70', 470, 110),
      ...text('RM CASH', 20, 140), ...right('100.000', 470, 140), ...text('CHANGE', 20, 170), ...right('71.30', 470, 170),
    ];
    expect(best(find(words, ['total']), 'total')?.normalized).toBe(28.7);
  });

  it("takes the business's name over a proprietor's name or a stamp printed above it, and leaves a brand above a legal name out", () => {
    const header = (...names: string[]) => [...names.flatMap((n, i) => text(n, 60, 20 + 30 * i)), ...text('NO 12, JALAN MAWAR 3,', 60, 20 + 30 * names.length), ...text('53100 KUALA LUMPUR', 60, 50 + 30 * names.length), ...text('TEL: 03-4021 8899', 60, 80 + 30 * names.length)];
    const company = (...names: string[]) => best(find(header(...names), ['company']), 'company')?.value;
    expect(company('TAN CHAY YEE', 'ABC HO TRADING')).toBe('ABC HO TRADING');
    // Not a trade's row past the address's first: the rest area a stall is in.
    expect(company('SOUP & PORRIDGE', 'LOT S10NB & S12NB', 'RESTORAN JEJANTAS SG. BULOH')).toBe('SOUP & PORRIDGE');
    expect(company('BIZ LINK', 'SECURITY & OA TRADING (002382060-M)', 'LOT TC007 & 008')).toBe('SECURITY & OA TRADING');
    expect(company('GOODS SOLD ARE NOT RETURNABLE THANK YOU', 'SLF CASH & CARRY')).toBe('SLF CASH & CARRY');
    // A row of trade words alone under a name is what the business is, not who ("BISTRO & CAFE"), as is a branch's bracket.
    expect(company('THREE STOOGES', 'BISTRO & CAFE')).toBe('THREE STOOGES');
    expect(company('AIK HUAT HARDNARE', 'ENTERPRISE (SETIA')).toBe('AIK HUAT HARDWARE');
    // A proprietor's business name goes on to its suffix alone on the row under it.
    expect(company('TSH POWER HARDWARE', 'TRADING')).toBe('TSH POWER HARDWARE TRADING');
    // A logo's words printed again as the start of the full name, to its "CO." (a branch after it left out).
    expect(company('EIGHT OUNCE', 'COFFEE', 'EIGHT OUNCE COFFEE CO. THE GARDENS MALL')).toBe('EIGHT OUNCE COFFEE CO.');
    expect(company('SARANG HAE YO', 'TRENDYMAX (M) SDN. BHD.')).toBe('TRENDYMAX (M) SDN. BHD.');
    // A name broken over two rows: its legal form's row names one word under a row that says its trade, or a row ending at "&".
    expect(company('KEDAI UBAT & RUNCIT HONG', 'NING SDN. BHD.')).toBe('KEDAI UBAT & RUNCIT HONG NING SDN. BHD.');
    expect(company('MUN HENG ELECTRICAL &', 'HARDWARE SUPPLY')).toBe('MUN HENG ELECTRICAL & HARDWARE SUPPLY');
    // "CORPORATION" and "S/B" are both forms: the row above is the name's start.
    expect(company('SECURE PARKING', 'CORPORATION S/B')).toBe('SECURE PARKING CORPORATION S/B');
    // A legal name in brackets under a brand is the name; a petrol station's brand over its dealer's name and number, the dealer's.
    expect(company('THE GEOVENTURE', '(FREEDOM OPTIMUM SDN BHD)')).toBe('FREEDOM OPTIMUM SDN BHD');
    expect(company('CALTEX', 'BIRU PETROLEUM', 'CO.NO:001684044-P')).toBe('BIRU PETROLEUM');
    // A speck the scan left before a name is no part of it.
    expect(company('. ONE THREE SEAFOOD RESTAURANT SDN BHD')).toBe('ONE THREE SEAFOOD RESTAURANT SDN BHD');
    // "CO NO." over a tax number is a registration's label, not a company's "Co.".
    expect(company('SEN LEE HEONG RESTAURANT', 'CO NO. (002083199-T)', 'GST ID NO (001115316224)')).toBe('SEN LEE HEONG RESTAURANT');
    expect(company('POSTED', 'BEMED (SP) SDN. BHD.')).toBe('BEMED (SP) SDN. BHD.');
    // Sdn Bhd's short form, a bare company number after it, what a name is printed under.
    expect(company('LAVENDER', 'LAVENDER CONFECTIONERY & BAKERY S/B')).toBe('LAVENDER CONFECTIONERY & BAKERY S/B');
    expect(company("KING'S CONFECTIONERY S/B 273500-U (KSB)")).toBe("KING'S CONFECTIONERY S/B");
    expect(company('OWN BY: CHEF LEE SDN BHD')).toBe('CHEF LEE SDN BHD');
    // Boxed without what it is printed under: "CHEF" starts at x 60 + "OWN BY: " (8 characters and two spaces).
    expect(best(find(header('OWN BY: CHEF LEE SDN BHD'), ['company']), 'company')?.box).toEqual({ x0: 60 + 30 + 6 + 30 + 6, y0: 20, x1: 60 + 30 + 6 + 30 + 6 + 40 + 6 + 30 + 6 + 30 + 6 + 30, y1: 44 });
    expect(company('#000002 BAIFU (M) SDN BHD')).toBe('BAIFU (M) SDN BHD');
    // "KG" starting a row is a village's ("KG.BATU": kampung), not a German legal form.
    const village = find([...text('SIN THYE & COMPANY', 60, 20), ...text('REG. NO:00168397-H', 60, 50), ...text('NO.54', 60, 80), ...text('KG.BATU', 60, 110), ...text('51200 KUALA LUMPUR', 60, 140), ...text('TEL: 03-6258 0869', 60, 170)], ['company']);
    expect(best(village, 'company')?.value).toBe('SIN THYE & COMPANY');
    // Sdn Bhd's short form with its B read as an R, or its S as a dollar sign: a legal form all the same.
    expect(company('HAPPY STAR', 'SOON FATT S/R (81497-P)')).toBe('SOON FATT S/B');
    expect(company('TQ FOR SHOPPING WITH US', 'MYNEWS RETAIL $B(306295-X) FKA BISON STORES SB')).toBe('MYNEWS RETAIL SB');
  });

  it("takes a proprietor's name printed over its registration number under a brand, and the address under the brand", () => {
    const words = [...text('TAX INVOICE', 60, 20), ...text('BHPetrol Permas Jaya 2', 40, 50), ...text('LOT PTD 101051', 60, 80), ...text('Jalan Permas 10/10', 60, 110), ...text('81750 Masai, Johor', 60, 140), ...text('Esjay Fuel Enterprise', 50, 170), ...text('CO. REG. NO: 001011128-T', 40, 200), ...text('GST REG. NO: 000153358336', 40, 230)];
    const found = find(words, ['company', 'address']);
    expect(best(found, 'company')?.value).toBe('Esjay Fuel Enterprise');
    expect(best(found, 'address')?.value).toBe('LOT PTD 101051 Jalan Permas 10/10 81750 Masai, Johor');
    // A customer's name and number after the document's own data are not the seller's.
    const billed = find([...text('KEDAI MAJU JAYA', 60, 20), ...text('NO 12, JALAN MAWAR 3,', 60, 50), ...text('53100 KUALA LUMPUR', 60, 80), ...text('INVOICE', 60, 110), ...text('Ahmad Trading', 60, 140), ...text('(002009512-X)', 60, 170)], ['company']);
    expect(best(billed, 'company')?.value).toBe('KEDAI MAJU JAYA');
    // A suffix alone over the number is the end of the name above it, not a name.
    const sole = find([...text('TSH POWER HARDWARE', 60, 20), ...text('TRADING', 60, 50), ...text('(002009512-X)', 60, 80), ...text('NO 12, JALAN MAWAR 3,', 60, 110), ...text('53100 KUALA LUMPUR', 60, 140)], ['company']);
    expect(best(sole, 'company')?.value).toBe('TSH POWER HARDWARE TRADING');
  });

  it("starts an address past a branch's name in brackets under the business's", () => {
    const words = [...text('DE LUXE CIRCLE FRESH MART SDN BHD', 40, 20), ...text('(MUTIARA RINI 16)', 120, 50), ...text('CO REG NO:797887-W', 100, 80), ...text('NO.89&91, JALAN UTAMA,', 80, 110), ...text('TAMAN MUTIA RINI, 81300 SKUDAI, JOHOR.', 40, 140), ...text('TEL:016-7780546', 100, 170)];
    expect(best(find(words, ['address']), 'address')?.value).toBe('NO.89&91, JALAN UTAMA, TAMAN MUTIA RINI, 81300 SKUDAI, JOHOR.');
    // Past a name's last word printed on one row with its company number.
    const rolled = [...text('THE ROTI MAN', 60, 20), ...text('bakery 000965911-P', 60, 50), ...text('117, Jalan Radin Bagus, Sri Petaling', 40, 80), ...text('Tel:03-9054 3785', 60, 110)];
    expect(best(find(rolled, ['address']), 'address')?.value).toBe('117, Jalan Radin Bagus, Sri Petaling');
  });

  it("starts an address past a BR number and a branch's name printed again in it, and ends it at a state on its own row", () => {
    const rows = (...lines: string[]) => lines.flatMap((l, i) => text(l, 40, 20 + 30 * i));
    const address = (...lines: string[]) => best(find(rows(...lines), ['address']), 'address')?.value;
    expect(address('PASARAYA BORONG PINTAR SDN BHD', 'BR NO.: (124525-H)', 'NO 19-G& 19-1& 19-2 JALAN TASIK UTAMA 4', 'MEDAN NIAGA TASIK DAMAI', '016-5498845')).toBe('NO 19-G& 19-1& 19-2 JALAN TASIK UTAMA 4 MEDAN NIAGA TASIK DAMAI');
    expect(address('GUARDIAN HEALTH AND BEAUTY SDN BHD', 'BANDAR BARU RAWANG', 'NO 15 JALAN BANDAR RAWANG 10', 'BANDAR BARU RAWANG', 'TEL:03-60932032')).toBe('NO 15 JALAN BANDAR RAWANG 10 BANDAR BARU RAWANG');
    expect(address('BHPETROL SUBANG AIRPORT SDN BHD', 'JALAN LAPANGAN TERBANG SUBANG', '47200 SUBANG', 'SELANGOR', "D'ROSH SERVPORT", 'CO. REG. NO: 000948487-V')).toBe('JALAN LAPANGAN TERBANG SUBANG 47200 SUBANG SELANGOR');
    // A company number printed before the address on its row; a motorway's address.
    expect(address('TOOLS WORLD SDN BHD', '<484297-M> 22 LRG PERUSAHAAN 4', 'KIMPAL INDS.PARK B.CAVES', 'TEL: 03-6187 1234')).toBe('22 LRG PERUSAHAAN 4 KIMPAL INDS.PARK B.CAVES');
    expect(address('RELAIS TOTAL OULMES SARL', 'AUTOROUTE RABAT MEKNES', '15000 KHEMISSET', 'TEL. : 05.22.95.66.66')).toBe('AUTOROUTE RABAT MEKNES 15000 KHEMISSET');
  });

  it("does not take a customer's labelled address for the seller's", () => {
    const words = [
      ...text('ELKEN SERVICE SDN BHD (310184-X)', 40, 20), ...text('NO 2-1 JALAN 3/137B BATU 5', 60, 50), ...text('JALAN KELANG LAMA 58000 KUALA LUMPUR', 40, 80), ...text('TEL: 603-79859377', 60, 110),
      ...text('INVOICE NO : ESS447-004439', 20, 170), ...text('BILL TO', 20, 200), ...text(': WONG PEI HAR', 200, 200), ...text('ADDRESS', 20, 230), ...text(': 2920/1 JINJANG UTARA', 200, 230),
    ];
    expect(best(find(words, ['address']), 'address')?.value).toBe('NO 2-1 JALAN 3/137B BATU 5 JALAN KELANG LAMA 58000 KUALA LUMPUR');
  });

  it('reads no date in a code of numbers and slashes', () => {
    const words = [...text('MI11/3-21 - 12/480', 20, 40), ...text('T2 R000178141 16-03-18 13:49', 20, 300)];
    expect(best(find(words, ['date']), 'date')).toMatchObject({ value: '16-03-18', normalized: '2018-03-16' });
  });
});
