/**
 * The board of a rank-built game (Baker's Dozen, Good Measure, Spanish Patience) for the
 * search: columns in one byte array, moves of one card, and an exact key.
 *
 * These games have no cells and never fill an empty column, so a card leaves its place only
 * onto a card one rank higher (its "parent", any suit) or home. Relative to the deal, the place
 * of every card is then told by a code: 0 where it was dealt (nothing under it moved either), 1
 * to 4 on the parent of that suit (a card dealt onto its parent counts so from the start, so a
 * board has one code however it was reached), 5 home. A key packs the codes of the 48 cards
 * below King, ten to a word, and one bit a King for "home": five words, updated in O(1) a move.
 */

/** Column slots: a column holds at most the 5 cards dealt to it and 12 built on them. */
export const STRIDE = 32;
/** A move's target from this value on is foundation pile `target - HOME`. */
export const HOME = 24;
export const CODE_HOME = 5;
/** {@link RankBoard.where} of a card that is home. */
export const NOWHERE = 0xffff;

/** A move of one card: source column, target (column, or HOME + pile) and the card. */
export const packRankMove = (src: number, dst: number, card: number): number => src | (dst << 5) | (card << 10);
export const rankMoveSrc = (m: number): number => m & 31;
export const rankMoveDst = (m: number): number => (m >> 5) & 31;
export const rankMoveCard = (m: number): number => m >> 10;

const KEY_WORD = new Uint8Array(52);
const KEY_SHIFT = new Uint8Array(52);
for (let card = 0; card < 52; card++) {
  // Kings (48-51) are one bit each after the eight codes of word 4 (cards 40-47).
  KEY_WORD[card] = card < 48 ? Math.floor(card / 10) : 4;
  KEY_SHIFT[card] = card < 48 ? 3 * (card % 10) : 24 + (card - 48);
}

const isRed = (card: number): boolean => ((card & 3) === 1) || ((card & 3) === 2);

/** A rank-built board, changed in place by {@link RankBoard.apply} and {@link RankBoard.undo}. */
export class RankBoard {
  readonly nc: number;
  readonly col: Uint8Array;
  readonly len: Uint8Array;
  /** Where each card in the tableau is: column × STRIDE + height; NOWHERE when home. */
  readonly where: Uint16Array;
  /** Foundation heights: by suit, or (Spanish Patience) per pile. */
  readonly fh = new Uint8Array(4);
  /** Spanish Patience: whether pile p started with a red Ace (only read while fh[p] > 0). */
  readonly startRed = new Uint8Array(4);
  readonly spanish: boolean;
  readonly key = new Uint32Array(5);
  home = 0;

  constructor(columns: readonly (readonly number[])[], foundations: readonly (readonly number[])[], spanish: boolean) {
    this.nc = columns.length;
    this.spanish = spanish;
    this.col = new Uint8Array(this.nc * STRIDE);
    this.len = new Uint8Array(this.nc);
    this.where = new Uint16Array(52).fill(NOWHERE);
    columns.forEach((cards, c) => {
      if (cards.length >= STRIDE) throw new Error('rank search: a column is too tall');
      cards.forEach((card, i) => {
        this.col[c * STRIDE + i] = card;
        this.where[card] = c * STRIDE + i;
      });
      this.len[c] = cards.length;
    });
    foundations.forEach((pile, p) => {
      this.fh[p] = pile.length;
      if (pile.length > 0) this.startRed[p] = isRed(pile[0]) ? 1 : 0;
      this.home += pile.length;
    });
    for (let card = 0; card < 52; card++) this.setCode(card, this.where[card] === NOWHERE ? CODE_HOME : this.placeCode(card));
  }

  /** The code of `card` where it stands in the tableau now. */
  private placeCode(card: number): number {
    const at = this.where[card];
    if ((at & (STRIDE - 1)) === 0) return 0;
    const under = this.col[at - 1];
    return under >> 2 === (card >> 2) + 1 ? 1 + (under & 3) : 0;
  }

  private setCode(card: number, code: number): void {
    const w = KEY_WORD[card];
    const s = KEY_SHIFT[card];
    if (card >= 48) this.key[w] = code === CODE_HOME ? this.key[w] | (1 << s) : this.key[w] & ~(1 << s);
    else this.key[w] = (this.key[w] & ~(7 << s)) | (code << s);
  }

  /** The foundation pile `card` may go onto now, or -1. */
  homePile(card: number): number {
    const rank = (card >> 2) + 1;
    if (!this.spanish) return this.fh[card & 3] === rank - 1 ? card & 3 : -1;
    const red = isRed(card) ? 1 : 0;
    for (let p = 0; p < 4; p++) {
      const h = this.fh[p];
      if (h !== rank - 1) continue;
      if (h === 0) return p;
      // The top of a pile started by a red Ace is red at odd heights.
      const topRed = (h & 1) === 1 ? this.startRed[p] : 1 - this.startRed[p];
      if (topRed !== red) return p;
    }
    return -1;
  }

  /**
   * Writes into `out` the key the board would have after tableau move `m` when no forced move
   * would follow it (the card it uncovers cannot go home safely), and returns true; else false.
   * A position already seen is then found without playing the move and taking it back.
   */
  childKey(m: number, out: Uint32Array, forceSafe: boolean): boolean {
    const dst = (m >> 5) & 31;
    if (dst >= HOME) return false;
    const src = m & 31;
    const h = this.len[src];
    if (forceSafe && h >= 2 && this.isSafeHome(this.col[src * STRIDE + h - 2])) return false;
    const card = m >> 10;
    const under = this.col[dst * STRIDE + this.len[dst] - 1];
    const key = this.key;
    out[0] = key[0];
    out[1] = key[1];
    out[2] = key[2];
    out[3] = key[3];
    out[4] = key[4];
    const w = KEY_WORD[card];
    const shift = KEY_SHIFT[card];
    out[w] = (out[w] & ~(7 << shift)) | ((1 + (under & 3)) << shift);
    return true;
  }

  /**
   * Whether tableau move `m` can be taken back at once: its card leaves a card one rank higher,
   * which it could go back onto. The board before and after is then won or lost alike.
   */
  isReversible(m: number): boolean {
    const dst = (m >> 5) & 31;
    if (dst >= HOME) return false;
    const src = m & 31;
    const h = this.len[src];
    return h >= 2 && this.col[src * STRIDE + h - 2] >> 2 === (m >> 12) + 1;
  }

  /** Plays move `m` (legal, one card). */
  apply(m: number): void {
    const src = m & 31;
    const dst = (m >> 5) & 31;
    const card = m >> 10;
    this.len[src]--;
    if (dst >= HOME) {
      const p = dst - HOME;
      if (this.fh[p] === 0) this.startRed[p] = isRed(card) ? 1 : 0;
      this.fh[p]++;
      this.home++;
      this.where[card] = NOWHERE;
      this.setCode(card, CODE_HOME);
    } else {
      const at = dst * STRIDE + this.len[dst]++;
      const under = this.col[at - 1];
      this.col[at] = card;
      this.where[card] = at;
      this.setCode(card, 1 + (under & 3));
    }
  }

  /** Takes back move `m`, the last one played. */
  undo(m: number): void {
    const src = m & 31;
    const dst = (m >> 5) & 31;
    const card = m >> 10;
    if (dst >= HOME) {
      this.fh[dst - HOME]--;
      this.home--;
    } else this.len[dst]--;
    const at = src * STRIDE + this.len[src]++;
    this.col[at] = card;
    this.where[card] = at;
    this.setCode(card, this.placeCode(card));
  }

  /** Whether `card` may go home and could never be wanted in the tableau again (see DESIGN.md, safe auto-play). */
  isSafeHome(card: number): boolean {
    const rank = (card >> 2) + 1;
    if (this.spanish) return rank === 1;
    const fh = this.fh;
    if (fh[card & 3] !== rank - 1) return false;
    const low = rank - 2;
    return fh[0] >= low && fh[1] >= low && fh[2] >= low && fh[3] >= low;
  }

  /**
   * {@link autoplay} after move `m` from a board that had no safe foundation move: a move between
   * columns changes no foundation, so only the card it uncovered can have become safe.
   */
  autoplayAfter(m: number, trail: { push(value: number): void }): number {
    if (((m >> 5) & 31) < HOME) {
      const src = m & 31;
      const h = this.len[src];
      if (h === 0 || !this.isSafeHome(this.col[src * STRIDE + h - 1])) return 0;
    }
    return this.autoplay(trail);
  }

  /** Plays safe foundation moves while there are any, each pushed on `trail`; returns how many. */
  autoplay(trail: { push(value: number): void }): number {
    let played = 0;
    for (let again = true; again; ) {
      again = false;
      for (let c = 0; c < this.nc; c++) {
        const h = this.len[c];
        if (h === 0) continue;
        const card = this.col[c * STRIDE + h - 1];
        if (!this.isSafeHome(card)) continue;
        const m = packRankMove(c, HOME + this.homePile(card), card);
        this.apply(m);
        trail.push(m);
        played++;
        again = true;
      }
    }
    return played;
  }

  /** The board as columns (bottom first) and foundation piles, for checks and messages. */
  columns(): number[][] {
    return Array.from({ length: this.nc }, (_, c) => Array.from(this.col.subarray(c * STRIDE, c * STRIDE + this.len[c])));
  }
}
