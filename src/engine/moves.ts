import { formatCard, makeCard, rankOf, suitOf } from './card';
import { canBuildOn, foundationAccepts, foundationFor, mayFillEmptyColumn, runLimit, sequenceLength } from './rules';
import type { Card, Move, MoveRequest, Outcome, PileKind, PileRef, Position, Refusal, Variant } from './types';
import { getVariant } from './variants';

/**
 * Every legal move from the position, each with a definite target: a move to an empty column,
 * an empty cell or (in Spanish Patience) a foundation is listed once per pile that takes it,
 * and a run to an empty column once per run length that may go there. So the list is exactly
 * the set of moves {@link applyMove} accepts, at the price of some moves that lead to
 * equivalent positions (a solver may merge them). Moving a card from one cell to another
 * achieves nothing and is not a move.
 */
export function legalMoves(position: Position): Move[] {
  const variant = getVariant(position.variant);
  const moves: Move[] = [];
  const { columns, cells, foundations } = position;
  const limitToCard = runLimit(variant, position, false);
  const limitToEmpty = runLimit(variant, position, true);
  const firstFreeCell = cells.indexOf(null);

  const homeMoves = (from: PileRef, card: Card): void => {
    if (variant.foundation === 'by-suit') {
      const suit = suitOf(card);
      if (foundations[suit].length + 1 === rankOf(card)) moves.push({ from, to: { kind: 'foundation', index: suit }, count: 1 });
      return;
    }
    foundations.forEach((pile, index) => {
      if (foundationAccepts(variant, index, pile, card)) moves.push({ from, to: { kind: 'foundation', index }, count: 1 });
    });
  };

  columns.forEach((column, source) => {
    if (column.length === 0) return;
    const from: PileRef = { kind: 'tableau', index: source };
    const top = column[column.length - 1];
    homeMoves(from, top);
    const run = sequenceLength(variant, column);
    columns.forEach((target, index) => {
      if (index === source) return;
      const to: PileRef = { kind: 'tableau', index };
      if (target.length === 0) {
        const longest = Math.min(run, limitToEmpty);
        for (let count = 1; count <= longest; count++) {
          if (mayFillEmptyColumn(variant, column[column.length - count])) moves.push({ from, to, count });
        }
        return;
      }
      const onto = target[target.length - 1];
      // Only one run length can put the right rank onto the target card.
      const count = rankOf(onto) - rankOf(top);
      if (count >= 1 && count <= run && count <= limitToCard && canBuildOn(variant, column[column.length - count], onto)) {
        moves.push({ from, to, count });
      }
    });
    if (firstFreeCell >= 0) {
      cells.forEach((cell, index) => {
        if (cell === null) moves.push({ from, to: { kind: 'cell', index }, count: 1 });
      });
    }
  });

  cells.forEach((card, source) => {
    if (card === null) return;
    const from: PileRef = { kind: 'cell', index: source };
    homeMoves(from, card);
    columns.forEach((target, index) => {
      const fits = target.length === 0 ? mayFillEmptyColumn(variant, card) : canBuildOn(variant, card, target[target.length - 1]);
      if (fits) moves.push({ from, to: { kind: 'tableau', index }, count: 1 });
    });
  });
  return moves;
}

/**
 * Checks a move a player (or a file) proposes and resolves "any free cell" and "the foundation"
 * to a definite pile. Returns the move as the engine will apply it, or why it is illegal.
 */
export function checkMove(position: Position, request: MoveRequest): Outcome<Move> {
  const variant = getVariant(position.variant);
  const count = request.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return refuse('bad-count', { count: String(count) });
  const from = request.from;
  const sourceProblem = checkPileRef(position, from);
  if (sourceProblem) return { ok: false, refusal: sourceProblem };
  if (from.kind === 'foundation') return refuse('foundation-locked', {});
  const source = from.kind === 'tableau' ? position.columns[from.index] : cellAsPile(position.cells[from.index]);
  if (source.length === 0) return refuse('empty-source', pileParams(from));
  if (from.kind === 'cell' && count > 1) return refuse('cell-holds-one', { count });
  if (count > source.length) return refuse('not-enough-cards', { count, available: source.length });
  const top = source[source.length - 1];

  const to = request.to;
  if (to.kind === 'foundation') {
    if (count > 1) return refuse('one-card-home', { count });
    if (to.index === undefined) {
      const index = foundationFor(variant, position, top);
      if (index < 0) return refuse(...notHome(variant, top));
      return { ok: true, value: { from, to: { kind: 'foundation', index }, count } };
    }
    const targetProblem = checkPileRef(position, to);
    if (targetProblem) return { ok: false, refusal: targetProblem };
    const pile = position.foundations[to.index];
    if (!foundationAccepts(variant, to.index, pile, top)) {
      if (variant.foundation === 'by-suit' && suitOf(top) !== to.index) {
        return refuse('wrong-foundation', { card: formatCard(top), foundation: to.index + 1 });
      }
      if (variant.foundation === 'by-suit') return refuse(...notHome(variant, top));
      if (pile.length === 0) return refuse('foundation-needs-ace', { card: formatCard(top) });
      return refuse('foundation-mismatch', { card: formatCard(top), target: formatCard(pile[pile.length - 1]) });
    }
    return { ok: true, value: { from, to: { kind: 'foundation', index: to.index }, count } };
  }

  if (to.kind === 'cell') {
    if (variant.cells === 0) return refuse('no-cells', {});
    if (count > 1) return refuse('cell-holds-one', { count });
    if (from.kind === 'cell') return refuse('cell-to-cell', {});
    if (to.index === undefined) {
      const index = position.cells.indexOf(null);
      if (index < 0) return refuse('no-free-cell', {});
      return { ok: true, value: { from, to: { kind: 'cell', index }, count } };
    }
    const targetProblem = checkPileRef(position, to);
    if (targetProblem) return { ok: false, refusal: targetProblem };
    const occupant = position.cells[to.index]!;
    if (occupant !== null) return refuse('cell-occupied', { cell: to.index + 1, card: formatCard(occupant) });
    return { ok: true, value: { from, to: { kind: 'cell', index: to.index }, count } };
  }

  const targetProblem = checkPileRef(position, to);
  if (targetProblem) return { ok: false, refusal: targetProblem };
  const target = to as PileRef;
  if (from.kind === 'tableau' && from.index === target.index) return refuse('same-pile', {});
  const column = position.columns[target.index];
  const base = source[source.length - count];
  if (count > 1) {
    if (variant.sequenceLimit === 'one') return refuse('single-cards-only', { count });
    if (sequenceLength(variant, source) < count) return refuse('not-a-run', { count });
  }
  if (column.length === 0) {
    if (variant.emptyColumn === 'none') return refuse('empty-column-closed', {});
    if (!mayFillEmptyColumn(variant, base)) return refuse('empty-column-king-only', { card: formatCard(base) });
  } else {
    const onto = column[column.length - 1];
    if (!canBuildOn(variant, base, onto)) return refuse(...buildRefusal(variant, base, onto));
  }
  if (count > 1) {
    const limit = runLimit(variant, position, column.length === 0);
    if (count > limit) return refuse('run-too-long', { count, limit });
  }
  return { ok: true, value: { from, to: target, count } };
}

/**
 * Applies a proposed move: the new position and the move as applied (with its target resolved),
 * or the refusal, in which case nothing changes (positions are never mutated).
 */
export function applyMove(position: Position, request: MoveRequest): Outcome<{ position: Position; move: Move }> {
  const checked = checkMove(position, request);
  if (!checked.ok) return checked;
  return { ok: true, value: { position: performMove(position, checked.value), move: checked.value } };
}

/**
 * Moves the cards without checking any rule: for moves that came from {@link legalMoves} or
 * {@link checkMove}, where checking again would only cost time (the solver's inner loop).
 */
export function performMove(position: Position, move: Move): Position {
  return transfer(position, move.from, move.to, move.count);
}

/**
 * Takes a move back: the position before `move` was performed on it. No rule is checked,
 * since the way back of a legal move may well be illegal (cards never leave a foundation).
 */
export function unapplyMove(position: Position, move: Move): Position {
  return transfer(position, move.to, move.from, move.count);
}

function transfer(position: Position, from: PileRef, to: PileRef, count: number): Position {
  let columns = position.columns;
  let cells = position.cells;
  let foundations = position.foundations;
  let moving: readonly Card[];
  if (from.kind === 'cell') {
    moving = [cells[from.index]!];
    cells = cells.slice();
    (cells as (Card | null)[])[from.index] = null;
  } else {
    const piles = from.kind === 'tableau' ? columns : foundations;
    const pile = piles[from.index];
    moving = pile.slice(pile.length - count);
    const changed = piles.slice();
    changed[from.index] = pile.slice(0, pile.length - count);
    if (from.kind === 'tableau') columns = changed;
    else foundations = changed;
  }
  if (to.kind === 'cell') {
    cells = cells === position.cells ? cells.slice() : cells;
    (cells as (Card | null)[])[to.index] = moving[0]!;
  } else {
    const piles = (to.kind === 'tableau' ? columns : foundations).slice();
    piles[to.index] = [...piles[to.index], ...moving];
    if (to.kind === 'tableau') columns = piles;
    else foundations = piles;
  }
  return { variant: position.variant, columns, cells, foundations };
}

function cellAsPile(card: Card | null): readonly Card[] {
  return card === null ? [] : [card];
}

const PILE_COUNTS: Record<PileKind, (position: Position) => number> = {
  tableau: (position) => position.columns.length,
  cell: (position) => position.cells.length,
  foundation: (position) => position.foundations.length,
};

/** Parameters naming a pile for a refusal: its kind and its number counted from 1. */
export function pileParams(pile: PileRef): Refusal['params'] {
  return { kind: pile.kind, number: pile.index + 1 };
}

function checkPileRef(position: Position, pile: { kind: unknown; index?: unknown }): Refusal | undefined {
  const kind = pile.kind;
  if (kind !== 'tableau' && kind !== 'cell' && kind !== 'foundation') return { code: 'bad-pile', params: { kind: String(kind), number: '?' } };
  const index = pile.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= PILE_COUNTS[kind](position)) {
    return { code: 'bad-pile', params: { kind, number: typeof index === 'number' ? index + 1 : String(index) } };
  }
  return undefined;
}

function refuse(code: string, params: Refusal['params']): Outcome<never> {
  return { ok: false, refusal: { code, params } };
}

function notHome(variant: Variant, card: Card): [string, Refusal['params']] {
  if (variant.foundation === 'by-suit') {
    // Not playable means a lower card of the suit is still out, so the one just below is missing too.
    return ['not-playable-home', { card: formatCard(card), needs: formatCard(makeCard(rankOf(card) - 1, suitOf(card))) }];
  }
  return ['no-foundation-takes', { card: formatCard(card) }];
}

function buildRefusal(variant: Variant, card: Card, onto: Card): [string, Refusal['params']] {
  const params = { card: formatCard(card), target: formatCard(onto) };
  if (rankOf(card) === 13) return ['king-on-card', params];
  switch (variant.build) {
    case 'same-suit':
      return ['build-same-suit', { ...params, needs: formatCard(makeCard(rankOf(card) + 1, suitOf(card))) }];
    case 'alternate-colour':
      return ['build-alternate-colour', params];
    case 'any-suit':
      return ['build-rank', params];
  }
}

/**
 * A move home as this position can play it. A move home names a foundation pile, and in Spanish
 * Patience (any Ace starts a pile) auto-play may have put the Aces on the piles in another order
 * than a solver's solution did, which then names a pile that does not take the card: any pile
 * that takes it does as well (piles of the same height and top colour are interchangeable), so
 * the move goes there. Every other move, and a move home the named pile takes, is left as it is.
 */
export function homeMoveOn(position: Position, move: Move): Move {
  if (move.to.kind !== 'foundation' || move.count !== 1) return move;
  const { from } = move;
  const pile = from.kind === 'tableau' ? position.columns[from.index] : from.kind === 'cell' ? [position.cells[from.index]] : undefined;
  const card = pile?.[pile.length - 1];
  if (card === undefined || card === null) return move;
  const variant = getVariant(position.variant);
  const named = position.foundations[move.to.index];
  if (named !== undefined && foundationAccepts(variant, move.to.index, named, card)) return move;
  const index = foundationFor(variant, position, card);
  return index < 0 ? move : { ...move, to: { kind: 'foundation', index } };
}
