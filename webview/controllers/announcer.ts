import type { BoardView, PileRefView, PileView } from '../../src/protocol/webviewMessages';
import { fill } from '../logic/format';
import { pileOf, type Selection } from '../logic/selection';

/** What the board lends the announcer. */
export interface AnnouncerHost {
  /** The view whose strings and cards the words come from (none before the first). */
  view(): BoardView | undefined;
  /** Draws the live region again: the announcer's words are the board's to render. */
  requestUpdate(): void;
}

/**
 * The words for screen readers, which the board renders in its polite live region: what was
 * picked up, refused or cannot move. Each announcement gets a new key, so the region's text is
 * a new node even when the words repeat.
 */
export class Announcer {
  private words = '';
  private count = 0;

  constructor(private readonly host: AnnouncerHost) {}

  /** The words in the live region now. */
  get text(): string {
    return this.words;
  }

  /** Changes with every announcement; the region's text is keyed on it. */
  get key(): number {
    return this.count;
  }

  announce(text: string): void {
    this.words = text;
    this.count++;
    this.saidAt = performance.now();
    this.host.requestUpdate();
  }

  /** Milliseconds since the last announcement. */
  sinceMs(): number {
    return performance.now() - this.saidAt;
  }

  private saidAt = 0;

  /** Names what the player just picked up (one card without a count). */
  pickUp(selection: Selection): void {
    const view = this.host.view();
    if (!view) return;
    const s = view.strings;
    const template = selection.count === 1 && s.announcePickUpOne ? s.announcePickUpOne : s.announcePickUp;
    this.announce(fill(template, { card: this.cardName(selection), count: selection.count }));
  }

  /** The held cards may not go to `to`. */
  refused(selection: Selection, to: PileRefView): void {
    const view = this.host.view();
    if (!view) return;
    const s = view.strings;
    const target = pileOf(view, to)?.spoken ?? '';
    this.announce(s.announceRefused ? fill(s.announceRefused, { card: this.cardName(selection), target }) : s.announceCancel);
  }

  /** The card at `cardIndex` has no move (an empty pile is named as such). */
  nowhere(pile: PileView, cardIndex: number): void {
    const s = this.host.view()?.strings;
    if (!s) return;
    const card = pile.cards[cardIndex];
    if (!card) this.announce(`${pile.spoken}, ${s.emptyPile}`);
    else this.announce(s.announceNowhere ? fill(s.announceNowhere, { card: card.spoken }) : s.announceCancel);
  }

  /** The bottom card of the held run, the one the player took hold of. */
  private cardName(selection: Selection): string {
    const view = this.host.view();
    const pile = view && pileOf(view, selection.from);
    return pile?.cards[pile.cards.length - selection.count]?.spoken ?? '';
  }
}
