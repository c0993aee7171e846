import type { BoardView, PileRefView, PileView } from '../../src/protocol/webviewMessages';
import { fill } from '../logic/format';
import { pileOf, type Selection } from '../logic/selection';
import { badgeKey, badgeText, hintKey } from '../logic/viewState';

/** How long the live region's words stand before a view with nothing to say clears them. */
const WORDS_STAND_MS = 2000;

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

  private saidAt = 0;

  /**
   * Says what a new view brings after `previous` (the view before it on the board, if any): a
   * move, an undo, another game, a new verdict, a new hint.
   */
  viewShown(previous: BoardView | undefined, view: BoardView): void {
    const sameGame = previous !== undefined && previous.gameId === view.gameId;
    const said: string[] = [];
    if (previous && sameGame && view.lastMove && view.moveCount > previous.moveCount) {
      // A redo said as such, as an undo is: the move alone read as a new move of the player's.
      said.push(view.redone && view.strings.announceRedo ? fill(view.strings.announceRedo, { move: view.lastMove.spoken }) : view.lastMove.spoken);
    }
    // An undo was silent (a screen reader heard nothing): the move taken back is the one that
    // led to the board before it.
    if (previous && sameGame && view.moveCount < previous.moveCount) {
      said.push(previous.lastMove && view.strings.announceUndo ? fill(view.strings.announceUndo, { move: previous.lastMove.spoken }) : view.strings.undo);
    }
    // Another game, or the deal again: said, since the board changed all at once.
    if (previous && !sameGame) said.push(view.dealNumber === null ? view.variantName : fill(view.strings.announceDeal, { variant: view.variantName, number: String(view.dealNumber) }));
    // The verdict is said when it differs from the last one said, not from the last view's: the
    // badge is blank while the solver looks at each new board, and "Still winnable" after every
    // move (or after a new deal's name) replaced the words before it were read.
    const badge = badgeKey(view);
    if (view.verdict && badge !== this.spokenVerdict) said.push(badgeText(view.strings, view.verdict, view.lostAtMove));
    if (view.verdict) this.spokenVerdict = badge;
    if (view.hint && hintKey(view) !== (previous ? hintKey(previous) : '')) said.push(fill(view.strings.announceHint, { move: view.hint.spoken }));
    if (said.length > 0) this.announce(said.map((part, i) => (i < said.length - 1 && !/[.!?]$/.test(part) ? `${part}.` : part)).join(' '));
    // Words stand a while (a refusal is followed at once by the view sent again, a new game by its
    // verdict): cleared at once, a screen reader never heard them.
    else if (this.words && performance.now() - this.saidAt > WORDS_STAND_MS) this.announce('');
  }

  /** The verdict the live region said last ({@link badgeKey}). */
  private spokenVerdict = '';

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
