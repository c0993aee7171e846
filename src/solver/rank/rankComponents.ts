/**
 * Boards of a rank-built game with foundations by suit (Baker's Dozen, Good Measure) taken
 * together when cards moved between columns can be rearranged into each other: one "component"
 * of boards won or lost alike, searched as one.
 *
 * In these games a card leaves its place only onto a card one rank higher (its parent) or home,
 * and columns are never refilled. In a column, the topmost card that does not sit on a card one
 * rank higher is its *anchor*: it and everything under it are where they were dealt. The cards
 * above anchors are *loose*: each sits on a parent, and a loose card on top moves to any other
 * parent on top and can go straight back. So between two moves that cannot be taken back (a card
 * home, an anchor onto a parent) the board only rearranges loose cards, each on a distinct parent
 * of the next rank (an anchor or a loose card). Count, for each rank r, the loose cards of rank r
 * (n) and the parents of rank r + 1 (m, anchors and loose cards): when m = n, rank r is *frozen*
 * (no free parent, so none of its cards can move, nor any card under which one of them lies). The
 * cards of frozen ranks and the loose cards under them (down to the anchor) are *fixed*; every
 * other loose card is *free*. The boards reachable from a board by moves between columns are then
 * exactly those with the same cards home, the same anchors, the fixed cards on the same parents
 * and the free cards on any other parents of their next rank, one card a parent (with a free
 * parent on every rank that has a free card, any such card can be cleared of the cards on it and
 * moved, so any arrangement is reached level by level from the highest rank down). The board's
 * *component key* is its exact key with the code of every free card replaced by one code, FREE.
 *
 * A component's ways out are its irreversible moves: a card home, or an anchor onto a parent.
 * Which boards of the next component are reached depends only on where the cards that become
 * fixed there lie, so {@link ComponentExpander.expand} lists one board for each such
 * arrangement (for each card that becomes fixed, each parent it can have), instead of every
 * arrangement of the free cards.
 *
 * Deferred pairings ({@link ComponentExpander.deferPairings}). When a way out freezes a rank,
 * the player chose, just before, how its cards that were free pair with the parents left: one
 * component a pairing, n! for n cards, and in a hard deal most components differ only so (Good
 * Measure deal 607: 5.7 million components in 30 s over 1,334 combinations of cards home, loose
 * and in place). But no move between columns or home sees a pairing while the rank stays
 * frozen: its cards cannot move, and a parent under any of them is covered under every
 * pairing. A pairing shows only when one of those cards leaves (home) and uncovers its parent.
 * So such cards are *deferred*: written free in the component key, they lie on the parents left
 * (all covered) in any pairing, and the component stands for the union of the components of
 * every pairing, won when one is. Its ways out are the union of theirs: a way out lists each
 * parent a deferred card can have wherever its parent starts to matter (it becomes fixed under
 * a card of a lower frozen rank, or its own rank thaws while it is covered), among the parents
 * the deferred cards hold (a parent a way out frees is not one a deferred card can reach: it
 * cannot move), and a deferred card that goes home frees whichever of those the player likes.
 * Cards whose parent was never the player's choice (dealt on it) are not deferred. A dead end
 * or stuck board must hold for every pairing (rankDetached.ts); a win is turned into real moves
 * by rankConcretePath.ts, which also checks that the union was not larger than the truth. A
 * unit test compares the components reachable with deferred pairings and without.
 */
import { CODE_HOME, NOWHERE, type RankBoard, STRIDE } from './rankBoard';

/** The code of a free loose card in a component key (exact keys use 0-5). */
export const FREE = 6;
const KEY_WORDS = 5;

const KEY_WORD = new Uint8Array(52);
const KEY_SHIFT = new Uint8Array(52);
for (let card = 0; card < 52; card++) {
  KEY_WORD[card] = card < 48 ? Math.floor(card / 10) : 4;
  KEY_SHIFT[card] = card < 48 ? 3 * (card % 10) : 24 + (card - 48);
}
const wordOf = (card: number): number => KEY_WORD[card];
const shiftOf = (card: number): number => KEY_SHIFT[card];

/** The code of `card` in exact or component key `key` (Kings: 0 or home). */
export function codeOf(key: Uint32Array, at: number, card: number): number {
  if (card >= 48) return ((key[at + 4] >>> (24 + card - 48)) & 1) === 1 ? CODE_HOME : 0;
  return (key[at + wordOf(card)] >>> shiftOf(card)) & 7;
}

function setCode(key: Uint32Array, card: number, code: number): void {
  const w = wordOf(card);
  const s = shiftOf(card);
  if (card >= 48) key[w] = code === CODE_HOME ? (key[w] | (1 << s)) >>> 0 : (key[w] & ~(1 << s)) >>> 0;
  else key[w] = ((key[w] & ~(7 << s)) | (code << s)) >>> 0;
}

/**
 * Turns exact keys (relative to the root board) into boards and lists the next components'
 * boards. One per search; its arrays are scratch space, reused at every board.
 */
export class ComponentExpander {
  /** The root's columns, bottom first: where every card not home lies when it is in place. */
  private readonly rootCols: Uint8Array[];
  private readonly nc: number;
  /** Per column of the board loaded: index of its anchor in the root column, or −1 when empty. */
  readonly anchorAt: Int8Array;
  /** Per card: 1 loose, 0 otherwise (in place or home). */
  readonly loose = new Uint8Array(52);
  /** Per card: 1 when loose and fixed. */
  readonly fixed = new Uint8Array(52);
  /** Per card: 1 when an anchor. */
  readonly anchor = new Uint8Array(52);
  /**
   * Per card: 1 when loose, of a frozen rank, and its parent still the player's choice among the
   * parents its rank's deferred cards hold (see {@link deferPairings}). It counts as fixed for the
   * cards under it (they stay covered), not for itself.
   */
  readonly deferred = new Uint8Array(52);
  /** How many cards of the board loaded are {@link deferred}. */
  private deferredCount = 0;
  /** Per card: the card it lies on when loose, else −1. */
  readonly parent = new Int8Array(52);
  /** Per card: the loose card on it, else −1. */
  readonly child = new Int8Array(52);
  /** Per card: its column, or −1 when home. */
  readonly column = new Int8Array(52);
  private readonly looseCount = new Int32Array(14);
  private readonly parentCount = new Int32Array(14);
  private readonly frozen = new Uint8Array(14);
  /** The exact key of the board loaded. */
  readonly key = new Uint32Array(KEY_WORDS);
  /** The codes of the board loaded, by card. */
  private readonly codes = new Uint8Array(52);

  // Scratch of one exit's enumeration.
  private readonly det = new Int8Array(52);
  private readonly choosable = new Uint8Array(52);
  private readonly avail = new Uint8Array(52);
  private readonly fixedChild = new Uint8Array(52);
  private readonly chosen = new Int8Array(52).fill(-1);
  private readonly used = new Uint8Array(52);
  private readonly nextFrozen = new Uint8Array(14);
  /** Per rank r, its loose cards at `r * 4 …` (at most four a rank), `levelSize[r]` of them. */
  private readonly levelCards = new Int8Array(52);
  private readonly levelSize = new Int32Array(13);
  private exitCard = -1;
  private exitHome = false;
  private out: { push(value: number): void } = { push: () => undefined };
  private produced = 0;
  /** Whether a card alone in its column stays there (see rankSearch.ts). */
  loneCards = true;
  /**
   * Whether the cards of a rank that freezes are left on *any* of its free parents, one each,
   * instead of one board being listed for each way to pair them (see the file's comment, "Deferred
   * pairings"). Such a component is then the union of the components of every pairing.
   */
  deferPairings = false;
  /** Boards of next components the last exit reached, seen or not. */
  reached = 0;

  constructor(root: RankBoard) {
    if (root.spanish) throw new Error('component search: foundations by suit only');
    this.nc = root.nc;
    this.rootCols = Array.from({ length: root.nc }, (_, c) => root.col.slice(c * STRIDE, c * STRIDE + root.len[c]));
    this.anchorAt = new Int8Array(root.nc);
  }

  /**
   * Loads the board of exact key `key` (words `at…`) into `board` (a board made from the root,
   * whose columns, positions and foundations are overwritten) and analyses it. With the
   * component key it was listed with (words `compAt…` of `comp`), the cards that key leaves free
   * in a frozen rank are {@link deferred}; without it, none are.
   */
  load(key: Uint32Array, at: number, board: RankBoard, comp?: Uint32Array, compAt = 0): void {
    const { loose, fixed, anchor, parent, child, column, looseCount, parentCount, frozen, codes, deferred } = this;
    for (let i = 0; i < KEY_WORDS; i++) this.key[i] = key[at + i];
    for (let w = 0; w < 4; w++) {
      const word = key[at + w];
      for (let i = 0; i < 10; i++) codes[w * 10 + i] = (word >>> (3 * i)) & 7;
    }
    const last = key[at + 4];
    for (let i = 0; i < 8; i++) codes[40 + i] = (last >>> (3 * i)) & 7;
    for (let i = 0; i < 4; i++) codes[48 + i] = ((last >>> (24 + i)) & 1) === 1 ? CODE_HOME : 0;
    // One loop instead of a fill per array: this runs once a component.
    const where = board.where;
    for (let card = 0; card < 52; card++) {
      loose[card] = 0;
      fixed[card] = 0;
      anchor[card] = 0;
      deferred[card] = 0;
      parent[card] = -1;
      child[card] = -1;
      column[card] = -1;
      where[card] = NOWHERE;
    }
    for (let r = 0; r < 14; r++) {
      looseCount[r] = 0;
      parentCount[r] = 0;
      frozen[r] = 0;
    }
    const fh = board.fh;
    fh[0] = fh[1] = fh[2] = fh[3] = 0;
    let home = 0;
    for (let card = 0; card < 52; card++) {
      if (codes[card] === CODE_HOME) {
        fh[card & 3]++;
        home++;
      }
    }
    board.home = home;
    const col = board.col;
    // In-place parts: up to the topmost card of each root column whose code is 0.
    for (let c = 0; c < this.nc; c++) {
      const rc = this.rootCols[c];
      let top = rc.length - 1;
      while (top >= 0 && codes[rc[top]] !== 0) top--;
      this.anchorAt[c] = top;
      const base = c * STRIDE;
      for (let i = 0; i <= top; i++) {
        const x = rc[i];
        col[base + i] = x;
        board.where[x] = base + i;
        column[x] = c;
      }
      board.len[c] = top + 1;
      if (top >= 0) {
        anchor[rc[top]] = 1;
        parentCount[rc[top] >> 2]++;
      }
    }
    for (let card = 0; card < 48; card++) {
      const code = codes[card];
      if (code >= 1 && code <= 4 && column[card] < 0) {
        loose[card] = 1;
        const p = (((card >> 2) + 1) << 2) | (code - 1);
        parent[card] = p;
        child[p] = card;
        looseCount[card >> 2]++;
        parentCount[card >> 2]++;
      }
    }
    for (let r = 0; r < 12; r++) if (looseCount[r] > 0 && parentCount[r + 1] === looseCount[r]) frozen[r] = 1;
    // Chains above the anchors; fixed: a frozen rank's cards and the loose cards under them.
    for (let c = 0; c < this.nc; c++) {
      const top = this.anchorAt[c];
      if (top < 0) continue;
      const base = c * STRIDE;
      let h = top + 1;
      let lowestFrozen = -1;
      for (let x = child[this.rootCols[c][top]]; x >= 0; x = child[x]) {
        col[base + h] = x;
        board.where[x] = base + h;
        column[x] = c;
        if (frozen[x >> 2] === 1) lowestFrozen = h;
        h++;
      }
      board.len[c] = h;
      for (let i = top + 1; i <= lowestFrozen; i++) fixed[col[base + i]] = 1;
    }
    this.deferredCount = 0;
    if (comp !== undefined) {
      for (let card = 0; card < 48; card++) {
        if (loose[card] === 1 && frozen[card >> 2] === 1 && codeOf(comp, compAt, card) === FREE) {
          deferred[card] = 1;
          this.deferredCount++;
        }
      }
    }
    for (let i = 0; i < KEY_WORDS; i++) board.key[i] = key[at + i];
    this.prepare();
  }

  /** Writes the component key of the board loaded into `out`. */
  componentKey(out: Uint32Array): void {
    for (let i = 0; i < KEY_WORDS; i++) out[i] = this.key[i];
    for (let card = 0; card < 48; card++) {
      if (this.loose[card] === 1 && (this.fixed[card] === 0 || this.deferred[card] === 1)) setCode(out, card, FREE);
    }
  }

  /** Whether the board loaded has a card whose parent is deferred. */
  hasDeferred(): boolean {
    return this.deferredCount > 0;
  }

  /** Whether `card` is in the tableau and can be cleared of the cards on it in this component. */
  canLeave(card: number): boolean {
    return this.column[card] >= 0 && this.clearable(card);
  }

  /** Whether `card` (not home) can be cleared of the cards on it in this component. */
  private clearable(card: number): boolean {
    const c = this.child[card];
    return c < 0 || this.fixed[c] === 0;
  }

  /**
   * Pushes onto `out` the exact key and the component key (five words each) of one board of
   * each component not seen yet that is reached from the loaded board's component by moving
   * `card` home or, for an anchor, onto a parent; returns how many.
   */
  expandExit(card: number, toHome: boolean, out: { push(value: number): void }): number {
    if (this.column[card] < 0 || !this.clearable(card)) return 0;
    if (!toHome && this.anchor[card] === 0) return 0;
    const { det, choosable, avail, levelSize, levelCards } = this;
    this.exitCard = card;
    this.exitHome = toHome;
    this.out = out;
    this.produced = 0;
    this.reached = 0;
    det.set(this.baseDet);
    choosable.set(this.baseChoosable);
    avail.set(this.baseAvail);
    levelSize.set(this.baseLevelSize);
    levelCards.set(this.baseLevelCards);
    const n = this.nextLooseCount;
    const m = this.nextParentCount;
    n.set(this.looseCount);
    m.set(this.parentCount);
    const r0 = card >> 2;
    // The card leaving is not a parent at that moment.
    avail[card] = 0;
    if (this.loose[card] === 1) {
      // Out of its rank's cards; the parent a fixed card held is free.
      let i = r0 << 2;
      while (levelCards[i] !== card) i++;
      levelCards[i] = levelCards[(r0 << 2) + --levelSize[r0]];
      if (det[card] >= 0) avail[det[card]] = 1;
      det[card] = -1;
      choosable[card] = 0;
      n[r0]--;
      m[r0]--;
    } else {
      // An anchor: the column under it, cards on a card one rank higher become loose down to the next anchor.
      m[r0]--;
      const rc = this.rootCols[this.column[card]];
      let k = this.anchorAt[this.column[card]] - 1;
      while (k > 0 && rc[k - 1] >> 2 === (rc[k] >> 2) + 1) {
        const x = rc[k];
        det[x] = rc[k - 1];
        levelCards[((x >> 2) << 2) + levelSize[x >> 2]++] = x;
        n[x >> 2]++;
        m[x >> 2]++;
        k--;
      }
      if (k >= 0) m[rc[k] >> 2]++;
      if (!toHome) {
        choosable[card] = 1;
        levelCards[(r0 << 2) + levelSize[r0]++] = card;
        n[r0]++;
        m[r0]++;
      }
    }
    const nextFrozen = this.nextFrozen;
    for (let r = 0; r < 12; r++) nextFrozen[r] = n[r] > 0 && m[r + 1] === n[r] ? 1 : 0;
    this.level(0);
    return this.produced;
  }

  /** What every exit of the board loaded starts from: its loose cards by rank, fixed cards' parents, parents free to take. */
  private prepare(): void {
    const { loose, fixed, parent, anchor, column, deferred, baseDet, baseChoosable, baseAvail, baseLevelSize, baseLevelCards } = this;
    baseDet.fill(-1);
    baseChoosable.fill(0);
    baseAvail.fill(0);
    baseLevelSize.fill(0);
    for (let x = 0; x < 52; x++) {
      if (column[x] < 0) continue;
      if (loose[x] === 1) {
        // A deferred card's parent is chosen again (among those deferred cards hold: see assign).
        if (fixed[x] === 1 && deferred[x] === 0) baseDet[x] = parent[x];
        else baseChoosable[x] = 1;
        baseLevelCards[((x >> 2) << 2) + baseLevelSize[x >> 2]++] = x;
        baseAvail[x] = 1;
      } else if (anchor[x] === 1) baseAvail[x] = 1;
    }
    // Parents of fixed cards are taken.
    for (let x = 0; x < 52; x++) if (baseDet[x] >= 0) baseAvail[baseDet[x]] = 0;
    const held = this.heldByDeferred;
    held.fill(0);
    for (let x = 0; x < 48; x++) if (deferred[x] === 1) held[parent[x]] = 1;
  }
  /**
   * Per card: 1 when a deferred card lies on it in the board loaded. A deferred card cannot move
   * in its component (its rank has no free parent), so whichever pairing it has, it is on one of
   * these: a parent freed by the way out is not one it can take.
   */
  private readonly heldByDeferred = new Uint8Array(52);
  private readonly baseDet = new Int8Array(52);
  private readonly baseChoosable = new Uint8Array(52);
  private readonly baseAvail = new Uint8Array(52);
  private readonly baseLevelSize = new Int32Array(13);
  private readonly baseLevelCards = new Int8Array(52);
  private readonly nextLooseCount = new Int32Array(14);
  private readonly nextParentCount = new Int32Array(14);

  /** Chooses parents for the cards of rank `r` that become fixed, then goes on to rank r + 1. */
  private level(r: number): void {
    if (r === 12) {
      this.emit();
      return;
    }
    const { fixedChild, choosable, det, avail, levelCards, nextFixed, toChoose, marked } = this;
    const size = this.levelSize[r];
    const base = r << 2;
    let freeCount = 0;
    let choose = 0;
    let marks = 0;
    let defer = 0;
    // Cards deferred now stay on the parents deferred cards hold: they may be deferred again only
    // when every parent left to them is one of those.
    let deferHere = this.deferPairings && this.nextFrozen[r] === 1;
    if (deferHere) {
      let deferredNow = false;
      for (let i = 0; i < size; i++) if (this.deferred[levelCards[base + i]] === 1) deferredNow = true;
      if (deferredNow) {
        for (let p = base + 4; p < base + 8; p++) if (avail[p] === 1 && this.heldByDeferred[p] === 0) deferHere = false;
      }
    }
    for (let i = 0; i < size; i++) {
      const x = levelCards[base + i];
      if (this.nextFrozen[r] === 1 || fixedChild[x] === 1) {
        if (deferHere && choosable[x] === 1) {
          // Its parent stays the player's choice: written free, it covers one of the parents left.
          defer++;
          continue;
        }
        nextFixed[x] = 1;
        if (choosable[x] === 1) toChoose[base + choose++] = x;
        else if (fixedChild[det[x]] === 0) {
          fixedChild[det[x]] = 1;
          marked[base + marks++] = det[x];
        }
      } else if (choosable[x] === 1) freeCount++;
    }
    let parents = 0;
    for (let p = base + 4; p < base + 8; p++) if (avail[p] === 1) parents++;
    this.toChooseCount[r] = choose;
    this.deferCount[r] = defer;
    if (choose + freeCount + defer <= parents) this.assign(r, 0);
    for (let i = 0; i < marks; i++) fixedChild[marked[base + i]] = 0;
    for (let i = 0; i < size; i++) nextFixed[levelCards[base + i]] = 0;
  }

  /** Gives the `k`-th card of rank `r` that becomes fixed each parent it can have in turn. */
  private assign(r: number, k: number): void {
    const { avail, used, fixedChild, chosen } = this;
    if (k === this.toChooseCount[r]) {
      if (this.deferCount[r] === 0) {
        this.level(r + 1);
        return;
      }
      // The parents no card was given hold the deferred cards, whichever: all stay covered.
      const covered = this.covered;
      let count = 0;
      for (let p = (r + 1) << 2; p < ((r + 1) << 2) + 4; p++) {
        if (avail[p] === 1 && used[p] === 0 && fixedChild[p] === 0) {
          fixedChild[p] = 1;
          covered[(r << 2) + count++] = p;
        }
      }
      this.level(r + 1);
      for (let i = 0; i < count; i++) fixedChild[covered[(r << 2) + i]] = 0;
      return;
    }
    const x = this.toChoose[(r << 2) + k];
    const deferredNow = this.deferred[x] === 1;
    for (let p = (r + 1) << 2; p < ((r + 1) << 2) + 4; p++) {
      if (avail[p] === 0 || used[p] === 1 || (deferredNow && this.heldByDeferred[p] === 0)) continue;
      used[p] = 1;
      chosen[x] = p;
      const had = fixedChild[p];
      fixedChild[p] = 1;
      this.assign(r, k + 1);
      fixedChild[p] = had;
      used[p] = 0;
      chosen[x] = -1;
    }
  }
  private readonly deferCount = new Int32Array(13);
  private readonly covered = new Int8Array(52);

  /**
   * Pushes the exact and the component key of the board with the choices made (free cards on
   * the first parents left), unless that component was seen.
   */
  private emit(): void {
    const { det, chosen, avail, levelCards, levelSize, nextFixed } = this;
    const key = this.scratchKey;
    const comp = this.scratchComp;
    for (let i = 0; i < KEY_WORDS; i++) key[i] = this.key[i];
    const taken = this.taken;
    taken.fill(0);
    for (let r = 0; r < 12; r++) {
      for (let i = 0; i < levelSize[r]; i++) {
        const p = chosen[levelCards[(r << 2) + i]];
        if (p >= 0) taken[p] = 1;
      }
    }
    for (let r = 0; r < 12; r++) {
      for (let i = 0; i < levelSize[r]; i++) {
        const x = levelCards[(r << 2) + i];
        if (det[x] >= 0) continue;
        let p = chosen[x];
        if (p < 0) {
          for (let q = (r + 1) << 2; q < ((r + 1) << 2) + 4; q++) {
            if (avail[q] === 1 && taken[q] === 0) {
              p = q;
              break;
            }
          }
          taken[p] = 1;
        }
        setCode(key, x, 1 + (p & 3));
      }
    }
    if (this.exitHome) setCode(key, this.exitCard, CODE_HOME);
    for (let i = 0; i < KEY_WORDS; i++) comp[i] = key[i];
    for (let r = 0; r < 12; r++) {
      for (let i = 0; i < levelSize[r]; i++) {
        const x = levelCards[(r << 2) + i];
        if (nextFixed[x] === 0) setCode(comp, x, FREE);
      }
    }
    this.reached++;
    if (this.seenSet?.has(comp)) return;
    const out = this.out;
    for (let i = 0; i < KEY_WORDS; i++) out.push(key[i]);
    for (let i = 0; i < KEY_WORDS; i++) out.push(comp[i]);
    this.produced++;
  }
  private readonly scratchKey = new Uint32Array(KEY_WORDS);
  private readonly scratchComp = new Uint32Array(KEY_WORDS);
  private readonly taken = new Uint8Array(52);
  private readonly nextFixed = new Uint8Array(52);
  private readonly toChoose = new Int8Array(52);
  private readonly toChooseCount = new Int32Array(13);
  private readonly marked = new Int8Array(52);
  /** Components already searched: their boards are not listed again. */
  seenSet: { has(key: Uint32Array): boolean } | undefined;

  /** The cards that may leave the component now: home candidates and anchors that may move. */
  exits(board: RankBoard, onExit: (card: number, toHome: boolean) => void): void {
    for (let x = 0; x < 52; x++) {
      if (this.column[x] < 0) continue;
      if ((this.loose[x] === 1 || this.anchor[x] === 1) && board.homePile(x) >= 0) onExit(x, true);
    }
    for (let c = 0; c < this.nc; c++) {
      const top = this.anchorAt[c];
      // A card alone in its column is never moved to another (see rankSearch.ts); no card takes a King.
      if (top < 0 || (top === 0 && this.loneCards)) continue;
      const a = this.rootCols[c][top];
      if (a >> 2 === 12) continue;
      onExit(a, false);
    }
  }
}
