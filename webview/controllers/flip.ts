/**
 * FLIP animations: remember where each card was on screen (First), let Lit draw the new state
 * (Last), then play each card from where it was seen to its new place (Invert, Play). Cards
 * are matched by their stable `data-card-id`, so a card that moved to another pile animates too.
 *
 * Motion never lies: the snapshot is the card's rendered box (with whatever flight is running
 * on it), and a card whose place changes while it still flies is re-based: its flight is
 * cancelled and a new one starts from the box it had on screen, never from an older place.
 */

export type CardRects = Map<string, DOMRect>;

/** Every `sol-card` under the given piles' shadow roots. */
export function cardElements(piles: Iterable<Element>): HTMLElement[] {
  const cards: HTMLElement[] = [];
  for (const pile of piles) {
    const root = pile.shadowRoot;
    if (root) cards.push(...root.querySelectorAll<HTMLElement>('sol-card'));
  }
  return cards;
}

/** Where each card is on screen now (its rendered box, running flights included). */
export function snapshot(cards: Iterable<HTMLElement>): CardRects {
  const rects: CardRects = new Map();
  for (const card of cards) {
    const id = card.dataset.cardId;
    if (id !== undefined) rects.set(id, card.getBoundingClientRect());
  }
  return rects;
}

/** The full length of a card's flight. */
export const ANIMATION_MS = 180;
/** Shorter than a frame is no flight: the card is drawn in its place at once. */
const FRAME_MS = 16;

/** How long the cards of one view fly: `duration` each, and `delayOf` each card's wait. */
export interface FlipTiming {
  readonly duration: number;
  delayOf(id: string): number;
}

/** A card's own flights (script animations: FLIP and the drag's snap back), not CSS animations. */
export function flights(card: Element): Animation[] {
  return card.getAnimations().filter((a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition));
}

/** Flights not yet over (running, waiting for their delay, or paused). */
export function flying(cards: Iterable<Element>): Animation[] {
  const result: Animation[] = [];
  for (const card of cards) for (const a of flights(card)) if (a.playState === 'running' || a.playState === 'paused') result.push(a);
  return result;
}

/**
 * Plays every card that moved from its remembered on-screen box to where it is now. A card
 * whose place did not change keeps its running flight (it ends in the right place); a card
 * whose place changed while it flew is re-based from its remembered box. `timing.delayOf`
 * staggers auto-play; the moving card's pile is raised above the others while it flies.
 * Returns the flights started.
 */
export function play(before: CardRects, cards: Iterable<HTMLElement>, timing: FlipTiming): Animation[] {
  const started: Animation[] = [];
  for (const card of cards) {
    const id = card.dataset.cardId;
    const old = id === undefined ? undefined : before.get(id);
    if (!old || id === undefined) continue;
    // Both boxes include the same running flight (one task, one animation time): their
    // difference is the change of the card's place.
    let now = card.getBoundingClientRect();
    if (Math.abs(old.left - now.left) < 1 && Math.abs(old.top - now.top) < 1) continue;
    const running = flights(card);
    if (running.length > 0) {
      for (const a of running) a.cancel();
      now = card.getBoundingClientRect();
    }
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (timing.duration < FRAME_MS || (Math.abs(dx) < 1 && Math.abs(dy) < 1)) continue;
    const pile = (card.getRootNode() as ShadowRoot).host as HTMLElement | undefined;
    if (pile) pile.style.zIndex = '20';
    const animation = card.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }],
      { duration: timing.duration, delay: timing.delayOf(id), easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)', fill: 'backwards' },
    );
    const done = () => {
      if (pile && !pile.getAnimations({ subtree: true }).some((a) => a !== animation && a.playState === 'running')) pile.style.zIndex = '';
    };
    animation.addEventListener('finish', done);
    animation.addEventListener('cancel', done);
    started.push(animation);
  }
  return started;
}

/**
 * The foundations hop one after the other once every card is home: the small celebration of
 * a win. Returns the hops started (none for no foundations).
 */
export function celebrate(foundations: readonly HTMLElement[]): Animation[] {
  return foundations.map((pile, k) =>
    pile.animate(
      [
        { transform: 'translateY(0)' },
        { transform: 'translateY(-14px)', offset: 0.4 },
        { transform: 'translateY(2px)', offset: 0.7 },
        { transform: 'translateY(0)' },
      ],
      { duration: CELEBRATION_HOP_MS, delay: k * CELEBRATION_STAGGER_MS, easing: 'ease-out' },
    ),
  );
}

const CELEBRATION_HOP_MS = 420;
const CELEBRATION_STAGGER_MS = 90;

/** Whether the player asked the system for less motion. */
export function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
