/**
 * The relaxed board on which a component with deferred pairings (rankComponents.ts) is tested
 * for dead ends and for being stuck: every deferred card, with the cards on it, taken off its
 * parent into a column of its own.
 *
 * A component with deferred pairings stands for the boards of every pairing of those cards with
 * their rank's parents left; the board loaded is one of them. A test that proves *that* board
 * lost says nothing of the others. On the relaxed board, each card has no more cards above it
 * than on any of those boards (taking a pile off a parent only uncovers it), and each column
 * top of any of them is a column top here too. So the least set of cards that can ever leave
 * (rankDeadEnd.ts) only grows, and a move between columns, or home, of any of them can be made
 * here too: a dead end or a stuck board here is one for every pairing.
 */
import { RankBoard, STRIDE, HOME } from './rankBoard';

/** Columns a relaxed board may have: a move packs its target column below {@link HOME}. */
export const MAX_DETACHED_COLUMNS = HOME;

/** A board with room for every column of a relaxed board, for {@link detachDeferred}. */
export function detachedScratch(): RankBoard {
  return new RankBoard(
    Array.from({ length: MAX_DETACHED_COLUMNS }, () => []),
    [[], [], [], []],
    false,
  );
}

/**
 * Writes into `out` (from {@link detachedScratch}) `board` with each card marked in `deferred`
 * and the cards on it moved to a new column; false, with `out` undefined, when the columns would
 * be too many.
 */
export function detachDeferred(board: RankBoard, deferred: Uint8Array, out: RankBoard): boolean {
  let columns = board.nc;
  for (let card = 0; card < 48; card++) if (deferred[card] === 1) columns++;
  if (columns > MAX_DETACHED_COLUMNS) return false;
  copyBoard(board, out);
  let next = board.nc;
  // From the top of each column down, so that a pile taken off holds only the cards above its card.
  for (let c = 0; c < board.nc; c++) {
    const base = c * STRIDE;
    for (let i = out.len[c] - 1; i >= 0; i--) {
      const card = out.col[base + i];
      if (card >= 48 || deferred[card] === 0) continue;
      const to = next++ * STRIDE;
      const h = out.len[c];
      for (let j = i; j < h; j++) {
        const moved = out.col[base + j];
        out.col[to + j - i] = moved;
        out.where[moved] = to + j - i;
      }
      out.len[to / STRIDE] = h - i;
      out.len[c] = i;
    }
  }
  return true;
}

/** Copies `board` into `out` (from {@link detachedScratch}): columns, positions, foundations. */
function copyBoard(board: RankBoard, out: RankBoard): void {
  out.col.fill(0);
  out.len.fill(0);
  out.col.set(board.col);
  out.len.set(board.len);
  out.where.set(board.where);
  out.fh.set(board.fh);
  out.home = board.home;
}

/** Exchanges, in `b`, the cards from `x` up with the cards from `y` up (two columns' tops). */
function swapPiles(b: RankBoard, x: number, y: number): void {
  const ax = b.where[x];
  const ay = b.where[y];
  const cx = ax & ~(STRIDE - 1);
  const cy = ay & ~(STRIDE - 1);
  const topX = cx + b.len[cx / STRIDE];
  const topY = cy + b.len[cy / STRIDE];
  const pileX = b.col.slice(ax, topX);
  const pileY = b.col.slice(ay, topY);
  for (let i = 0; i < pileY.length; i++) {
    b.col[ax + i] = pileY[i];
    b.where[pileY[i]] = ax + i;
  }
  for (let i = 0; i < pileX.length; i++) {
    b.col[ay + i] = pileX[i];
    b.where[pileX[i]] = ay + i;
  }
  b.len[cx / STRIDE] = ax - cx + pileY.length;
  b.len[cy / STRIDE] = ay - cy + pileX.length;
}

/**
 * Whether `test` holds for the board of every pairing of the deferred cards (marked in
 * `deferred`) with the parents they lie on in `board`, each with the cards on it; tried on `out`
 * (from {@link detachedScratch}), stopping at the first pairing it fails for. Undefined, with
 * nothing tried, when there are more than `maxPairings` pairings.
 */
export function holdsForEveryPairing(
  board: RankBoard,
  deferred: Uint8Array,
  out: RankBoard,
  test: (b: RankBoard) => boolean,
  maxPairings: number,
): boolean | undefined {
  const byRank: number[][] = [];
  let pairings = 1;
  for (let r = 0; r < 12; r++) {
    const cards: number[] = [];
    for (let s = 0; s < 4; s++) if (deferred[(r << 2) | s] === 1) cards.push((r << 2) | s);
    if (cards.length > 1) {
      byRank.push(cards);
      for (let k = 2; k <= cards.length; k++) pairings *= k;
    }
  }
  if (pairings > maxPairings) return undefined;
  copyBoard(board, out);
  // Each rank's cards through every order by Heap's algorithm (one exchange a step), ranks nested.
  const every = (level: number): boolean => {
    if (level === byRank.length) return test(out);
    const cards = byRank[level].slice();
    const n = cards.length;
    const c = new Array<number>(n).fill(0);
    if (!every(level + 1)) return false;
    for (let i = 1; i < n; ) {
      if (c[i] < i) {
        const j = (i & 1) === 0 ? 0 : c[i];
        swapPiles(out, cards[j], cards[i]);
        [cards[j], cards[i]] = [cards[i], cards[j]];
        if (!every(level + 1)) return false;
        c[i]++;
        i = 1;
      } else {
        c[i] = 0;
        i++;
      }
    }
    return true;
  };
  return every(0);
}
