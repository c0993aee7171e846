/**
 * The search's move generator: every move worth trying from the board, appended to a stack. One
 * version orders the moves by a heuristic (the depth-first search's, and Spanish Patience's);
 * one keeps generation order (proofs and best-first search); and the same-suit games where every
 * move home is forced (Baker's Game and its family) get one with less work (sameSuitMoves.ts).
 */
import { bitCount, lowestBit } from './bits';
import { IntStack } from './intStack';
import { FOUNDATION, SHIFT_COUNT, SHIFT_DST, isRedSuit, packMove } from './rules';
import { SameSuitMoves } from './sameSuitMoves';

/** The board with its move generator. Only ever made as a Searcher (searcher.ts). */
export class MoveGenerator extends SameSuitMoves {
  /** Whether the search orders moves by its heuristic (off: generation order). */
  ordered = true;

  /** Whether {@link generate} is {@link generateSameSuit} (unordered, same suit, every move home forced). */
  protected get sameSuitGenerator(): boolean {
    return !this.ordered && !this.r.spanish && this.build === 0 && this.forceSafe && this.r.safe === 0;
  }

  protected readonly scores: IntStack = new IntStack();

  /**
   * Appends every move worth trying from the current board to the move stack (with scores),
   * returning how many. Exactly one empty cell and one empty column stand for all of them
   * (they are interchangeable under the key), moving a whole column to an empty one is no move.
   */
  generate(): number {
    if (this.sameSuitGenerator) return this.generateSameSuit();
    if (!this.ordered && !this.r.spanish) return this.generateFast();
    const nc = this.nc;
    const ncell = this.ncell;
    const col = this.col;
    const len = this.len;
    const moves = this.moves;
    const scores = this.scores;
    moves.ensure(this.room);
    scores.ensure(this.room);
    const md = moves.data;
    const sd = scores.data;
    const start = moves.length;
    let n = start;
    const free = bitCount(this.freeCellBits);
    const freeCell = lowestBit(this.freeCellBits);
    const owner = this.topOwner;
    const empty = bitCount(this.emptyColumnBits);
    const emptyCol = lowestBit(this.emptyColumnBits);
    const build = this.build;
    const limitCard = this.runLimit(free, empty, false);
    const limitEmpty = empty > 0 ? this.runLimit(free, empty, true) : 0;
    const mayEmpty = this.r.empty !== 2;
    const ordered = this.ordered;
    const spanish = this.r.spanish;
    const forced = this.forceSafe;
    const fcount = this.fcount;
    const low = spanish ? this.lowestPile() : 0;
    const rootedRule = this.pruneRooted && build === 0 && !spanish;
    const homeForced = forced && this.r.safe === 0;
    const fillAny = this.r.empty === 0;

    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const base = c << this.shift;
      const top = col[base + h - 1];
      let bonus = 0;
      if (ordered) {
        // How soon a card of this column is needed, and how deep it lies.
        for (let i = 0; i < h; i++) {
          const card = col[base + i];
          const need = spanish ? (card >> 2) - low : (card >> 2) - fcount[card & 3];
          const value = 60 - need * 8 - (h - 1 - i) * 6;
          if (value > bonus) bonus = value;
        }
      }

      // Home, when not forced (in same-suit games with forced moves, every home move is forced).
      const p = homeForced ? -1 : this.foundationFor(top);
      if (p >= 0 && !(forced && this.isSafe(top))) {
        if (spanish) {
          for (let q = p; q < 4; q++) {
            if (this.pileTakes(q, top) && !this.samePileAsEarlier(q, top)) {
              md[n] = packMove(c, FOUNDATION + q, 1);
              sd[n++] = 1000;
            }
          }
        } else {
          md[n] = packMove(c, FOUNDATION + p, 1);
          sd[n++] = 1000;
        }
      }

      // Run length at the end of the column; each card of it onto a parent that is a top card.
      let run = 1;
      if (build === 0) while (run < h && col[base + h - run - 1] === col[base + h - run] + 4) run++;
      else while (run < h && this.canBuild(col[base + h - run], col[base + h - run - 1])) run++;
      // One run from a King at the bottom: only home (see pruneRooted).
      if (rootedRule && run === h && h > 1 && col[base] >> 2 === 12) continue;
      const kmax = run < limitCard ? run : limitCard;
      if (build === 0) {
        // Same suit: the only parent of a card is the card four above it.
        for (let k = 1; k <= kmax; k++) {
          const card = col[base + h - k];
          if (card >= 48) continue;
          const d = owner[card + 4];
          if (d < 0) continue;
          md[n] = packMove(c, d, k);
          sd[n++] = 300 + (k === h ? 200 : 0) + bonus + k;
        }
      } else for (let k = 1; k <= kmax; k++) {
        const card = col[base + h - k];
        if (card >= 48) continue;
        const up = card + 4 - (card & 3);
        for (let s = 0; s < 4; s++) {
          if (build === 0 ? s !== (card & 3) : build === 1 && isRedSuit(s) === isRedSuit(card & 3)) continue;
          const d = owner[up + s];
          if (d < 0) continue;
          // Onto a parent: good, better when it empties the column.
          md[n] = packMove(c, d, k);
          sd[n++] = 300 + (k === h ? 200 : 0) + bonus + k;
        }
      }
      if (mayEmpty && empty > 0) {
        const longest = Math.min(run, limitEmpty);
        for (let k = 1; k <= longest; k++) {
          if (k === h) break; // the whole column: no move
          const baseCard = col[base + h - k];
          if (!fillAny && baseCard >> 2 !== 12) continue;
          md[n] = packMove(c, emptyCol, k);
          sd[n++] = 100 + bonus + k * 4 + (baseCard >> 2 === 12 ? 40 : 0);
        }
      }
      if (free > 0) {
        md[n] = packMove(c, nc + freeCell, 1);
        sd[n++] = bonus - h - (h === 1 ? 0 : 20);
      }
    }

    for (let i = 0; i < ncell; i++) {
      const card = this.cell[i];
      if (card < 0) continue;
      const p = homeForced ? -1 : this.foundationFor(card);
      if (p >= 0 && !(forced && this.isSafe(card))) {
        if (spanish) {
          for (let q = p; q < 4; q++) {
            if (this.pileTakes(q, card) && !this.samePileAsEarlier(q, card)) {
              md[n] = packMove(nc + i, FOUNDATION + q, 1);
              sd[n++] = 1000;
            }
          }
        } else {
          md[n] = packMove(nc + i, FOUNDATION + p, 1);
          sd[n++] = 1000;
        }
      }
      if (card < 48) {
        const up = card + 4 - (card & 3);
        for (let s = 0; s < 4; s++) {
          if (build === 0 ? s !== (card & 3) : build === 1 && isRedSuit(s) === isRedSuit(card & 3)) continue;
          const d = owner[up + s];
          if (d < 0) continue;
          md[n] = packMove(nc + i, d, 1);
          sd[n++] = 500;
        }
      }
      if (mayEmpty && empty > 0 && (fillAny || card >> 2 === 12)) {
        md[n] = packMove(nc + i, emptyCol, 1);
        sd[n++] = 150 + (card >> 2 === 12 ? 100 : 0);
      }
    }
    moves.length = n;

    const count = n - start;
    if (ordered && count > 1) {
      // Insertion sort, best first.
      for (let i = start + 1; i < n; i++) {
        const m = md[i];
        const sc = sd[i];
        let j = i - 1;
        while (j >= start && sd[j] < sc) {
          md[j + 1] = md[j];
          sd[j + 1] = sd[j];
          j--;
        }
        md[j + 1] = m;
        sd[j + 1] = sc;
      }
    }
    return count;
  }

  /**
   * {@link generate} without ordering (the proofs' and best-first's case), outside Spanish
   * Patience: the same moves in the same order, without scores. In same-suit games a card's
   * only parent is the card four above it. Public so that tests can hold the same-suit
   * generator to it.
   */
  generateFast(): number {
    const nc = this.nc;
    const ncell = this.ncell;
    const col = this.col;
    const len = this.len;
    const cell = this.cell;
    const shift = this.shift;
    const moves = this.moves;
    moves.ensure(this.room);
    const md = moves.data;
    const start = moves.length;
    let n = start;
    const free = bitCount(this.freeCellBits);
    const freeCell = lowestBit(this.freeCellBits);
    const owner = this.topOwner;
    const empty = bitCount(this.emptyColumnBits);
    const emptyCol = lowestBit(this.emptyColumnBits);
    const build = this.build;
    const sameSuit = build === 0;
    const limitCard = this.runLimit(free, empty, false);
    const limitEmpty = empty > 0 && this.r.empty !== 2 ? this.runLimit(free, empty, true) : 0;
    const fillAny = this.r.empty === 0;
    const rootedRule = this.pruneRooted && sameSuit;
    const forced = this.forceSafe;
    const homeForced = forced && this.r.safe === 0;
    const cellMove = free > 0 ? nc + freeCell : -1;
    const lastCell = this.lastSpaceForUse && this.singleRunsWhenFull && free === 1 && empty === 0;
    const lastColumn = this.lastSpaceForUse && this.singleRunsWhenFull && free === 0 && empty === 1;
    for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const base = c << shift;
      if (!homeForced) {
        const top = col[base + h - 1];
        const p = this.foundationFor(top);
        if (p >= 0 && !(forced && this.isSafe(top))) md[n++] = c | ((FOUNDATION + p) << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
      // The run is measured only when something reads it: single cards only and no move to an
      // empty column (cells full, most positions of FreeCell's searches) need just the top card.
      let run = 1;
      if (limitCard > 1 || limitEmpty > 0 || rootedRule) {
        if (sameSuit) while (run < h && col[base + h - run - 1] === col[base + h - run] + 4) run++;
        else while (run < h && this.canBuild(col[base + h - run], col[base + h - run - 1])) run++;
      }
      if (rootedRule && run === h && h > 1 && col[base] >> 2 === 12) continue;
      const kmax = run < limitCard ? run : limitCard;
      for (let k = 1; k <= kmax; k++) {
        const card = col[base + h - k];
        if (card >= 48) continue;
        if (sameSuit) {
          const d = owner[card + 4];
          if (d >= 0) md[n++] = c | (d << SHIFT_DST) | (k << SHIFT_COUNT);
        } else n = this.ontoParents(card, c, k, md, n);
      }
      if (limitEmpty > 0) {
        const longest = run < limitEmpty ? run : limitEmpty;
        for (let k = 1; k <= longest && k < h; k++) {
          if (!fillAny && col[base + h - k] >> 2 !== 12) continue;
          if (lastColumn && k === 1 && !this.spaceUsed(col[base + h - 2], col[base + h - 1], true)) continue;
          md[n++] = c | (emptyCol << SHIFT_DST) | (k << SHIFT_COUNT);
        }
      }
      if (cellMove >= 0 && !(lastCell && h > 1 && !this.spaceUsed(col[base + h - 2], col[base + h - 1], false))) {
        md[n++] = c | (cellMove << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
    }
    for (let i = 0; i < ncell; i++) {
      const card = cell[i];
      if (card < 0) continue;
      if (!homeForced) {
        const p = this.foundationFor(card);
        if (p >= 0 && !(forced && this.isSafe(card))) md[n++] = (nc + i) | ((FOUNDATION + p) << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
      if (card < 48) {
        if (sameSuit) {
          const d = owner[card + 4];
          if (d >= 0) md[n++] = (nc + i) | (d << SHIFT_DST) | (1 << SHIFT_COUNT);
        } else n = this.ontoParents(card, nc + i, 1, md, n);
      }
      if (limitEmpty > 0 && (fillAny || card >> 2 === 12)) md[n++] = (nc + i) | (emptyCol << SHIFT_DST) | (1 << SHIFT_COUNT);
    }
    moves.length = n;
    return n - start;
  }

  /** Writes from `n` on the moves of `count` cards from pile `src` (bottom card `card`) onto each top card it may go on, suits in order; returns the new end. */
  private ontoParents(card: number, src: number, count: number, md: Int32Array, n: number): number {
    const up = card + 4 - (card & 3);
    const alternate = this.build === 1;
    const red = isRedSuit(card & 3);
    for (let s = 0; s < 4; s++) {
      if (alternate && isRedSuit(s) === red) continue;
      const d = this.topOwner[up + s];
      if (d >= 0) md[n++] = src | (d << SHIFT_DST) | (count << SHIFT_COUNT);
    }
    return n;
  }

  private pileTakes(p: number, card: number): boolean {
    const top = this.ftop[p];
    if (top < 0) return card >> 2 === 0;
    return card >> 2 === (top >> 2) + 1 && isRedSuit(top & 3) !== isRedSuit(card & 3);
  }

  /** Spanish: an earlier pile that takes the card and looks the same (same height and colour) gives the same position. */
  private samePileAsEarlier(p: number, card: number): boolean {
    for (let q = 0; q < p; q++) {
      if (this.pileTakes(q, card) && this.fcount[q] === this.fcount[p]) {
        const a = this.ftop[q];
        const b = this.ftop[p];
        if (a < 0 && b < 0) return true;
        if (a >= 0 && b >= 0 && isRedSuit(a & 3) === isRedSuit(b & 3)) return true;
      }
    }
    return false;
  }
}
