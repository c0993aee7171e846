/** Small helpers for sets held as the bits of a number (the board's free cells and empty columns). */

/** How many bits of `bits` are set. */
export function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The index of the lowest bit set in `bits`, -1 when none is. */
export function lowestBit(bits: number): number {
  return 31 - Math.clz32(bits & -bits);
}
