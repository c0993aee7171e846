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
 */
import { NOWHERE, STRIDE, type RankBoard } from './rankBoard';

/** Scratch arrays for {@link isDeadEnd}, one set per search. */
export class DeadEndScratch {
  /** Cards at the top of each column that can leave. */
  readonly leaving = new Uint8Array(32);
  /** Per suit, the highest rank that can go home. */
  readonly homeTo = new Uint8Array(4);
}

/** Whether the board (by suit) is proved lost by the argument above. */
export function isDeadEnd(board: RankBoard, scratch: DeadEndScratch): boolean {
  const { nc, col, len, where, fh } = board;
  const leaving = scratch.leaving;
  const homeTo = scratch.homeTo;
  for (let c = 0; c < nc; c++) leaving[c] = 0;
  for (let s = 0; s < 4; s++) homeTo[s] = fh[s];
  let changed = true;
  while (changed) {
    changed = false;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      // Take as many cards of this column as can leave, from the top down.
      while (leaving[c] < h) {
        const card = col[c * STRIDE + h - 1 - leaving[c]];
        const rank = (card >> 2) + 1;
        let out = homeTo[card & 3] >= rank - 1;
        if (!out && rank < 13) {
          for (let s = 0; s < 4 && !out; s++) {
            const q = where[rank * 4 + s];
            if (q === NOWHERE) continue;
            const qc = q >> 5;
            // Every card above Q can leave (Q under X fails here: X itself cannot yet).
            out = len[qc] - 1 - (q & (STRIDE - 1)) <= leaving[qc];
          }
        }
        if (!out) break;
        leaving[c]++;
        changed = true;
      }
    }
    // Suits whose next cards can leave can go home further.
    for (let s = 0; s < 4; s++) {
      for (;;) {
        const next = homeTo[s];
        if (next >= 13) break;
        const at = where[next * 4 + s];
        const c = at >> 5;
        if (len[c] - 1 - (at & (STRIDE - 1)) >= leaving[c]) break;
        homeTo[s]++;
        changed = true;
      }
    }
  }
  return homeTo[0] < 13 || homeTo[1] < 13 || homeTo[2] < 13 || homeTo[3] < 13;
}
