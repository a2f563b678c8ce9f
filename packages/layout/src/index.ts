export type { LayoutPage, LayoutWord, Ruling } from './types.js';
export { pageStructure } from './structure.js';
export { textRows, type Segment, type TextRow } from './rows.js';
export { rowsAlongTilt } from './tilt.js';
export { isNumeric } from './cells.js';
export { overlap, unionOf } from './geometry.js';
export { eraseRulings, findRulings, takeLinesOff, turnBoxes, type LinesTakenOff } from './image-rulings.js';
export { readingOrder, type OrderedBlock, type OrderedLine, type SourceLine } from './reading-order.js';
export { oddFigures } from './odd-figures.js';
