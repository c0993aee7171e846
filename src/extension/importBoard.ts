import { VARIANTS, columnLineCount, getVariant, parseBoard, type Position, type Refusal, type VariantId } from '../engine';
import { refusalText } from './i18n/refusalText';
import type { Translate } from './i18n/translate';
import { variantName } from './i18n/variantText';

/** Refusals that only say the board has another game's shape (more cells or columns than this game's). */
const SHAPE_REFUSALS: readonly string[] = ['board-too-many-cells', 'board-too-many-columns'];

/** What {@link readBoard} made of a text. */
export interface ReadBoard {
  /** The board as a position of every game whose layout it fits, the preferred game first. */
  readonly fits: Position[];
  /** When nothing fits: what is wrong, in the player's language. */
  readonly firstProblem: string;
  /** The game {@link firstProblem} speaks of. */
  readonly problemVariant: VariantId;
  /** The text was empty (or only white space). */
  readonly empty?: true;
  /** {@link firstProblem} is about the game's shape (its cells or columns: "this game has 8"). */
  readonly aboutShape?: true;
}

/**
 * Board text (fc-solve format) → a position for every game whose layout it fits (of those, when
 * some have exactly the board's columns, only they and the preferred game). When none
 * fits, what is wrong is said of the preferred game, unless the board has another game's shape:
 * then of the first game whose shape it has (a repeated card, say, rather than "4 free cells,
 * this game has 0"). A game has the board's shape when it takes its cells and has exactly as
 * many columns as the board has lines of them (as fc-solve and our exports write every column):
 * a board with a line too many is told so, not judged as a game of more columns with some empty.
 * An empty text is said to be empty.
 */
export function readBoard(text: string, preferred: VariantId, t: Translate): ReadBoard {
  if (text.trim() === '') return { fits: [], firstProblem: t('it is empty'), problemVariant: preferred, empty: true };
  const order = [getVariant(preferred), ...VARIANTS.filter((variant) => variant.id !== preferred)];
  const columns = columnLineCount(text);
  const fits: Position[] = [];
  let problem: { variant: VariantId; refusal: Refusal } | undefined;
  for (const variant of order) {
    const parsed = parseBoard(text, variant.id);
    if (parsed.ok) fits.push(parsed.value);
    else if (!problem) problem = { variant: variant.id, refusal: parsed.refusal };
    else if (
      SHAPE_REFUSALS.includes(problem.refusal.code) &&
      !SHAPE_REFUSALS.includes(parsed.refusal.code) &&
      variant.columns === columns
    ) {
      problem = { variant: variant.id, refusal: parsed.refusal };
    }
  }
  // A board with as many columns as some game has is that game's, or one of its family's: the
  // games with more columns, where it would sit with columns that can never be used, are not
  // offered (a FreeCell deal was offered as Baker's Dozen with five columns empty; a play-test),
  // unless it is the game asked for.
  const exact = fits.filter((fit) => getVariant(fit.variant).columns === columns);
  const offered = exact.length > 0 ? fits.filter((fit) => fit.variant === preferred || exact.includes(fit)) : fits;
  return {
    fits: offered,
    firstProblem: problem ? refusalText(problem.refusal, t) : '',
    problemVariant: problem?.variant ?? preferred,
    ...(problem && SHAPE_REFUSALS.includes(problem.refusal.code) ? { aboutShape: true as const } : {}),
  };
}

/**
 * {@link ReadBoard.firstProblem} for a message that does not name a game itself: with the game
 * the board was judged as, when that is not the preferred one, or when the problem is that
 * game's shape ("Baker's Game: line 11: one column too many, this game has 8": "this game" named
 * none; a play-test). A problem of any game ("hello" is not a card) names none.
 */
export function problemWithGame(read: ReadBoard, preferred: VariantId, t: Translate): string {
  const named = read.fits.length === 0 && !read.empty && (read.problemVariant !== preferred || read.aboutShape === true);
  return named ? `${variantName(read.problemVariant, t)}: ${read.firstProblem}` : read.firstProblem;
}
