import { parseCard, type Card, type Position, type VariantId } from '../../../src/engine';

/** Cards from text like `9S 8S 7S`; throws on a typo so a fixture can never be silently wrong. */
export function cards(text: string): Card[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const card = parseCard(token);
      if (card === undefined) throw new Error(`fixture: "${token}" is not a card`);
      return card;
    });
}

/**
 * A hand-made position: only the cards that matter for the rule under test (move generation
 * does not need all 52). `foundations` gives each pile's cards as text, bottom first.
 */
export function position(
  variant: VariantId,
  columns: readonly string[],
  cells: readonly (string | null)[] = [],
  foundations: readonly string[] = ['', '', '', ''],
): Position {
  return {
    variant,
    columns: columns.map(cards),
    cells: cells.map((cell) => (cell === null ? null : cards(cell)[0])),
    foundations: foundations.map(cards),
  };
}

/** A deep copy, to check later that nothing was changed in place. */
export function clone(position: Position): Position {
  return JSON.parse(JSON.stringify(position)) as Position;
}

/** Microsoft deal 1 as board text, one column per line (the layout fc-solve and PySolFC print). */
export const DEAL_1 = [
  'JD KD 2S 4C 3S 6D 6S',
  '2D KC KS 5C TD 8S 9C',
  '9H 9S 9D TS 4S 8D 2H',
  'JC 5S QD QH TH QS 6H',
  '5D AD JS 4H 8H 6C',
  '7H QC AS AC 2C 3D',
  '7C KH AH 4D JH 8C',
  '5H 3H 3C 7S 7D TC',
];
