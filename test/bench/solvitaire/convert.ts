/**
 * Our rank-built games in Solvitaire's two JSON formats: the rules (`--custom-rules FILE`) and a
 * deal (an input file). Solvitaire (github.com/thecharlieblake/Solvitaire) lists each tableau pile
 * from the bottom card to the top card, as our positions do, and spells cards `AS`, `10H`, `KD`.
 */
import { rankOf, suitOf, type Card, type Position } from '../../../src/engine';

/** The games compared with Solvitaire (DESIGN.md section 3): no cells, build down by rank, empty columns never filled. */
export const SOLVITAIRE_GAMES = ['bakers-dozen', 'good-measure', 'spanish-patience'] as const;

/** One of {@link SOLVITAIRE_GAMES}. */
export type SolvitaireGame = (typeof SOLVITAIRE_GAMES)[number];

/** Whether Solvitaire is the benchmark's peer for this variant (fc-solve is for the others). */
export function isSolvitaireGame(variant: string): variant is SolvitaireGame {
  return (SOLVITAIRE_GAMES as readonly string[]).includes(variant);
}

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = 'CDHS';

/** A card as Solvitaire spells it: `AS`, `10H`, `KD` (it takes no `T` for ten). */
export function solvitaireCard(card: Card): string {
  return RANKS[rankOf(card)] + SUITS[suitOf(card)];
}

/**
 * The rules of a game as Solvitaire's rules JSON. Every field that matters is spelled out, not
 * left to Solvitaire's defaults: 13 (Good Measure 10) piles, built down by rank in any suit,
 * single cards only, empty piles never filled, no cells, stock or reserve, and foundations that
 * no card leaves (our rule; Solvitaire's own Spanish Patience preset lets cards come back).
 * Spanish Patience's foundations (any Ace starts any pile, then up in alternate colours, any
 * suit) are `"alternate colours": true`, a rule our patch adds to Solvitaire (spanish.patch).
 */
export function solvitaireRules(game: SolvitaireGame): object {
  return {
    'tableau piles': {
      count: game === 'good-measure' ? 10 : 13,
      'build policy': 'any-suit',
      'spaces policy': 'no-build',
      'diagonal deal': false,
      'move built group': 'no',
      'face up cards': 'all',
    },
    foundations: {
      present: true,
      'initial cards': 'none',
      'base card': 'A',
      removable: false,
      ...(game === 'spanish-patience' ? { 'alternate colours': true } : {}),
    },
    cells: { count: 0, 'pre-filled': 0 },
    stock: { size: 0 },
    reserve: { size: 0 },
    'max rank': 13,
    'two decks': false,
  };
}

/**
 * A position of one of the games as a Solvitaire deal: every column bottom card first, and the
 * cards already on the foundations (Good Measure's two Aces) listed in `foundations`, each
 * pile from its Ace up. Only by-suit foundations can be given so: Solvitaire files each listed
 * card under its own suit.
 */
export function solvitaireDeal(position: Position): { 'tableau piles': string[][]; foundations?: string[] } {
  const deal: { 'tableau piles': string[][]; foundations?: string[] } = {
    'tableau piles': position.columns.map((column) => column.map(solvitaireCard)),
  };
  const home = position.foundations.flat();
  if (home.length > 0) {
    if (position.variant === 'spanish-patience') throw new Error('Solvitaire cannot be given cards on alternate-colour foundations');
    deal.foundations = position.foundations.flatMap((pile) => pile.map(solvitaireCard));
  }
  return deal;
}
