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
