/**
 * Each run of ink (1s) along one row of a binarised page (`width` pixels from `offset`), left to right:
 * `visit(start, end)`, end exclusive. `words`, the same page as 32-bit words (darkWords), lets paper
 * be passed four pixels at a time where the row lies on word boundaries.
 */
export function forEachDarkRun(dark: Uint8Array, offset: number, width: number, visit: (start: number, end: number) => void, words?: Uint32Array): void {
  let x = 0;
  while (x < width) {
    if (!dark[offset + x]) {
      const i = offset + x;
      x += words && (i & 3) === 0 && x + 4 <= width && words[i >> 2] === 0 ? 4 : 1;
      continue;
    }
    const start = x;
    while (x < width && dark[offset + x]) x++;
    visit(start, x);
  }
}

/** A binarised page as 32-bit words (four pixels each), or none where its bytes do not start on a word. */
export function darkWords(dark: Uint8Array): Uint32Array | undefined {
  return dark.byteOffset % 4 === 0 ? new Uint32Array(dark.buffer, dark.byteOffset, dark.length >> 2) : undefined;
}
