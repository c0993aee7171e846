import {
  canRedo,
  canUndo,
  gameStatus,
  getVariant,
  legalMoves,
  moveCount,
  rankOf,
  suitOf,
  type Card,
  type Game,
  type Move,
  type PileRef,
} from '../engine';
import type { BoardStrings, BoardView, CardView, MoveView, PileView } from '../protocol/webviewMessages';

/** Words the host puts into a board view; `src/extension/i18n` provides them per language. */
export interface ViewWords {
  readonly strings: BoardStrings;
  /** "seven of clubs" */
  cardName(rank: number, suit: number): string;
  /** "column 3", "free cell 1", "foundation 2" (numbers from 1). */
  pileName(kind: PileRef['kind'], number: number): string;
  /** "seven of clubs from column 3 to free cell 1" */
  moveSentence(card: string, from: string, to: string, count: number): string;
  /** A move's sentence with the cards auto-play sent home after it ("…, and to the foundations: ace of spades"). */
  withCardsHome(sentence: string, cards: readonly string[]): string;
  /** The variant's name ("Baker's Game"). */
  variantName(id: string): string;
}

/** Display settings that travel with the view. */
export interface ViewSettings {
  readonly fourColourDeck: boolean;
  readonly animations: boolean;
}

const RANK_LABELS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function cardView(card: Card, words: ViewWords): CardView {
  const rank = rankOf(card);
  const suit = suitOf(card);
  return { id: card, rank, suit, rankLabel: RANK_LABELS[rank] ?? String(rank), spoken: words.cardName(rank, suit) };
}

function pileView(ref: PileRef, cards: readonly Card[], words: ViewWords): PileView {
  return { ref, cards: cards.map((card) => cardView(card, words)), spoken: words.pileName(ref.kind, ref.index + 1) };
}

/** A move as the protocol carries it. */
export function moveView(move: Move): MoveView {
  return { from: { ...move.from }, to: { ...move.to }, count: move.count };
}

/** The card that a move carries first (the deepest card of a run), looked up before the move. */
export function movedCard(move: Move, before: Game['position']): Card | undefined {
  const { from, count } = move;
  if (from.kind === 'tableau') {
    const column = before.columns[from.index];
    return column?.[column.length - count];
  }
  if (from.kind === 'cell') return before.cells[from.index] ?? undefined;
  const pile = before.foundations[from.index];
  return pile?.[pile.length - 1];
}

/** A move in words, from the position before it: "seven of clubs from column 3 to free cell 1". */
export function spokenMove(move: Move, before: Game['position'], words: ViewWords): string {
  const card = movedCard(move, before);
  const cardName = card === undefined ? '' : words.cardName(rankOf(card), suitOf(card));
  return words.moveSentence(cardName, words.pileName(move.from.kind, move.from.index + 1), words.pileName(move.to.kind, move.to.index + 1), move.count);
}

/** The last turn, for the animation and the live announcement. */
function lastMoveSentence(game: Game, words: ViewWords): BoardView['lastMove'] {
  const turn = game.done[game.done.length - 1];
  const first = turn?.moves[0];
  if (!turn || !first) return undefined;
  // The cards auto-play sent home are said too (late in a game most cards go home that way, and
  // a screen reader heard only the player's move, then saw them come back silently on Undo).
  const home: Card[] = [];
  turn.after.foundations.forEach((pile, index) => home.push(...pile.slice(turn.before.foundations[index]?.length ?? 0)));
  const ownCard = first.to.kind === 'foundation' ? movedCard(first, turn.before) : undefined;
  const autoHome = home.filter((card) => card !== ownCard).sort((a, b) => rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b));
  const spoken = spokenMove(first, turn.before, words);
  return {
    moves: turn.moves.map(moveView),
    spoken: autoHome.length === 0 ? spoken : words.withCardsHome(spoken, autoHome.map((card) => words.cardName(rankOf(card), suitOf(card)))),
  };
}

/**
 * Everything the webview needs to draw a game, including the full list of legal moves (so the
 * webview can highlight targets without knowing any rule).
 */
export function buildBoardView(
  game: Game,
  context: {
    gameId: string;
    seq: number;
    elapsedSeconds: number;
    clockRunning: boolean;
    settings: ViewSettings;
    words: ViewWords;
    /** The game was counted as lost: it shows its end and takes no more moves, not even undo. */
    countedLost?: boolean;
    /** Help was taken: a win counts as won with help. */
    withHelp?: boolean;
    /** The view follows a redo. */
    redone?: boolean;
  },
): BoardView {
  const ended = context.countedLost === true;
  const { position } = game;
  const variant = getVariant(game.variant);
  const { words } = context;
  const lastMove = lastMoveSentence(game, words);
  return {
    seq: context.seq,
    gameId: context.gameId,
    variantId: variant.id,
    variantName: words.variantName(variant.id),
    dealNumber: game.dealNumber,
    columns: position.columns.map((cards, index) => pileView({ kind: 'tableau', index }, cards, words)),
    cells: position.cells.map((card, index) => pileView({ kind: 'cell', index }, card === null ? [] : [card], words)),
    foundations: position.foundations.map((cards, index) => pileView({ kind: 'foundation', index }, cards, words)),
    // By suit, foundation i is the pile of suit i (see foundationAccepts); otherwise any Ace starts one.
    foundationTakes: position.foundations.map((_, index) => (variant.foundation === 'by-suit' ? index : 'any')),
    legalMoves: ended ? [] : legalMoves(position).map(moveView),
    moveCount: moveCount(game),
    elapsedSeconds: context.elapsedSeconds,
    clockRunning: context.clockRunning,
    status: ended ? 'lost' : gameStatus(game),
    // A won game is counted: undo would play on a game that has ended.
    canUndo: !ended && gameStatus(game) !== 'won' && canUndo(game),
    canRedo: !ended && gameStatus(game) !== 'won' && canRedo(game),
    fourColourDeck: context.settings.fourColourDeck,
    animations: context.settings.animations,
    strings: words.strings,
    ...(lastMove ? { lastMove } : {}),
    ...(context.withHelp ? { withHelp: true } : {}),
    ...(context.redone ? { redone: true } : {}),
  };
}

