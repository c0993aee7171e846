import type { BoardView, PileRefView, PileView } from '../../src/protocol/webviewMessages';
import { samePile } from '../logic/format';
import { pileOf, type Selection } from '../logic/selection';
import type { Announcer } from './announcer';

/** What the board lends the cue. */
export interface RefusalCueHost {
  /** The view on the board now. */
  view(): BoardView | undefined;
  /** Every pile element with its ref. */
  piles(): { readonly ref: PileRefView; readonly element: HTMLElement }[];
  /** Whether cards may move on screen (the animations setting and the system's reduced motion). */
  animate(): boolean;
  readonly announcer: Announcer;
  /** Stops a solution that plays (once per view). */
  stopPlayback(): void;
}

/** The `id` of the cue's animations (the webview tests look for this one in the page). */
const REFUSAL_ANIMATION_ID = 'refused';
/** Long enough to be seen, short enough not to hold up the next click. */
const REFUSAL_MS = 320;
const SHAKE: Keyframe[] = [
  { transform: 'translateX(0)' },
  { transform: 'translateX(-5px)', offset: 0.2 },
  { transform: 'translateX(4px)', offset: 0.45 },
  { transform: 'translateX(-2px)', offset: 0.7 },
  { transform: 'translateX(0)' },
];

/**
 * Shows that a click did nothing because the board refused it: the cards that would not go (a
 * card that cannot be picked up, a run put on a pile that does not take it) shake briefly, or,
 * with motion off, a ring in the error colour flashes around them. The live region says why;
 * this is for the eyes (a play-test clicked a buried card and saw nothing happen).
 */
export class RefusalCue {
  constructor(private readonly host: RefusalCueHost) {}

  /** Held cards that `to` does not take: the live region says why, and the cards shake. */
  refused(held: Selection, to: PileRefView): void {
    this.host.stopPlayback();
    this.host.announcer.refused(held, to);
    const view = this.host.view();
    const from = view && pileOf(view, held.from);
    if (from) this.show(held.from, from.cards.length - held.count);
  }

  /**
   * A card that cannot be picked up, or a top card with nowhere to go: said, and the cards from
   * it up shake. An attempt to move all the same: a solution that plays stops (its next move
   * cut the shake short, a play-test saw).
   */
  nowhere(pile: PileView, cardIndex: number): void {
    this.host.stopPlayback();
    this.host.announcer.nowhere(pile, cardIndex);
    if (pile.cards.length > 0) this.show(pile.ref, cardIndex);
  }

  /** Cues the cards of pile `from` from index `fromIndex` up to its top. */
  private show(from: PileRefView, fromIndex: number): void {
    const pile = this.host.piles().find((p) => samePile(p.ref, from))?.element;
    const cards = pile?.shadowRoot?.querySelectorAll<HTMLElement>('sol-card');
    if (!cards) return;
    const moving = this.host.animate();
    for (let i = Math.max(0, fromIndex); i < cards.length; i++) {
      const card = cards[i];
      for (const running of card.getAnimations()) if (running.id === REFUSAL_ANIMATION_ID) running.cancel();
      if (moving) {
        // Added to whatever transform a flight gives the card, not in place of it.
        card.animate(SHAKE, { id: REFUSAL_ANIMATION_ID, duration: REFUSAL_MS, easing: 'ease-out', composite: 'add' });
      } else {
        // A ring around the card, after its own shadow: the outline that marks held cards stays.
        // A gap of the card's face between them, so that the ring never reads as a thicker
        // outline (in high contrast dark the error colour is near the selection's orange).
        const style = getComputedStyle(card);
        const own = style.boxShadow === 'none' ? '' : `${style.boxShadow}, `;
        // Its width from the theme (wider in High Contrast Light, where 3 px looked thin).
        const width = parseFloat(style.getPropertyValue('--sol-refused-width')) || 3;
        const ring = (gap: string, colour: string) => `${own}0 0 0 2px ${gap}, 0 0 0 ${2 + width}px ${colour}`;
        card.animate([{ boxShadow: ring('var(--sol-card-face)', 'var(--sol-refused)') }, { boxShadow: ring('transparent', 'transparent') }], {
          id: REFUSAL_ANIMATION_ID,
          duration: REFUSAL_MS,
          easing: 'ease-in',
        });
      }
    }
  }
}
