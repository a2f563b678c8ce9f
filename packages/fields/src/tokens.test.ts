import { describe, expect, it } from 'vitest';
import { labelTokens } from './tokens.js';

describe('labelTokens', () => {
  it('gives a printed word and a field name the same words', () => {
    expect(labelTokens('TOTAL')).toEqual(['total']);
    expect(labelTokens('Total:')).toEqual(['total']);
    expect(labelTokens('NETTOTAL')).toEqual(['nettotal']);
    expect(labelTokens('invoiceNumber')).toEqual(['invoice', 'number']);
    expect(labelTokens('invoice_number')).toEqual(['invoice', 'number']);
    expect(labelTokens('GST20')).toEqual(['gst20']);
    expect(labelTokens('Inv#')).toEqual(['inv', '#']);
    expect(labelTokens('N° de facture')).toEqual(['no', 'de', 'facture']);
    expect(labelTokens('Straße')).toEqual(['strasse']);
    expect(labelTokens('Fälligkeit')).toEqual(['falligkeit']);
    expect(labelTokens('12.50')).toEqual(['12', '50']);
    // camelCase parted after two lower-case letters, not after one: words printed so stay whole.
    expect(labelTokens('poNumber')).toEqual(['po', 'number']);
    expect(labelTokens('MwSt.')).toEqual(['mwst']);
    expect(labelTokens('USt-IdNr.')).toEqual(['ust', 'idnr']);
  });
});
