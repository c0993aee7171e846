import type { BoardView, PileRefView } from '../../src/protocol/webviewMessages';
import { samePile } from '../logic/format';
import { pileOf } from '../logic/selection';
import { wonKey } from '../logic/viewState';
import { ANIMATION_MS, cardElements, celebrate, flying, play, snapshot, type CardRects } from './flip';

/** What the board tells the motion controller, and what it asks of it. */
export interface MotionHost {
  /** The view on the board now. */
  view(): BoardView | undefined;
  /** Every pile element with its ref, whose cards fly. */
  piles(): { readonly ref: PileRefView; readonly element: HTMLElement }[];
  animate(): boolean;
  /** Gives the end-of-game panel's first button the focus, if the board has it. */
  focusPanel(): Promise<void>;
  /** Draws the board again: whether the won panel shows is the board's to render. */
  requestUpdate(): void;
}

/**
 * The board's motion from one view to the next: cards fly from where they were seen to their
 * new places (see flip.ts), auto-play moves one after the other, and at a win the panel waits
 * until every card has landed and the foundations have celebrated.
 *
 * The board calls `moved` when a view with a new move arrives, `remember` and `holdWonPanel`
 * before it draws a new view, and `play` once it has drawn.
 */
export class MotionController {
  private rectsBefore: CardRects | undefined;
  /** A snapshot whose flights were not played yet (a newer view came first): still on screen. */
  private rectsUnplayed: CardRects | undefined;
  /** When the last view with a new move arrived, and how long after the one before it. */
  private lastMoveAt = -Infinity;
  private pace = Infinity;
  /**
   * The won game (`gameId:moveCount`) whose panel is open. At a win the panel waits until every
   * card has landed and the celebration is over (`wonPending`).
   */
  private openPanel: string | undefined;
  private wonPending: string | undefined;
  /** The won game whose cards are being waited for. */
  private landing: string | undefined;

  constructor(private readonly host: MotionHost) {}

  /** The won game (`gameId:moveCount`) whose panel is open, if any. */
  get wonPanel(): string | undefined {
    return this.openPanel;
  }

  private set wonPanel(key: string | undefined) {
    if (key === this.openPanel) return;
    this.openPanel = key;
    this.host.requestUpdate();
  }

  /** A view with a new move arrived: while a solution plays, its pace sets the flights' length. */
  moved(): void {
    const now = performance.now();
    this.pace = now - this.lastMoveAt;
    this.lastMoveAt = now;
  }

  /** Before `view` replaces `before` on screen: where every card is seen now. */
  remember(before: BoardView, view: BoardView): void {
    // Cards fly only within one game: the cards of a new deal do not come from the old one's places.
    if (this.host.animate() && before.gameId === view.gameId) {
      const rects = snapshot(cardElements(this.host.piles().map((p) => p.element)));
      for (const [id, rect] of this.rectsUnplayed ?? []) rects.set(id, rect);
      this.rectsBefore = rects;
    }
    this.rectsUnplayed = undefined;
  }

  /**
   * Decides whether a won game's panel opens with this view or waits: it waits when the game
   * was just won on the board and cards may still be flying (animations on).
   */
  holdWonPanel(view: BoardView, before: BoardView | undefined): void {
    const key = wonKey(view);
    if (key === undefined) {
      this.wonPanel = undefined;
      this.wonPending = undefined;
    } else if (key !== this.wonPanel && key !== this.wonPending) {
      const justWon = before !== undefined && before.gameId === view.gameId && before.status !== 'won';
      if (justWon && this.host.animate()) this.wonPending = key;
      else {
        this.wonPending = undefined;
        this.wonPanel = key;
      }
    }
  }

  /** After the board was drawn: the remembered cards fly, and a waiting won panel opens once they land. */
  play(viewChanged: boolean): void {
    const before = this.rectsBefore;
    this.rectsBefore = undefined;
    const view = this.host.view();
    const flown = before && view ? this.flip(before, view) : Promise.resolve();
    const pending = this.wonPending;
    if (viewChanged && pending !== undefined) void flown.then(() => this.landThenOpen(pending));
  }

  private async flip(before: CardRects, view: BoardView): Promise<void> {
    this.rectsUnplayed = before;
    const piles = this.host.piles().map((p) => p.element as HTMLElement & { updateComplete: Promise<boolean> });
    await Promise.all(piles.map((p) => p.updateComplete));
    // A newer view came first: its snapshot takes these boxes (nothing was drawn in between).
    if (this.host.view() !== view || this.rectsUnplayed !== before) return;
    this.rectsUnplayed = undefined;
    const delays = this.autoplayDelays(view);
    // While a solution plays, the flights shorten to fit the pace of its moves.
    const longest = Math.max(0, ...delays.values()) + ANIMATION_MS;
    const scale = view.playingSolution ? Math.min(1, this.pace / longest) : 1;
    play(before, cardElements(piles), { duration: ANIMATION_MS * scale, delayOf: (id) => (delays.get(id) ?? 0) * scale });
  }

  /** The cards land (every flight ends), the foundations celebrate, then the won panel opens. */
  private async landThenOpen(key: string): Promise<void> {
    if (this.landing === key) return;
    this.landing = key;
    try {
      await this.land(key);
    } finally {
      if (this.landing === key) this.landing = undefined;
    }
  }

  private async land(key: string): Promise<void> {
    const deadline = performance.now() + 4000;
    for (;;) {
      if (this.wonPending !== key) return;
      const cards = cardElements(this.host.piles().map((p) => p.element));
      const left = flying(cards);
      if (left.length === 0) break;
      // A timeline that does not advance (a hidden tab) lands the cards at once.
      if (performance.now() > deadline) for (const a of left) a.finish();
      else await Promise.race([Promise.all(left.map((a) => a.finished.catch(() => undefined))), wait(500)]);
    }
    if (this.host.animate()) {
      const foundations = this.host.piles().filter((p) => p.ref.kind === 'foundation').map((p) => p.element);
      const hops = celebrate(foundations);
      await Promise.race([Promise.all(hops.map((a) => a.finished.catch(() => undefined))), wait(2000)]);
      for (const hop of hops) hop.finish();
    }
    if (this.wonPending !== key) return;
    this.wonPending = undefined;
    this.wonPanel = key;
    void this.host.focusPanel();
  }

  /** Auto-play moves fly one after the other, in the order the host played them. */
  private autoplayDelays(view: BoardView): Map<string, number> {
    const delays = new Map<string, number>();
    const moves = view.lastMove?.moves ?? [];
    if (moves.length < 2) return delays;
    const step = Math.min(90, 1200 / moves.length);
    moves.forEach((move, k) => {
      if (k === 0 || move.to.kind !== 'foundation') return;
      const later = moves.slice(k + 1).filter((m) => samePile(m.to, move.to)).length;
      const pile = pileOf(view, move.to);
      const card = pile?.cards[pile.cards.length - 1 - later];
      if (card) delays.set(String(card.id), k * step);
    });
    return delays;
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
