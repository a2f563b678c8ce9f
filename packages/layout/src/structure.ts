import { joinedRulings } from './joined-rulings.js';
import { keyValuePairs } from './key-values.js';
import { ruledTables, rulingTolerance } from './ruled-tables.js';
import { mergeRuledBands } from './ruled-bands.js';
import { textRows } from './rows.js';
import { streamTables } from './stream-tables.js';
import { levelled } from './tilt.js';
import type { LayoutPage, PageStructure } from './types.js';

/**
 * A page's structure from its words and ruling lines: the tables their lines draw first, then
 * borderless tables in the rows left (rows between horizontal rules kept together), then key-value
 * pairs in the rows outside any table or listing set out as one. A page whose words run askew is read levelled (tilt.ts).
 */
export function pageStructure(page: LayoutPage): PageStructure {
  return levelled(page, structureOf);
}

function structureOf(drawn: LayoutPage): PageStructure {
  const page = { ...drawn, rulings: joinedRulings(drawn.rulings ?? [], rulingTolerance(drawn)) };
  // A grid that holds no text (a chart's frame and gridlines, a box drawn round a picture) is no table.
  const ruled = ruledTables(page, page.words).filter((t) => t.table.cells.some((c) => c.text.trim() !== ''));
  const inRuled = new Set(ruled.flatMap((t) => [...t.words]));
  const rows = mergeRuledBands(textRows(page.words.filter((w) => !inRuled.has(w))), page.rulings);
  const { tables: stream, listings } = streamTables(rows, page.rulings);
  // A listing's rows (a contents page's titles and page numbers) are no more key-value pairs than a table's.
  const inStream = new Set([...stream.flatMap((t) => t.rows), ...listings.flat()]);
  const tables = [...ruled.map((t) => t.table), ...stream.map((t) => t.table)].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  return { tables, keyValuePairs: keyValuePairs(rows.filter((r) => !inStream.has(r))) };
}
