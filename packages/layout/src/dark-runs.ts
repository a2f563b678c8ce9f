/** Each run of ink (1s) along one row of a binarised page (`width` pixels from `offset`), left to right: `visit(start, end)`, end exclusive. */
export function forEachDarkRun(dark: Uint8Array, offset: number, width: number, visit: (start: number, end: number) => void): void {
  let x = 0;
  while (x < width) {
    if (!dark[offset + x]) {
      x++;
      continue;
    }
    const start = x;
    while (x < width && dark[offset + x]) x++;
    visit(start, x);
  }
}
