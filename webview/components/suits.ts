import { svg, type SVGTemplateResult } from 'lit';

/**
 * Suit symbols as SVG paths on a 100 × 100 box, filled with the current colour: crisp at any
 * zoom and independent of the fonts (some draw ♥ and ♦ as colour emoji).
 */
const SUIT_SHAPES: readonly SVGTemplateResult[] = [
  // clubs
  svg`<circle cx="50" cy="27" r="21"/><circle cx="27" cy="60" r="21"/><circle cx="73" cy="60" r="21"/>
      <circle cx="50" cy="52" r="12"/><path d="M45 56 C45 76 40 86 30 97 L70 97 C60 86 55 76 55 56 Z"/>`,
  // diamonds
  svg`<path d="M50 2 L88 50 L50 98 L12 50 Z"/>`,
  // hearts
  svg`<path d="M50 92 C22 68 4 52 4 30 C4 14 16 4 29 4 C39 4 46 10 50 19 C54 10 61 4 71 4 C84 4 96 14 96 30 C96 52 78 68 50 92 Z"/>`,
  // spades
  svg`<path d="M50 3 C66 22 94 38 94 60 C94 74 84 82 72 82 C63 82 57 78 54 72 C55 82 59 89 68 97 L32 97 C41 89 45 82 46 72 C43 78 37 82 28 82 C16 82 6 74 6 60 C6 38 34 22 50 3 Z"/>`,
];

export function suitShape(suit: number): SVGTemplateResult {
  return SUIT_SHAPES[suit] ?? SUIT_SHAPES[3];
}
