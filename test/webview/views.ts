import { formatCard, gameFromPosition, legalMoves, newGame, parseBoard, playMove, type Game, type Move } from '../../src/engine';
import { buildBoardView, type ViewWords } from '../../src/extension/boardView';
import { ENGLISH_WORDS } from '../../src/extension/englishWords';
import type { BoardView } from '../../src/protocol/webviewMessages';

/** The host's English words, plus the optional sentences the webview can use. */
export const WORDS: ViewWords = {
  ...ENGLISH_WORDS,
  strings: {
    ...ENGLISH_WORDS.strings,
    announceRefused: '{card} cannot go to {target}.',
    announceNowhere: '{card} has nowhere to go.',
    keyboardHelp: 'Arrows: move between piles. Enter or Space: pick up, again for a longer run, then put down. Escape: put back. U undo, R redo, N new game.',
  },
};

export interface ViewOptions {
  seq?: number;
  elapsedSeconds?: number;
  clockRunning?: boolean;
  fourColourDeck?: boolean;
  animations?: boolean;
  /** The game was counted as lost (the host's view of an ended game). */
  countedLost?: boolean;
  /** Help was taken in the game. */
  withHelp?: boolean;
  /** The view follows a redo. */
  redone?: boolean;
}

/** A real view of a game, as the host builds it. */
export function viewOf(game: Game, options: ViewOptions = {}): BoardView {
  return buildBoardView(game, {
    gameId: 'test-game',
    seq: options.seq ?? 1,
    elapsedSeconds: options.elapsedSeconds ?? 0,
    clockRunning: options.clockRunning ?? false,
    settings: { fourColourDeck: options.fourColourDeck ?? false, animations: options.animations ?? false },
    words: WORDS,
    countedLost: options.countedLost ?? false,
    withHelp: options.withHelp ?? false,
    redone: options.redone ?? false,
  });
}

export function unwrap<T>(outcome: { ok: true; value: T } | { ok: false; refusal: { code: string } }): T {
  if (!outcome.ok) throw new Error(`engine refused: ${outcome.refusal.code}`);
  return outcome.value;
}

export function deal(variant: string, dealNumber: number, autoplay = false): Game {
  return unwrap(newGame(variant, dealNumber, { autoplay }));
}

export function play(game: Game, move: Move): Game {
  return unwrap(playMove(game, move));
}

/**
 * The first game (by deal number, then by up to `depth` moves from the deal) whose legal moves
 * include one that `wanted` accepts; for tests that need a particular kind of move.
 */
export function findGame(variant: string, wanted: (move: Move, game: Game) => boolean, depth = 3, autoplay = false): { game: Game; move: Move } {
  for (let number = 1; number <= 200; number++) {
    const found = search(deal(variant, number, autoplay), wanted, depth);
    if (found) return found;
  }
  throw new Error(`no deal of ${variant} offers the wanted move`);
}

function search(game: Game, wanted: (move: Move, game: Game) => boolean, depth: number): { game: Game; move: Move } | undefined {
  const moves = legalMoves(game.position);
  const hit = moves.find((move) => wanted(move, game));
  if (hit) return { game, move: hit };
  if (depth === 0) return undefined;
  for (const move of moves.filter((m) => m.to.kind === 'tableau')) {
    const found = search(play(game, move), wanted, depth - 1);
    if (found) return found;
  }
  return undefined;
}

/** A Baker's Game one move from the win: every card home but the King of hearts, in column 1. */
export function almostWon(): Game {
  const text = 'Foundations: H-Q C-K D-K S-K\nFreecells: - - - -\nKH\n';
  return unwrap(gameFromPosition(unwrap(parseBoard(text, 'bakers-game'))));
}

/**
 * A Baker's Game position with no legal move: four Jacks in the cells, and column tops
 * (3, 5, 7, 9 of clubs and diamonds) that take nothing and go nowhere.
 */
export function stuckGame(): Game {
  const code = (rank: number, suit: number) => formatCard((rank - 1) * 4 + suit);
  const tops = [3, 5, 7, 9].flatMap((rank) => [code(rank, 0), code(rank, 1)]);
  const cells = [0, 1, 2, 3].map((suit) => code(11, suit));
  const rest: string[] = [];
  for (let rank = 1; rank <= 13; rank++) {
    for (let suit = 0; suit < 4; suit++) {
      const card = code(rank, suit);
      if (!tops.includes(card) && !cells.includes(card)) rest.push(card);
    }
  }
  // Kings first under each top, so nothing under a top is one rank above it in its suit.
  rest.reverse();
  const columns = tops.map((top, i) => [...rest.slice(i * 5, i * 5 + 5), top].join(' '));
  const text = `Foundations: H-0 C-0 D-0 S-0\nFreecells: ${cells.join(' ')}\n${columns.join('\n')}\n`;
  return unwrap(gameFromPosition(unwrap(parseBoard(text, 'bakers-game'))));
}
