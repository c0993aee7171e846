/**
 * The engine's vocabulary. Everything here is plain immutable data, so positions can be
 * stored, compared, sent to a worker and kept in an undo list without copying rules along.
 */

/** A card as a number from 0 to 51: `(rank - 1) * 4 + suit`. */
export type Card = number;

/** 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (the Microsoft deck order). */
export type Suit = 0 | 1 | 2 | 3;

/** Rank from 1 (Ace) to 13 (King). */
export type Rank = number;

/** Every variant the engine knows, by its stable id (used in settings, history and the CLI). */
export type VariantId =
  | 'bakers-game'
  | 'bakers-game-kings'
  | 'bakers-game-relaxed'
  | 'bakers-game-3'
  | 'bakers-game-5'
  | 'bakers-game-6'
  | 'freecell'
  | 'eight-off'
  | 'seahaven'
  | 'bakers-dozen'
  | 'bakers-dozen-easy'
  | 'good-measure'
  | 'spanish-patience';

/** How cards build down on the tableau. */
export type BuildRule = 'same-suit' | 'alternate-colour' | 'any-suit';

/** What may be moved into an empty column. */
export type EmptyColumnRule = 'any' | 'king' | 'none';

/**
 * How many cards may move as one run:
 * - `supermove`: (1 + free cells) · 2^(empty columns), an empty target column not counted;
 * - `cells-plus-one`: 1 + free cells (empty columns do not double it);
 * - `unlimited`: any run that is a valid sequence;
 * - `doubling`: 2^(empty columns), empty target not counted (games without cells);
 * - `one`: single cards only.
 */
export type SequenceLimit = 'supermove' | 'cells-plus-one' | 'unlimited' | 'doubling' | 'one';

/** How foundations build: up by suit from the Ace, or (Spanish Patience) any Ace then up in alternate colours. */
export type FoundationRule = 'by-suit' | 'alternate-colour';

/** Which cards auto-play may send home safely (DESIGN.md section 3). */
export type AutoplayRule = 'same-suit' | 'freecell' | 'rank' | 'aces-only';

/** How a deal number becomes a layout (DESIGN.md section 3, "Deal numbers"). */
export type DealLayout = 'eight-columns' | 'eight-off' | 'seahaven' | 'bakers-dozen' | 'good-measure';

/** One variant as data: adding a variant means adding a row of these, not new code paths. */
export interface Variant {
  readonly id: VariantId;
  /** English name; translations are the host's business. */
  readonly name: string;
  /** English one-line description. */
  readonly description: string;
  readonly layout: DealLayout;
  readonly columns: number;
  readonly cells: number;
  readonly build: BuildRule;
  readonly emptyColumn: EmptyColumnRule;
  readonly sequenceLimit: SequenceLimit;
  readonly foundation: FoundationRule;
  readonly autoplay: AutoplayRule;
}

/** A position: where every card is. Never mutated; moves return new positions. */
export interface Position {
  readonly variant: VariantId;
  /** Tableau columns, each from its bottom card to the available card (last). */
  readonly columns: readonly (readonly Card[])[];
  /** Free cells; `null` is an empty cell. Empty array in variants without cells. */
  readonly cells: readonly (Card | null)[];
  /**
   * Four foundation piles, bottom card first. In by-suit variants pile `s` holds suit `s`;
   * in Spanish Patience a pile is whatever Ace started it.
   */
  readonly foundations: readonly (readonly Card[])[];
}

/** Which kind of pile a move starts from or goes to. */
export type PileKind = 'tableau' | 'cell' | 'foundation';

/** A definite pile, counted from 0. */
export interface PileRef {
  readonly kind: PileKind;
  readonly index: number;
}

/** A move as the engine applies it: `count` cards (a run when more than one) from one pile to another. */
export interface Move {
  readonly from: PileRef;
  readonly to: PileRef;
  readonly count: number;
}

/** A move as a player proposes it: the target may be "any free cell" or "home" without an index. */
export interface MoveRequest {
  readonly from: PileRef;
  readonly to: PileRef | { readonly kind: 'cell' | 'foundation'; readonly index?: undefined };
  readonly count: number;
}

/**
 * Why a move or an input was refused: a stable code plus parameters (cards formatted like
 * `7C`), so that the host can word it in the player's language.
 */
export interface Refusal {
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>>;
}

/** The result of trying something that may be refused. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };
