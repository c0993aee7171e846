/**
 * A dead end of a rank-built game with foundations by suit, proved without search.
 *
 * Suppose the game is won from here and look at the order in which the cards of the tableau
 * first leave their places. A card X of rank r leaves either home, when every lower card of its
 * suit is already home, or onto a card Q of rank r + 1 that is not home, when every card now
 * above Q has left (Q is not under X: X would be above it). Either way every card now above X
 * left before it. So the cards that can ever leave are among the least set M closed under:
 * "every card above X is in M, and (every lower card of X's suit can go home, or some such Q has
 * every card above it in M)"; and the cards that can go home are among those of M whose lower
 * cards of their suit can go home. In a column, M is a run of cards from the top down, and per
 * suit the cards that can go home are the ranks up to some height, so both grow by steps until
 * nothing changes. A card of the tableau that cannot go home then proves the position lost.
 *
 * The least set is found with a worklist: a column stops at a card that waits either for a card
 * of the next rank to be uncovered or for its suit to go home further, and is woken only when
 * that happens, so each card is looked at about once (this runs at almost every position).
 */
import { STRIDE, type RankBoard } from './rankBoard';

/** Scratch arrays for {@link isDeadEnd}, one set per search. */
export class DeadEndScratch {
  /** Cards at the top of each column that can leave. */
  readonly leaving = new Uint8Array(32);
  /** Per suit, the highest rank that can go home. */
  readonly homeTo = new Uint8Array(4);
  /** Per rank (1-13), whether some card of that rank in the tableau can be uncovered. */
  readonly uncovered = new Uint8Array(14);
  /** Per rank, the columns (bits) stopped at a card of that rank. */
  readonly waitingByRank = new Int32Array(14);
  /** Per suit, the columns (bits) stopped at a card of that suit. */
  readonly waitingBySuit = new Int32Array(4);
}

/** Whether the board (by suit) is proved lost by the argument above. */
export function isDeadEnd(board: RankBoard, scratch: DeadEndScratch): boolean {
  const { nc, col, len, where, fh } = board;
  const { leaving, homeTo, uncovered, waitingByRank, waitingBySuit } = scratch;
  for (let r = 0; r < 14; r++) {
    uncovered[r] = 0;
    waitingByRank[r] = 0;
  }
  for (let s = 0; s < 4; s++) {
    homeTo[s] = fh[s];
    waitingBySuit[s] = 0;
  }
  let awake = 0;
  for (let c = 0; c < nc; c++) {
    leaving[c] = 0;
    if (len[c] === 0) continue;
    uncovered[(col[c * STRIDE + len[c] - 1] >> 2) + 1] = 1;
    awake |= 1 << c;
  }
  while (awake !== 0) {
    const c = 31 - Math.clz32(awake);
    awake &= ~(1 << c);
    const h = len[c];
    const base = c * STRIDE;
    // Take as many cards of this column as can leave, from the top down.
    while (leaving[c] < h) {
      const card = col[base + h - 1 - leaving[c]];
      const rank = (card >> 2) + 1;
      const suit = card & 3;
      if (homeTo[suit] < rank - 1 && (rank === 13 || uncovered[rank + 1] === 0)) {
        waitingByRank[rank] |= 1 << c;
        waitingBySuit[suit] |= 1 << c;
        break;
      }
      leaving[c]++;
      if (leaving[c] < h) {
        // The card under it can be uncovered: cards one rank lower may now leave onto it.
        const under = (col[base + h - 1 - leaving[c]] >> 2) + 1;
        if (uncovered[under] === 0) {
          uncovered[under] = 1;
          awake |= waitingByRank[under - 1];
          waitingByRank[under - 1] = 0;
        }
      }
      if (homeTo[suit] === rank - 1) {
        // Its suit goes home through it and through the next cards that can already leave.
        let next = rank;
        for (;;) {
          homeTo[suit] = next;
          if (next === 13) break;
          const at = where[next * 4 + suit];
          const ac = at >> 5;
          if (len[ac] - 1 - (at & (STRIDE - 1)) >= leaving[ac]) break;
          next++;
        }
        awake |= waitingBySuit[suit];
        waitingBySuit[suit] = 0;
      }
    }
  }
  return homeTo[0] < 13 || homeTo[1] < 13 || homeTo[2] < 13 || homeTo[3] < 13;
}

/**
 * Whether the board, just after a card moved onto a card of the next rank (move `dst`, the card
 * `card`, no forced move after it), has the dead-end answer of the board before the move: when
 * another card of the covered card's rank lies at the top of a column. In the argument above the
 * moved card then leaves at once in both boards (before, onto the card it now covers; now, onto
 * that other card), and from there the two are the same: the card it left uncovered is free in
 * both, and the card it covers is free once it has left. (The same holds when the card came off
 * a card of the next rank, whatever lies at the tops: see rankSearch.ts.)
 */
export function keepsDeadEnd(board: RankBoard, dst: number, card: number): boolean {
  const { nc, col, len } = board;
  const parentRank = (card >> 2) + 1;
  for (let c = 0; c < nc; c++) {
    const h = len[c];
    if (c !== dst && h > 0 && col[c * STRIDE + h - 1] >> 2 === parentRank) return true;
  }
  return false;
}
