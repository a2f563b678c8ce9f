import { describe, expect, it } from 'vitest';
import { readingOrder, type SourceLine } from './reading-order.js';
import type { LayoutWord } from './types.js';
import { right, text } from './words.fixture.js';

const LINE = 36;
/** Lines of text starting at (x, y), one every LINE px, as one source block. */
const column = (lines: string[], x: number, y: number, group: number): SourceLine[] => lines.map((l, i) => ({ words: text(l, x, y + i * LINE), group }));
const textOf = (lines: SourceLine[]) =>
  readingOrder(lines)
    .map((b) => b.lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n'))
    .join('\n\n');
const linesOf = (lines: SourceLine[]) => readingOrder(lines).flatMap((b) => b.lines.map((l) => l.words.map((w) => w.text).join(' ')));

describe('reading order', () => {
  // Columns of prose, 48 characters wide.
  const left = ['the left column opens with a line of plain words', 'and goes on with a second line of its own text', 'then a third that carries on the same sentence', 'and a fourth which ends the left column here'];
  const rightColumn = ['the right column starts at the top of the page', 'beside the left one and reads on after it ends', 'with a third line in the same style and size', 'and its last line closes the story for now'];

  it('reads two columns one after the other, a title across them first and a footer across them last', () => {
    // A text layer gives whole rows across the page: the gutter cuts them.
    const rows: SourceLine[] = [
      { words: text('A title across both columns of the page', 100, 40), group: 0 },
      ...left.map((l, i) => ({ words: [...text(l, 100, 120 + i * LINE), ...text(rightColumn[i]!, 720, 120 + i * LINE)], group: 1 })),
      { words: text('a footer line that also runs across both columns of the page below them all', 100, 400), group: 2 },
    ];
    expect(linesOf(rows)).toEqual(['A title across both columns of the page', ...left, ...rightColumn, 'a footer line that also runs across both columns of the page below them all']);
    // The same from an engine that gave the columns as blocks, the right one first.
    const engine = [...column(['A title across both columns of the page'], 100, 40, 0), ...column(rightColumn, 720, 120, 2), ...column(left, 100, 120, 1)];
    expect(textOf(engine)).toBe(['A title across both columns of the page', left.join('\n'), rightColumn.join('\n')].join('\n\n'));
  });

  it('joins the pieces of lines an engine cut at the spaces of justified prose, and reads the lines in order', () => {
    // Three "columns" of fragments, as tesseract gave francais.pdf: each line cut twice at a word gap.
    const lines = ['les enfants consument dans la cour', 'lui permet de penser que tout est', 'dans un ordre qui reste ouvert ici'];
    const pieces: SourceLine[] = [];
    lines.forEach((line, i) => {
      const words = text(line, 100, 100 + i * LINE);
      pieces.push({ words: words.slice(0, 2), group: 0 }, { words: words.slice(2, 5), group: 1 }, { words: words.slice(5), group: 2 });
    });
    // The engine's order: block by block (all first pieces, then all second pieces...).
    const engineOrder = [0, 3, 6, 1, 4, 7, 2, 5, 8].map((i) => pieces[i]!);
    const blocks = readingOrder(engineOrder);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.lines.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(lines);
    // Each line names its pieces, left to right (their indexes in the input).
    expect(blocks[0]!.lines[0]!.sources).toEqual([0, 3, 6]);
  });

  it('reads a letter head as it stands: the sender and date at the right before the addressee below them at the left', () => {
    const lines: SourceLine[] = [
      ...column(['Acme Supplies Ltd', '12 High Street', 'Leeds LS1 4AB'], 900, 60, 0),
      ...column(['24 November 2026'], 900, 200, 1),
      ...column(['Ms Jane Doe', '4 Park Road', 'York YO1 7HH'], 100, 260, 2),
      ...column(['Dear Ms Doe, thank you for your order of last week.'], 100, 400, 3),
    ];
    expect(linesOf(lines)).toEqual(['Acme Supplies Ltd', '12 High Street', 'Leeds LS1 4AB', '24 November 2026', 'Ms Jane Doe', '4 Park Road', 'York YO1 7HH', 'Dear Ms Doe, thank you for your order of last week.']);
  });

  it('reads a contents page entry by entry (no table, but set out as one), though an engine gave its columns as blocks', () => {
    const entries: Array<[string, string, string]> = [['1', 'Summary of findings', '3'], ['2', 'Population by age and sex', '5'], ['3', 'Households and families', '11'], ['4', 'Labour force participation', '15']];
    const cells = entries.map(([n, title, at], i) => [text(n, 100, 300 + 40 * i), text(title, 180, 300 + 40 * i), right(at, 1300, 300 + 40 * i)]);
    const lines: SourceLine[] = [0, 1, 2].flatMap((c) => cells.map((r) => ({ words: r[c]!, group: c })));
    expect(linesOf([...column(['Contents'], 100, 200, 9), ...lines])).toEqual(['Contents', ...entries.map((e) => e.join(' '))]);
  });

  it('reads a borderless table row by row, though an engine gave its columns as blocks', () => {
    const header: LayoutWord[][] = [text('Date', 100, 300), text('Description', 300, 300), right('Debits', 900, 300), right('Balance', 1200, 300)];
    const rows = [
      ['01/02', 'Opening balance', '', '1,000.00'],
      ['01/05', 'Cheque 104', '250.00', '750.00'],
      ['01/09', 'Card payment', '12.40', '737.60'],
    ];
    const cells = rows.map((r, i) => {
      const y = 340 + i * 40;
      return [text(r[0]!, 100, y), text(r[1]!, 300, y), r[2] ? right(r[2], 900, y) : [], right(r[3]!, 1200, y)];
    });
    // Column blocks: dates, descriptions, debits, balances.
    const lines: SourceLine[] = [0, 1, 2, 3].flatMap((c) => [header[c]!, ...cells.map((r) => r[c]!)].filter((w) => w.length > 0).map((words) => ({ words, group: c })));
    expect(linesOf([...column(['Statement of account'], 100, 200, 9), ...lines])).toEqual([
      'Statement of account',
      'Date Description Debits Balance',
      '01/02 Opening balance 1,000.00',
      '01/05 Cheque 104 250.00 750.00',
      '01/09 Card payment 12.40 737.60',
    ]);
  });

  it('keeps a label and its value far to the right on one line', () => {
    const lines: SourceLine[] = [
      { words: [...text('Subtotal', 100, 100), ...right('24.00', 1200, 100)], group: 0 },
      { words: [...text('Total due', 100, 140), ...right('26.60', 1200, 140)], group: 0 },
    ];
    expect(textOf(lines)).toBe('Subtotal 24.00\nTotal due 26.60');
  });
});
