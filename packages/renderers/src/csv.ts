import { stringify } from 'csv-stringify/sync';
import { tableRows, type TablesRenderer } from './tables.js';

/**
 * CSV: every table of the document in page order in one file, tables apart by one empty line
 * (what Tabula's "all tables" export gives, and what a spreadsheet opens as one sheet). A spanning
 * cell's text stands at its top-left position, the positions it covers are empty. RFC 4180 quoting,
 * CRLF line ends, UTF-8. No tables: an empty file.
 */
export const csvRenderer: TablesRenderer = {
  async tables(tables) {
    const text = tables.map(({ table }) => stringify(tableRows(table).map((row) => row.map((v) => v ?? '')), { record_delimiter: 'windows' })).join('\r\n');
    return new TextEncoder().encode(text);
  },
};
