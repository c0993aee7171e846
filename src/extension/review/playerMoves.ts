/**
 * A solver's solution as the player would play it, counted as the move counter counts: a run
 * moved at once is one move, and a card that safe auto-play sends home is not a move. The
 * solver answers with single-card moves (a run is split through the free cells, and every
 * foundation move is written out), so its raw length is not the player's. Pure: engine only.
 */
import { autoplay as autoplayFrom, gameFromPosition, homeMoveOn, isHome, isWon, legalMoves, performMove, playMove, samePosition, type Game, type Move, type Position } from '../../engine';

/** How many single-card moves one run move can stand for at most (13 cards through cells and columns). */
const RUN_WINDOW = 48;

/** The cards a move carries, looked up before it (the deepest first). */
function cardsOf(move: Move, before: Position): number[] {
  const { from, count } = move;
  if (from.kind === 'tableau') return (before.columns[from.index] ?? []).slice(-count);
  if (from.kind === 'cell') {
    const card = before.cells[from.index];
    return card === null || card === undefined ? [] : [card];
  }
  const pile = before.foundations[from.index] ?? [];
  return pile.slice(-1);
}

function sameCards(some: readonly number[], others: readonly number[]): boolean {
  return some.length === others.length && some.every((card, index) => card === others[index]);
}

/**
 * Work cut into steps: a generator that yields (nothing) between steps and returns its result.
 * {@link finish} runs one at once; `runInSlices` (sliced.ts) runs it in slices that let the
 * extension host's event loop breathe between them.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Replaces each stretch of single-card moves that carries out a run move (column to column, or
 * to an empty column) by that one move: from each position, the longest stretch whose end
 * position a legal run move from that column reaches at once.
 */
export function mergeRuns(start: Position, moves: readonly Move[]): Move[] {
  return finish(mergeRunsSteps(start, moves));
}

/** {@link mergeRuns} in steps: one step per move of the solution. */
export function* mergeRunsSteps(start: Position, moves: readonly Move[]): Steps<Move[]> {
  const positions: Position[] = [start];
  for (const move of moves) positions.push(performMove(positions[positions.length - 1], move));
  yield;
  const merged: Move[] = [];
  let index = 0;
  while (index < moves.length) {
    const move = moves[index];
    const here = positions[index];
    let best: { move: Move; end: number } | undefined;
    // A run split into single moves always starts with its top card going to a free cell or an
    // empty column (see splitRun in src/solver/expand.ts): only there can a run begin.
    const startsRun = move.to.kind === 'cell' || (move.to.kind === 'tableau' && here.columns[move.to.index]?.length === 0);
    if (move.from.kind === 'tableau' && move.count === 1 && startsRun) {
      const runs = legalMoves(here)
        .filter((m) => m.count > 1 && m.from.kind === 'tableau' && m.from.index === move.from.index && m.to.kind === 'tableau')
        .map((run) => ({ run, after: performMove(here, run) }));
      if (runs.length > 0) {
        const last = Math.min(moves.length, index + RUN_WINDOW);
        const source = move.from.index;
        for (let end = last; end > index + 1 && !best; end--) {
          const target = positions[end];
          // Cheap test first: the source column must be as short as after the run.
          const found = runs.find(({ after }) => after.columns[source].length === target.columns[source].length && samePosition(after, target));
          if (found) best = { move: found.run, end };
        }
        yield;
      }
    }
    if (best) {
      merged.push(best.move);
      index = best.end;
    } else {
      merged.push(move);
      index++;
    }
    if (index % 8 === 0) yield;
  }
  return merged;
}

/**
 * The moves a player makes to play `solution` out from `start` with auto-play on or off: runs
 * merged, and the moves of cards that auto-play has already sent home left out. Undefined when
 * the solution does not replay (it then says nothing about the player's count).
 */
export function playerMoves(start: Position, solution: readonly Move[], autoplay: boolean): Move[] | undefined {
  return finish(playerMovesSteps(start, solution, autoplay));
}

/**
 * {@link playerMoves} in steps: about one per solution move. Where auto-play is on but has not
 * run yet (a deal's start, where aces may lie on top; or auto-play just switched on), the cards
 * it would send home go there with the player's first move, as they do in play: they are not the
 * player's moves (par counted an ace sent home by hand at the start; a play-test). When the
 * solution does not replay so, they are counted as moves.
 */
export function* playerMovesSteps(start: Position, solution: readonly Move[], autoplay: boolean): Steps<Move[] | undefined> {
  const pending = new Set<number>();
  if (autoplay) {
    let before = start;
    for (const move of autoplayFrom(start).moves) {
      for (const card of cardsOf(move, before)) pending.add(card);
      before = performMove(before, move);
    }
  }
  if (pending.size > 0) {
    const withFirstMove = yield* replaySteps(start, solution, autoplay, pending);
    if (withFirstMove) return withFirstMove;
  }
  return yield* replaySteps(start, solution, autoplay, new Set());
}

/** The replay behind {@link playerMovesSteps}; a move home of a card of `ridesAlong` before the player's first move is left to auto-play. */
function* replaySteps(start: Position, solution: readonly Move[], autoplay: boolean, ridesAlong: ReadonlySet<number>): Steps<Move[] | undefined> {
  const started = gameFromPosition(start, { autoplay });
  if (!started.ok) return undefined;
  let game: Game = started.value;
  let expected = start;
  const played: Move[] = [];
  const merged = yield* mergeRunsSteps(start, solution);
  for (const [index, move] of merged.entries()) {
    if (isWon(game.position)) break;
    if (index % 8 === 7) yield;
    const cards = cardsOf(move, expected);
    expected = performMove(expected, move);
    if (cards.length > 0 && cards.every((card) => isHome(game.position, card))) continue;
    if (played.length === 0 && move.to.kind === 'foundation' && cards.length > 0 && cards.every((card) => ridesAlong.has(card))) continue;
    const playable = homeMoveOn(game.position, move);
    // With cards left to auto-play, a move from under one of them would carry that card instead.
    if (ridesAlong.size > 0 && played.length === 0 && !sameCards(cardsOf(playable, game.position), cards)) return undefined;
    const next = playMove(game, playable);
    if (!next.ok) return undefined;
    game = next.value;
    played.push(playable);
  }
  return isWon(game.position) ? played : undefined;
}

/**
 * The length of `solution` in the player's moves (see {@link playerMoves}); when it does not
 * replay with auto-play, without it; as a last resort the solver's own count.
 */
export function playerMoveCount(start: Position, solution: readonly Move[], autoplay: boolean): number {
  return finish(playerMoveCountSteps(start, solution, autoplay));
}

/** {@link playerMoveCount} in steps. */
export function* playerMoveCountSteps(start: Position, solution: readonly Move[], autoplay: boolean): Steps<number> {
  return ((yield* playerSolutionSteps(start, solution, autoplay))?.length ?? solution.length);
}

/** The solution in the player's moves with auto-play as given, else without it (see {@link playerMoves}), in steps. */
export function* playerSolutionSteps(start: Position, solution: readonly Move[], autoplay: boolean): Steps<Move[] | undefined> {
  return (yield* playerMovesSteps(start, solution, autoplay)) ?? (yield* playerMovesSteps(start, solution, false));
}
