import type { PileRefView } from '../../src/protocol/webviewMessages';
import { samePile } from '../logic/format';

/** What the board lends the cue. */
export interface RefusalCueHost {
  /** Every pile element with its ref. */
  piles(): { readonly ref: PileRefView; readonly element: HTMLElement }[];
  /** Whether cards may move on screen (the animations setting and the system's reduced motion). */
  animate(): boolean;
}

/** The `id` of the cue's animations (the webview tests look for it). */
export const REFUSAL_ANIMATION_ID = 'refused';
/** Long enough to be seen, short enough not to hold up the next click. */
const REFUSAL_MS = 320;

/**
 * Shows that a click did nothing because the board refused it: the cards that would not go (a
 * card that cannot be picked up, a run put on a pile that does not take it) shake briefly, or,
 * with motion off, their outline flashes. The live region says why; this is for the eyes (a
 * play-test clicked a buried card and saw nothing happen).
 */
export class RefusalCue {
  constructor(private readonly host: RefusalCueHost) {}

  /** Cues the cards of pile `from` from index `fromIndex` up to its top. */
  show(from: PileRefView, fromIndex: number): void {
    const pile = this.host.piles().find((p) => samePile(p.ref, from))?.element;
    const cards = pile?.shadowRoot?.querySelectorAll<HTMLElement>('sol-card');
    if (!cards) return;
    const moving = this.host.animate();
    for (let i = Math.max(0, fromIndex); i < cards.length; i++) {
      const card = cards[i];
      for (const running of card.getAnimations()) if (running.id === REFUSAL_ANIMATION_ID) running.cancel();
      // Added to whatever transform a flight gives the card, not in place of it.
      card.animate(
        moving
          ? [
              { transform: 'translateX(0)' },
              { transform: 'translateX(-5px)', offset: 0.2 },
              { transform: 'translateX(4px)', offset: 0.45 },
              { transform: 'translateX(-2px)', offset: 0.7 },
              { transform: 'translateX(0)' },
            ]
          : [
              { outline: '2px solid var(--sol-refused)', outlineOffset: '-1px' },
              { outline: '2px solid transparent', outlineOffset: '-1px' },
            ],
        { id: REFUSAL_ANIMATION_ID, duration: REFUSAL_MS, easing: 'ease-out', composite: moving ? 'add' : 'replace' },
      );
    }
  }
}
