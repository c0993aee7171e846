/**
 * The move generator of the same-suit games where every move home is forced (Baker's Game and
 * its family), in generation order (proofs and best-first search), with the rules that cut its
 * moves exactly: rooted columns and builds from the cells. The general generators
 * (moveGenerator.ts) build on it and hand it those games.
 */
import { bitCount, lowestBit } from './bits';
import { IntStack } from './intStack';
import { SHIFT_COUNT, SHIFT_DST } from './rules';
import { SpaceUse } from './spaceUse';

/** The board with the same-suit generator and its rules. Only ever made as a Searcher (searcher.ts). */
export abstract class SameSuitMoves extends SpaceUse {
  /**
   * Same-suit games: the cards of a column that is one run from a King at its bottom never move
   * except home (on/off only to check the rule against a complete search). Exact: such a card X
   * lies on its only parent P, and P (with everything under it) can neither take another card
   * nor go home before X does, so a line that moves X away (to a cell, an empty column, or
   * anywhere) until it comes back or goes home only ties up a cell or column: leaving X where it
   * is gives the same moves with at least as many free cells and columns. The King itself
   * could only move to another empty column (the same position up to column order).
   */
  pruneRooted = true;
  /**
   * Same-suit games, with {@link pruneRooted}: a single card (on top of a column, or in a cell)
   * whose parent is the top of such a column is the only move tried from that position (on/off
   * only to check the rule against a complete search). Not where every cell is full and no
   * empty column can be used: the generator's short cut there does not measure the columns,
   * and measuring them cost more than the positions it saved.
   *
   * Exact: the position after the move (A) can do all that the one before it (B) can. The
   * parent never moves but home, after the card. In B the card can go home only from where A
   * has it, or move between cells, columns and onto its parent, which A skips; a card put on it
   * in B (its one child) can be put on it in A. Every other move of B is a move of A, which has
   * as many cells and columns free or more, and the card's old place uncovered. So when B can
   * be won, A can, in no more moves; and each such move puts one more card into a rooted column,
   * so a chain of them ends: the search still reaches a win whenever there is one.
   */
  buildOnRooted = true;
  /**
   * Same-suit games where one cell more lets a run of one card more move (all with cells: the
   * supermove, cells-plus-one and unlimited runs), in the same-suit generator: when a card can
   * go from a cell onto its parent at the top of a column, the moves tried are that one and the
   * parent's move into a cell (when a cell is free and that move is offered), no other (on/off
   * only to check the rule against a complete search). Best-first search turns it off for its
   * own part, where it made solutions longer (Baker's Game 10001-11000: 98.05 moves to 99.11),
   * and on for the depth-first part that goes on from its open nodes: the
   * proofs of lost deals. Deals 1-6000: Kings-only 23.6 M positions to 17.8 M, Baker's Game
   * 10.4 M to 9.9 M (best-first's shares as they were: cheaper proofs then let them go down, see
   * TUNE in solve.ts).
   *
   * Why it keeps wins. Let B be the position (card Z in a cell, its parent P at the top of a
   * column) and A the one after Z goes onto P. A line from B that starts with P into a cell is
   * tried. Any other carries over to A: a move that touches neither Z nor P is legal in A too (A
   * has one cell more, so the runs that may move are as long or longer, and nothing but Z is
   * ever put on P); where the line moves P with the run under it, A moves that run with Z on it
   * (a card more, with a cell more: allowed in these games; the base is the same, so where only
   * Kings fill empty columns it still may); where the line later moves P into a cell, A first
   * puts Z into a cell and so reaches the line's board, where the rule again lets P go into a
   * cell, and from there on both lines are the same; Z's own moves (home, into an empty column,
   * onto P) A makes from P's top, or skips. So when B can be won, A can, in at most one move
   * more. Together with the other rules it is checked against the search without it: the same
   * verdicts on Baker's Game and Kings-only deals 1-6000 (solve), and on 9,600 searches of the
   * depth-first search alone: 400 deals, 400 positions after up to 30 random moves and 400 after
   * up to 60, of each of the eight games it applies to (Baker's Game with 3 to 6 cells,
   * Kings-only, Relaxed, Eight Off, Seahaven). Its first form (only with every cell full, and
   * only Z onto P) cut less: Kings-only 21.1 M.
   */
  buildFromCells = this.r.limit <= 2;
  /**
   * Whether the same-suit generator works out {@link buildFromCells}'s moves before the others
   * (on), or generates every move and then keeps those (off: only to check the first against it).
   */
  cellBuildFirst = true;
  /** The moves generated, each generator's after the ones before (the search's frames). */
  readonly moves = new IntStack();
  /** Most moves one call of a generator can append (each pile's moves onto parents, to a cell, to an empty column, home). */
  protected readonly room = this.nc * (this.nc + 4) + this.ncell * (this.nc + 4) + 64;

  /**
   * {@link MoveGenerator.generateFast} for same-suit games where every move home is forced
   * (Baker's Game and its family): the same moves in the same order, with less work. A run can go
   * onto a parent only from its base card (each card above the base lies on its own parent
   * already).
   */
  protected generateSameSuit(): number {
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
    const freeBits = this.freeCellBits;
    const free = bitCount(freeBits);
    const freeCell = lowestBit(freeBits);
    const owners = this.topOwner;
    const emptyBits = this.emptyColumnBits;
    const empty = bitCount(emptyBits);
    const emptyCol = lowestBit(emptyBits);
    const limitCard = this.runLimit(free, empty, false);
    const limitEmpty = empty > 0 && this.r.empty !== 2 ? this.runLimit(free, empty, true) : 0;
    const fillAny = this.r.empty === 0;
    const rootedRule = this.pruneRooted;
    const buildRooted = rootedRule && this.buildOnRooted;
    const cellMove = free > 0 ? nc + freeCell : -1;
    const lastCell = this.lastSpaceForUse && this.singleRunsWhenFull && free === 1 && empty === 0;
    const lastColumn = this.lastSpaceForUse && this.singleRunsWhenFull && free === 0 && empty === 1;
    const digCells = this.digForUse && this.singleRunsWhenFull && (empty === 0 ? free >= 2 : free >= 1 && !fillAny);
    const shortCut = cellMove < 0 && limitEmpty === 0 && limitCard === 1;
    const cellBuildFirst = this.buildFromCells && this.cellBuildFirst;
    if (cellBuildFirst) {
      const count = this.cellBuildMoves(md, start, cellMove, !shortCut, lastCell, digCells, free, empty);
      if (count >= 0) {
        moves.length = start + count;
        return count;
      }
    }
    // Columns that are one run from a King (of two cards or more), as bits, when the runs are
    // measured (not in the short cut: checking there cost more than the positions it saved).
    let rooted = 0;
    // Cells full, no move to an empty column, single cards only (most positions of a proof): a
    // column's one move is its top card onto its parent at the top of another column. A card on
    // its parent has it underneath, so the runs need not be measured; a rooted column has no move.
    if (shortCut) {
      for (let c = 0; c < nc; c++) {
        const h = len[c];
        if (h === 0) continue;
        const top = col[(c << shift) + h - 1];
        if (top < 48 && owners[top + 4] >= 0) md[n++] = c | (owners[top + 4] << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
    } else for (let c = 0; c < nc; c++) {
      const h = len[c];
      if (h === 0) continue;
      const base = c << shift;
      let run = 1;
      while (run < h && col[base + h - run - 1] === col[base + h - run] + 4) run++;
      if (rootedRule && run === h && h > 1 && col[base] >> 2 === 12) {
        rooted |= 1 << c;
        continue;
      }
      if (run <= limitCard) {
        const parent = col[base + h - run] + 4;
        if (parent < 52 && owners[parent] >= 0) md[n++] = c | (owners[parent] << SHIFT_DST) | (run << SHIFT_COUNT);
      }
      if (limitEmpty > 0) {
        const longest = run < limitEmpty ? run : limitEmpty;
        for (let k = 1; k <= longest && k < h; k++) {
          if (!fillAny && col[base + h - k] >> 2 !== 12) continue;
          if (lastColumn && k === 1 && !this.spaceUsedSameSuit(col[base + h - 2], col[base + h - 1], true)) continue;
          md[n++] = c | (emptyCol << SHIFT_DST) | (k << SHIFT_COUNT);
        }
      }
      if (
        cellMove >= 0 &&
        !(lastCell && h > 1 && !this.spaceUsedSameSuit(col[base + h - 2], col[base + h - 1], false)) &&
        !(digCells && h > 1 && !this.digUsed(base, h, free - 1, empty > 0))
      ) {
        md[n++] = c | (cellMove << SHIFT_DST) | (1 << SHIFT_COUNT);
      }
    }
    for (let i = 0; i < ncell; i++) {
      const card = cell[i];
      if (card < 0) continue;
      if (card < 48 && owners[card + 4] >= 0) md[n++] = (nc + i) | (owners[card + 4] << SHIFT_DST) | (1 << SHIFT_COUNT);
      if (limitEmpty > 0 && (fillAny || card >> 2 === 12)) md[n++] = (nc + i) | (emptyCol << SHIFT_DST) | (1 << SHIFT_COUNT);
    }
    let chosen = false;
    if (buildRooted && rooted !== 0) {
      for (let k = start; k < n; k++) {
        const m = md[k];
        if (m >> SHIFT_COUNT === 1 && ((rooted >> ((m >> SHIFT_DST) & 31)) & 1) !== 0) {
          md[start] = m;
          n = start + 1;
          chosen = true;
          break;
        }
      }
    }
    if (!chosen && this.buildFromCells && !cellBuildFirst) {
      // The cells' moves come last: the first one onto a card (not into an empty column), and
      // before it, if offered, its parent's move into a cell.
      for (let k = start; k < n; k++) {
        const m = md[k];
        const parentColumn = (m >> SHIFT_DST) & 31;
        if ((m & 31) >= nc && len[parentColumn] > 0) {
          let kept = start;
          if (cellMove >= 0) {
            const parentIntoCell = parentColumn | (cellMove << SHIFT_DST) | (1 << SHIFT_COUNT);
            for (let j = start; j < k; j++) if (md[j] === parentIntoCell) md[kept++] = parentIntoCell;
          }
          md[kept++] = m;
          n = kept;
          break;
        }
      }
    }
    moves.length = n;
    return n - start;
  }

  /**
   * The moves {@link generateSameSuit} leaves under {@link buildFromCells} when a card in a cell
   * can go onto its parent at the top of a column, worked out without generating every move
   * first (in Kings-only's proofs, 28% of the positions, where the columns' moves and their
   * space tests were made and then dropped): the rooted-build rule's one move when it applies
   * (its runs measured only where the generator measures them, `measured`), else the first such
   * cell's move and, before it, its parent's move into a cell when the generator offers it.
   * Writes them from `start` and returns how many; -1 when no cell card can go onto its parent.
   */
  private cellBuildMoves(
    md: Int32Array,
    start: number,
    cellMove: number,
    measured: boolean,
    lastCell: boolean,
    digCells: boolean,
    free: number,
    empty: number,
  ): number {
    const nc = this.nc;
    const ncell = this.ncell;
    const cell = this.cell;
    const col = this.col;
    const len = this.len;
    const shift = this.shift;
    const owners = this.topOwner;
    let fromCell = -1;
    for (let i = 0; i < ncell; i++) {
      const card = cell[i];
      if (card >= 0 && card < 48 && owners[card + 4] >= 0) {
        fromCell = i;
        break;
      }
    }
    if (fromCell < 0) return -1;
    let rooted = 0;
    if (measured && this.pruneRooted) {
      for (let c = 0; c < nc; c++) {
        const h = len[c];
        const base = c << shift;
        if (h < 2 || col[base] >> 2 !== 12) continue;
        let i = 1;
        while (i < h && col[base + i] + 4 === col[base + i - 1]) i++;
        if (i === h) rooted |= 1 << c;
      }
    }
    if (rooted !== 0 && this.buildOnRooted) {
      // In the generator's order: the columns' single cards (a top not on its parent), then the cells'.
      for (let c = 0; c < nc; c++) {
        const h = len[c];
        if (h === 0 || ((rooted >> c) & 1) !== 0) continue;
        const top = col[(c << shift) + h - 1];
        if (top >= 48 || (h > 1 && col[(c << shift) + h - 2] === top + 4)) continue;
        const d = owners[top + 4];
        if (d >= 0 && ((rooted >> d) & 1) !== 0) {
          md[start] = c | (d << SHIFT_DST) | (1 << SHIFT_COUNT);
          return 1;
        }
      }
      for (let i = fromCell; i < ncell; i++) {
        const card = cell[i];
        if (card < 0 || card >= 48) continue;
        const d = owners[card + 4];
        if (d >= 0 && ((rooted >> d) & 1) !== 0) {
          md[start] = (nc + i) | (d << SHIFT_DST) | (1 << SHIFT_COUNT);
          return 1;
        }
      }
    }
    const parentColumn = owners[cell[fromCell] + 4];
    let n = start;
    if (cellMove >= 0 && ((rooted >> parentColumn) & 1) === 0) {
      const h = len[parentColumn];
      const base = parentColumn << shift;
      const offered =
        !(lastCell && h > 1 && !this.spaceUsedSameSuit(col[base + h - 2], col[base + h - 1], false)) &&
        !(digCells && h > 1 && !this.digUsed(base, h, free - 1, empty > 0));
      if (offered) md[n++] = parentColumn | (cellMove << SHIFT_DST) | (1 << SHIFT_COUNT);
    }
    md[n++] = (nc + fromCell) | (parentColumn << SHIFT_DST) | (1 << SHIFT_COUNT);
    return n - start;
  }
}
