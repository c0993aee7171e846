/**
 * Solutions cross the worker boundary packed, one Int32 per move: a structured clone of a
 * hundred small objects per result cost the workers about 4% of a batch run's time.
 */
import type { SolveAnswer, SolveErrorMessage, SolveResultMessage, SolverMove } from '../protocol/solverMessages';
import type { SolveResult } from './solve';

type PileKind = SolverMove['from']['kind'];
const KINDS: readonly PileKind[] = ['tableau', 'cell', 'foundation'];

/** Bit layout: from kind (2 bits), from index (6), to kind (2), to index (6), count (rest). */
function packPile(pile: SolverMove['from']): number {
  return KINDS.indexOf(pile.kind) | (pile.index << 2);
}

function unpackPile(bits: number): SolverMove['from'] {
  const kind = KINDS[bits & 3];
  if (kind === undefined) throw new Error('solver: a packed move names no pile kind');
  return { kind, index: bits >> 2 };
}

const fits = (value: number, most: number): boolean => Number.isInteger(value) && value >= 0 && value <= most;

/** The moves, one Int32 each (indexes below 64, counts below 2^15; a RangeError otherwise). */
export function packMoves(moves: readonly SolverMove[]): Int32Array {
  const packed = new Int32Array(moves.length);
  moves.forEach((move, i) => {
    if (!fits(move.from.index, 63) || !fits(move.to.index, 63) || !fits(move.count, 0x7fff)) throw new RangeError('solver: a move too large to pack');
    packed[i] = packPile(move.from) | (packPile(move.to) << 8) | (move.count << 16);
  });
  return packed;
}

/** The moves written by {@link packMoves}. */
export function unpackMoves(packed: Int32Array): SolverMove[] {
  // A loop: Array.from with a typed array goes through an iterator (an object per move until optimized).
  const moves = new Array<SolverMove>(packed.length);
  for (let i = 0; i < packed.length; i++) {
    const bits = packed[i];
    moves[i] = { from: unpackPile(bits & 0xff), to: unpackPile((bits >> 8) & 0xff), count: bits >> 16 };
  }
  return moves;
}

/** A result message's solutions, unpacked (a throw where they cannot be read). */
export function unpackSolutions(message: Pick<SolveResultMessage, 'moves' | 'alternative'>): {
  moves: readonly SolverMove[] | undefined;
  alternative: readonly SolverMove[] | undefined;
} {
  return {
    moves: message.moves ? unpackMoves(message.moves) : undefined,
    alternative: message.alternative ? unpackMoves(message.alternative) : undefined,
  };
}

/** The side of a request that waits for its answer. */
export interface AnswerWaiter {
  resolve(answer: SolveAnswer): void;
  reject(error: Error): void;
}

/**
 * Settles `waiter` with the worker's last word on its request: an error, or the result with its
 * moves unpacked (a result whose moves cannot be read rejects; it never throws).
 */
export function settleAnswer(waiter: AnswerWaiter, message: SolveResultMessage | SolveErrorMessage): void {
  if (message.type === 'error') {
    waiter.reject(new Error(message.message));
    return;
  }
  try {
    waiter.resolve({ ...message, ...unpackSolutions(message) });
  } catch (error) {
    waiter.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Rejects every waiter of `pending` with `error` and empties it (first, so a rejection that sends again starts afresh). */
export function rejectAll(pending: Map<number, AnswerWaiter>, error: Error): void {
  const all = [...pending.values()];
  pending.clear();
  for (const waiter of all) waiter.reject(error);
}

/** What a result message says of a solve, its moves packed (a worker's answer, without type and id). */
export function answerOf(result: SolveResult): Omit<SolveResultMessage, 'type' | 'id'> {
  return {
    verdict: result.verdict,
    moves: result.moves ? packMoves(result.moves) : undefined,
    alternative: result.alternative ? packMoves(result.alternative) : undefined,
    nodes: result.nodes,
    millis: result.millis,
    peakBytes: result.peakBytes,
    reason: result.reason,
  };
}
