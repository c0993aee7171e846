/**
 * FLIP animations: remember where each card was (First), let Lit draw the new state (Last),
 * then play each card from its old place to its new one (Invert, Play). Cards are matched by
 * their stable `data-card-id`, so a card that moved to another pile animates too.
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

export function snapshot(cards: Iterable<HTMLElement>): CardRects {
  const rects: CardRects = new Map();
  for (const card of cards) {
    const id = card.dataset.cardId;
    if (id !== undefined) rects.set(id, card.getBoundingClientRect());
  }
  return rects;
}

export const ANIMATION_MS = 180;

/**
 * Plays every card that moved from its remembered rectangle to where it is now. `delayOf`
 * staggers auto-play; the moving card's pile is raised above the others while it flies.
 */
export function play(before: CardRects, cards: Iterable<HTMLElement>, delayOf: (id: string) => number): void {
  for (const card of cards) {
    const id = card.dataset.cardId;
    const old = id === undefined ? undefined : before.get(id);
    if (!old || id === undefined) continue;
    const now = card.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    const pile = (card.getRootNode() as ShadowRoot).host as HTMLElement | undefined;
    const delay = delayOf(id);
    if (pile) pile.style.zIndex = '20';
    const animation = card.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }],
      { duration: ANIMATION_MS, delay, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)', fill: 'backwards' },
    );
    const done = () => {
      if (pile && !pile.getAnimations({ subtree: true }).some((a) => a !== animation && a.playState === 'running')) pile.style.zIndex = '';
    };
    animation.addEventListener('finish', done);
    animation.addEventListener('cancel', done);
  }
}

/** Whether the player asked the system for less motion. */
export function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
