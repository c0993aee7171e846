/**
 * The moves of one step of a win found by components (rankComponentSearch.ts): from a board of a
 * component to the board of the next one that the search listed, as single-card moves.
 *
 * Every loose card gets the parent it has in the next board (the card going home, if loose, one
 * no other card is to have). Ranks are arranged from the highest down: a card whose parent-to-be
 * is free is cleared of the cards on it (each moved to any other free parent of its rank, which a
 * rank with a free card always has) and moved there; when every misplaced card's parent-to-be is
 * taken, they take each other's, and one of those moves to a parent no card is to have first.
 * Arranging a rank moves only lower cards out of the way, which their own rank then places.
 * Then the card leaves: home, or (an anchor) onto its parent.
 */
import { type ComponentExpander, codeOf } from './rankComponents';
import { CODE_HOME, HOME, NOWHERE, type RankBoard, STRIDE, packRankMove } from './rankBoard';


/**
 * The moves from the board loaded in `ex` to the board of exact key `next` (words `at…`), which
 * {@link ComponentExpander.expandExit} listed for it: moves between columns that rearrange the free cards, then
 * the exit. Plays them on `board`, pushing each on `moves`.
 */
export function wayOut(ex: ComponentExpander, board: RankBoard, next: Uint32Array, at: number, moves: { push(value: number): void }): void {
  const target = new Int8Array(52).fill(-1);
  let exit = -1;
  let exitHome = false;
  for (let x = 0; x < 52; x++) {
    if (ex.column[x] < 0) continue;
    const code = codeOf(next, at, x);
    if (code === CODE_HOME) {
      exit = x;
      exitHome = true;
    } else if (ex.anchor[x] === 1 && code !== 0 && x >> 2 < 12) {
      const p = (((x >> 2) + 1) << 2) | (code - 1);
      // An anchor now on a parent, unless it is a card that became loose by the exit (it lies on the card under it).
      if (ex.column[p] !== ex.column[x]) {
        exit = x;
        target[x] = p;
      }
    }
  }
  if (exit < 0) throw new Error('component search: no exit between two boards');
  for (let x = 0; x < 48; x++) {
    if (ex.loose[x] === 0 || x === exit) continue;
    const code = codeOf(next, at, x);
    target[x] = (((x >> 2) + 1) << 2) | (code - 1);
  }
  if (exitHome && ex.loose[exit] === 1) {
    // The card going home stays, or goes to a parent no other card is to have.
    const wanted = new Uint8Array(52);
    for (let x = 0; x < 52; x++) if (target[x] >= 0 && x !== exit) wanted[target[x]] = 1;
    const r = exit >> 2;
    let p = ex.parent[exit];
    if (wanted[p] === 1) {
      p = -1;
      for (let q = (r + 1) << 2; q < ((r + 1) << 2) + 4; q++) {
        if (wanted[q] === 0 && q !== exit && ex.column[q] >= 0 && (ex.loose[q] === 1 || ex.anchor[q] === 1)) {
          p = q;
          break;
        }
      }
    }
    target[exit] = p;
  }
  const play = (m: number): void => {
    board.apply(m);
    moves.push(m);
  };
  const top = (c: number): number => board.col[c * STRIDE + board.len[c] - 1];
  const colOf = (x: number): number => board.where[x] >> 5;
  const isTop = (x: number): boolean => board.where[x] !== NOWHERE && top(colOf(x)) === x;
  const onTop = (x: number): number => {
    const at2 = board.where[x];
    const c = at2 >> 5;
    const h = at2 & (STRIDE - 1);
    return h + 1 < board.len[c] ? board.col[c * STRIDE + h + 1] : -1;
  };
  const canParent = (p: number): boolean => isTop(p) && (ex.loose[p] === 1 || ex.anchor[p] === 1 || (exit === p && !exitHome));
  const moveTo = (x: number, p: number): void => play(packRankMove(colOf(x), colOf(p), x));
  const clear = (x: number): void => {
    const y = onTop(x);
    if (y < 0) return;
    clear(y);
    const r = x >> 2;
    let p = -1;
    if (target[y] >= 0 && target[y] !== x && canParent(target[y])) p = target[y];
    else {
      for (let q = r << 2; q < (r << 2) + 4; q++) {
        if (q !== x && board.where[q] !== NOWHERE && canParent(q)) {
          p = q;
          break;
        }
      }
    }
    if (p < 0) throw new Error('component search: no parent free');
    moveTo(y, p);
  };
  for (let r = 11; r >= 0; r--) {
    for (;;) {
      let misplaced = -1;
      let done = false;
      for (let x = r << 2; x < (r << 2) + 4 && !done; x++) {
        if (ex.loose[x] === 0 || target[x] < 0) continue;
        const now = board.col[board.where[x] - 1];
        if (now === target[x]) continue;
        misplaced = x;
        if (onTop(target[x]) < 0) {
          clear(x);
          moveTo(x, target[x]);
          done = true;
        }
      }
      if (done) continue;
      if (misplaced < 0) break;
      // Every misplaced card's parent-to-be is taken by another: one of them goes to a parent no card is to have.
      // The exit's parent-to-be may hold a card meanwhile: it is left only when every loose card is placed.
      const wanted = new Uint8Array(52);
      for (let x = r << 2; x < (r << 2) + 4; x++) if (target[x] >= 0 && ex.loose[x] === 1) wanted[target[x]] = 1;
      // One that lies on a parent another is to have (there is one: the parents-to-be are taken by misplaced cards).
      for (let x = r << 2; x < (r << 2) + 4; x++) {
        if (ex.loose[x] === 1 && target[x] >= 0 && board.col[board.where[x] - 1] !== target[x] && wanted[board.col[board.where[x] - 1]] === 1) {
          misplaced = x;
          break;
        }
      }
      let p = -1;
      for (let q = (r + 1) << 2; q < ((r + 1) << 2) + 4; q++) {
        if (wanted[q] === 0 && board.where[q] !== NOWHERE && canParent(q)) {
          p = q;
          break;
        }
      }
      if (p < 0) throw new Error(`component search: no free parent to rearrange (rank ${r}, card ${misplaced}, targets ${Array.from(target).join(',')}, columns ${JSON.stringify(board.columns())})`);
      clear(misplaced);
      moveTo(misplaced, p);
    }
  }
  clear(exit);
  if (exitHome) play(packRankMove(colOf(exit), HOME + (exit & 3), exit));
  else moveTo(exit, target[exit]);
}
