import { describe, expect, it } from 'vitest';
import { toEngineBlocks } from '../to-engine-page.js';
import { parseHocr } from './hocr.js';

// What tesseract 5.3 writes (hocr_font_info=0), cut to two lines of two words, with an escaped word.
const HOCR = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
 <body>
  <div class='ocr_page' id='page_1' title='image "unknown"; bbox 0 0 1000 500; ppageno 0; scan_res 70 70'>
   <div class='ocr_carea' id='block_1_1' title="bbox 100 100 620 260">
    <p class='ocr_par' id='par_1_1' lang='eng' title="bbox 100 100 620 260">
     <span class='ocr_line' id='line_1_1' title="bbox 100 100 600 150; baseline 0.01 -8; x_size 40; x_descenders 8; x_ascenders 10">
      <span class='ocrx_word' id='word_1_1' title='bbox 100 100 300 150; x_wconf 96'>Fish</span>
      <span class='ocrx_word' id='word_1_2' title='bbox 320 102 600 148; x_wconf 90'>&amp;&lt;Chips&gt;</span>
     </span>
     <span class='ocr_header' id='line_1_2' title="bbox 110 200 620 260; baseline 0 -10; x_size 44">
      <span class='ocrx_word' id='word_1_3' title='bbox 110 200 400 260; x_wconf 40'>Menu</span>
      <span class='ocrx_word' id='word_1_4' title='bbox 420 200 620 260; x_wconf 0'> </span>
     </span>
    </p>
   </div>
  </div>
 </body>
</html>`;

describe('parseHocr', () => {
  it('gives blocks, paragraphs, lines with baselines and words with boxes and confidences', () => {
    const blocks = toEngineBlocks(parseHocr(HOCR), 1000, 500);
    expect(blocks).toHaveLength(1);
    const lines = blocks[0]!.paragraphs[0]!.lines;
    expect(lines.map((l) => l.text)).toEqual(['Fish &<Chips>', 'Menu']);
    expect(lines[0]!.words).toEqual([
      { text: 'Fish', confidence: 0.96, bbox: { x0: 100, y0: 100, x1: 300, y1: 150 } },
      { text: '&<Chips>', confidence: 0.9, bbox: { x0: 320, y0: 102, x1: 600, y1: 148 } },
    ]);
    // A line's confidence is its kept words' mean (hOCR gives none); an empty word is dropped.
    expect(lines[0]!.confidence).toBeCloseTo(0.93, 5);
    expect(lines[1]!.confidence).toBeCloseTo(0.4, 5);
    // "baseline 0.01 -8": from the bottom-left corner (100, 150), 8 px up, rising 0.01 per pixel.
    expect(lines[0]!.baseline).toEqual({ x0: 100, y0: 142, x1: 600, y1: 147 });
    expect(lines[1]!.baseline).toEqual({ x0: 110, y0: 250, x1: 620, y1: 250 });
    expect(blocks[0]!.bbox).toEqual({ x0: 100, y0: 100, x1: 620, y1: 260 });
  });

  it('gives nothing for an empty page', () => {
    expect(parseHocr(`<html><body><div class='ocr_page' title='bbox 0 0 10 10'></div></body></html>`)).toEqual([]);
  });
});
