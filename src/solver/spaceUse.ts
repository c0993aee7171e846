/**
 * The rules of the move generator that drop a move into a free cell or an empty column when
 * nothing could come of it (the last-space and dig rules), with their arguments and their tests
 * of whether the card uncovered can be used.
 */
import { ForcedMoves } from './forcedMoves';

/** The board with the tests of the space rules; the move generators (sameSuitMoves.ts, moveGenerator.ts) extend it. */
export abstract class SpaceUse extends ForcedMoves {
  /**
   * Games where runs move one card at a time once no cell is free and no column empty (all but
   * Relaxed Baker's Game): a card X leaves the card Y under it for the last free space (the last
   * free cell, no column empty; or the last empty column, no cell free) only if right after it
   * something comes of it: Y goes home or onto a parent at the top of a column, a child of Y (not
   * X) comes onto it, or, in the column, a child of X comes onto X (on/off only to check the rule
   * against a complete search). In the unordered generators (best-first search, and the proofs'
   * depth-first): Baker's Game deals 1-1000, 3.12 M positions to 1.92 M; FreeCell 3.57 M to
   * 3.03 M. Not in the ordered one (the depth-first search FreeCell falls back on): there it sent
   * FreeCell deal 286 from 0.2 M positions to 2.8 M, and deals 1-300 from 0.84 M to 3.47 M.
   *
   * Exact. Take a shortest win whose first move is such a move. If X moved again (home, to a
   * column or a cell) before Y was used (moved, or a card put on it) and before a card was put
   * on X, leaving X on Y would win in one move fewer: the moves between touch neither X nor Y and
   * have a free space more, and X's next move can start from Y. So the first of those events is a
   * use of Y or a card put on X, and the moves before it touch neither X nor Y: played first (with
   * a space more), then X's move, then that use, they make a win as short, whose first move
   * (right after X's, when no space was free) goes neither into a cell nor into an empty column,
   * and so is not dropped. By induction on the length of a shortest win, the search still
   * reaches a win whenever there is one. The test right after X's move is exact too: with no
   * space free and runs of one card, Y can only go home or onto a parent, or take a child, and X
   * take a child.
   */
  lastSpaceForUse = true;
  /**
   * Same-suit games where every move home is forced, with two free cells or more and no empty
   * column (or, where only Kings fill empty columns, one free cell or more): a card X goes from a
   * column into a cell only if the card Y it uncovers can be used right after, or a card further
   * down once the cards above it went into the cells still free (on/off only to check the rule
   * against a complete search). A use: the card goes home, onto its parent at the top of a column,
   * with the run it tops onto the parent of the run's base, or (a King or a run from one) into an
   * empty column; or its child comes onto it from a cell, from the cards dug out, or from the top
   * run of a column. The test errs only towards keeping a move. The last free cell is
   * {@link lastSpaceForUse}'s; this is its generalisation to the cells before it.
   *
   * Exact, by the exchange argument of {@link lastSpaceForUse}. Take a shortest win whose first
   * move is X into a cell. The first later move that touches X or Y is a use of Y: a move of X
   * first could start from Y (a win one move shorter). The moves between touch neither and are
   * legal with X on Y and a cell more, so they can be played first. If Y's use is its own move
   * into a cell, the same holds for it and the card under it, and a later move of X (home, onto
   * a parent, into an empty column: none needs Y gone) could be played before Y's, which the
   * first step excludes. So some shortest win moves X into a cell only when the cards it digs
   * out go straight into cells and the last uncovered one is used at once, which is the test.
   * Checked against the search without it: same verdicts on Baker's Game and Kings-only deals
   * 1-3000, 3 and 5 cells 1-500, 6 cells, Relaxed and Seahaven 1-300, Eight Off 1-200, and on
   * positions from random play (a test). Deals 1-1000: Baker's Game 1.92 M positions to 1.74 M,
   * Kings-only 4.89 M to 4.14 M (tuned on 10001-10500: 0.92 M to 0.81 M and 2.03 M to 1.73 M).
   */
  digForUse = true;
  /** Whether runs move one card at a time once no cell is free and no column empty (the variant's, so known once). */
  protected readonly singleRunsWhenFull = this.runLimit(0, 0, false) === 1;
  /**
   * The test of {@link lastSpaceForUse}, in same-suit games: whether, once `moved` has left `card` for the last free cell (`intoColumn` false) or
   * the last empty column, `card` can be used (it goes home, onto its parent at the top of a
   * column, or its child, not `moved`, comes onto it), or a card can come onto `moved` in its column.
   */
  protected spaceUsedSameSuit(card: number, moved: number, intoColumn: boolean): boolean {
    const tops = this.topOwner;
    if (this.fcount[card & 3] === card >> 2) return true;
    const parent = card + 4;
    if (parent === moved ? intoColumn : parent < 52 && tops[parent] >= 0) return true;
    const child = card - 4;
    if (child >= 0 && child !== moved && (tops[child] >= 0 || this.inCell(child))) return true;
    const movedChild = moved - 4;
    return intoColumn && movedChild >= 0 && (tops[movedChild] >= 0 || this.inCell(movedChild));
  }

  /**
   * The test of {@link digForUse}: whether, once the top card of the column at `base` (height
   * `h`) has gone into a cell, the card it uncovers can be used, or a card further down once the
   * cards above it went into the `cellsLeft` cells still free (`kingSpaces`: empty columns that
   * only Kings fill).
   */
  protected digUsed(base: number, h: number, cellsLeft: number, kingSpaces: boolean): boolean {
    const col = this.col;
    const tops = this.topOwner;
    const x = col[base + h - 1];
    for (let top = h - 1; ; top--) {
      if (top === 0) return true;
      const card = col[base + top - 1];
      const moved = col[base + top];
      if (this.fcount[card & 3] === card >> 2) return true;
      const parent = card + 4;
      if (parent < 52 && parent !== x && tops[parent] >= 0) return true;
      // A King (or a run from one) into an empty column.
      if (kingSpaces) {
        let b = top - 1;
        while (b > 0 && col[base + b - 1] === col[base + b] + 4) b--;
        if (col[base + b] >> 2 === 12) return true;
      }
      // A run from this card down, moved whole with a cell still free.
      if ((cellsLeft > 0 || kingSpaces) && top >= 2 && col[base + top - 2] === parent) {
        let b = top - 2;
        while (b > 0 && col[base + b - 1] === col[base + b] + 4) b--;
        const baseParent = col[base + b] + 4;
        if (baseParent < 52 && tops[baseParent] >= 0) return true;
      }
      const child = card - 4;
      if (child >= 0 && child !== moved) {
        if (this.inTopRun(child) || this.inCell(child)) return true;
        for (let i = top + 1; i < h; i++) if (col[base + i] === child) return true;
      }
      if (cellsLeft === 0) return false;
      cellsLeft--;
    }
  }

  /**
   * Whether `card` is the top card of a column or lies in the run at its top (a child that can
   * come onto its parent at once, the run with it): the top of such a column is a lower card of
   * its suit.
   */
  private inTopRun(card: number): boolean {
    const col = this.col;
    const tops = this.topOwner;
    for (let top = card; top >= 0; top -= 4) {
      const c = tops[top];
      if (c < 0) continue;
      const base = c << this.shift;
      let i = this.len[c] - 1;
      while (col[base + i] !== card && i > 0 && col[base + i - 1] === col[base + i] + 4) i--;
      return col[base + i] === card;
    }
    return false;
  }

  /** {@link spaceUsedSameSuit} for every way of building, (the general generator). */
  protected spaceUsed(card: number, moved: number, intoColumn: boolean): boolean {
    if (this.foundationFor(card) >= 0 || (intoColumn && this.canBuild(card, moved))) return true;
    const owner = this.topOwner;
    const rank = card >> 2;
    for (let s = 0; s < 4; s++) {
      const parent = (rank + 1) * 4 + s;
      if (rank < 12 && parent !== moved && owner[parent] >= 0 && this.canBuild(card, parent)) return true;
      const child = (rank - 1) * 4 + s;
      if (rank > 0 && child !== moved && (owner[child] >= 0 || this.inCell(child)) && this.canBuild(child, card)) return true;
      const movedChild = ((moved >> 2) - 1) * 4 + s;
      if (intoColumn && moved >= 4 && (owner[movedChild] >= 0 || this.inCell(movedChild)) && this.canBuild(movedChild, moved)) return true;
    }
    return false;
  }

  private inCell(card: number): boolean {
    const cell = this.cell;
    for (let i = 0; i < this.ncell; i++) if (cell[i] === card) return true;
    return false;
  }
}
