/**
 * The forced moves home: after each move of the search, every card that is safe to send home
 * goes there at once, on the trail, so the search never branches on them. A layer of its own
 * between the board (board.ts) and the space rules (spaceUse.ts); one object still, a Searcher.
 */
import { SearchBoard } from './board';
import { FOUNDATION, SHIFT_DST, packMove } from './rules';

/** The board with its forced safe moves home; the space rules (spaceUse.ts) extend it. */
export abstract class ForcedMoves extends SearchBoard {
  /**
   * The forced moves after move `m`, when the board before it had none left: only a card that
   * `m` uncovered can have become playable, unless `m` itself went home.
   */
  autoplayAfter(m: number): void {
    if (!this.forceSafe) return;
    const src = m & 31;
    if (((m >> SHIFT_DST) & 31) < FOUNDATION) {
      if (src >= this.nc) return;
      const h = this.len[src];
      if (h === 0) return;
      if (!this.goesHomeAtOnce(this.col[(src << this.shift) + h - 1])) return;
      // That card is the only one that can go: the first pass has nothing to find before its column.
      this.autoplay(src);
      return;
    }
    this.autoplay();
  }

  /**
   * Plays every forced safe foundation move, recording them on the trail: columns in order, each
   * until its top card cannot go, then the cells, again until a pass finds none. The first pass
   * starts at column `firstColumn` (a caller that knows no column before it has a card to go).
   */
  autoplay(firstColumn = 0): void {
    if (!this.forceSafe) return;
    if (this.r.safe === 0 && !this.r.spanish) {
      this.autoplayBySuit(firstColumn);
      return;
    }
    const nc = this.nc;
    let changed = true;
    let first = firstColumn;
    while (changed) {
      changed = false;
      for (let c = first; c < nc; c++) {
        while (this.len[c] > 0) {
          const card = this.col[(c << this.shift) + this.len[c] - 1];
          const p = this.foundationFor(card);
          if (p < 0 || !this.isSafe(card)) break;
          this.applyTracked(packMove(c, FOUNDATION + p, 1));
          changed = true;
        }
      }
      first = 0;
      for (let i = 0; i < this.ncell; i++) {
        const card = this.cell[i];
        if (card < 0) continue;
        const p = this.foundationFor(card);
        if (p < 0 || !this.isSafe(card)) continue;
        this.applyTracked(packMove(nc + i, FOUNDATION + p, 1));
        changed = true;
      }
    }
  }

  /**
   * {@link autoplay} where every move home is safe and the piles go by suit (Baker's Game and its
   * family): the same moves in the same order, without the pass over every column and cell that
   * finds nothing. A card going home lets only the next card of its suit go home too; another
   * pass is needed only when that card waits where this pass has already looked (the top of an
   * earlier column; once the columns are done, any column or an earlier cell).
   */
  private autoplayBySuit(firstColumn: number): void {
    const nc = this.nc;
    const ncell = this.ncell;
    const col = this.col;
    const len = this.len;
    const cell = this.cell;
    const fcount = this.fcount;
    const tops = this.topOwner;
    let again = true;
    let first = firstColumn;
    while (again) {
      again = false;
      for (let c = first; c < nc; c++) {
        while (len[c] > 0) {
          const card = col[(c << this.shift) + len[c] - 1];
          const suit = card & 3;
          if (fcount[suit] !== card >> 2) break;
          this.applyTracked(packMove(c, FOUNDATION + suit, 1));
          const next = card + 4;
          if (next < 52 && tops[next] >= 0 && tops[next] < c) again = true;
        }
      }
      first = 0;
      for (let i = 0; i < ncell; i++) {
        const card = cell[i];
        if (card < 0 || fcount[card & 3] !== card >> 2) continue;
        this.applyTracked(packMove(nc + i, FOUNDATION + (card & 3), 1));
        const next = card + 4;
        if (next >= 52) continue;
        if (tops[next] >= 0) again = true;
        for (let j = 0; j < i; j++) if (cell[j] === next) again = true;
      }
    }
  }

  /** Applies a move and the forced moves after it, on the trail. */
  play(m: number): void {
    this.applyTracked(m);
    this.autoplayAfter(m);
  }
}
