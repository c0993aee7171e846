import type { PileRefView } from '../../src/protocol/webviewMessages';
import { ANIMATION_MS } from './flip';

/** What the board tells the drag controller, and what it asks of it. */
export interface DragHost {
  /** The element that receives pointer events and takes the pointer capture. */
  readonly element: HTMLElement;
  /** Whether the run from `cardIndex` to the top of `pile` may move at all; starts the selection if so. */
  beginDrag(pile: PileRefView, cardIndex: number): boolean;
  /** The pointer let go over `target` (or nowhere): true if a move was sent, false to snap back. */
  drop(target: PileRefView | undefined): boolean;
  /** Every pile element with its ref, for hit-testing by rectangle. */
  piles(): { readonly ref: PileRefView; readonly element: HTMLElement }[];
  /**
   * The part of the table on screen (its own box when it scrolls sideways): a drop outside it
   * snaps back, and it bounds the forgiving "nearest pile" drop.
   */
  table(): HTMLElement | undefined;
  animate(): boolean;
}

/** Movement in pixels below which a press stays a click. */
const THRESHOLD = 5;

interface Press {
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  readonly pile: PileRefView;
  readonly pileElement: HTMLElement;
  readonly cardIndex: number;
  dragging: boolean;
  cards: HTMLElement[];
}

/**
 * Drag and drop with pointer events and pointer capture (not HTML5 drag and drop): a press on a
 * card becomes a drag once the pointer has moved a few pixels, and only if the run from that card
 * may move. The run follows the pointer as one unit; the drop target is the pile whose
 * rectangle is under the pointer (the dragged cards cover the element under it), else, with the
 * pointer still over the table, the pile the dragged card overlaps most. A drop anywhere else, or
 * on a pile that is no legal target, snaps back.
 */
export class DragController {
  private press: Press | undefined;
  /** Cards left where they were dropped until the host answers (then FLIP takes over). */
  private dropped: HTMLElement[] = [];
  private swallowClick = false;

  constructor(private readonly host: DragHost) {
    const element = host.element;
    element.addEventListener('pointerdown', this.onDown);
    element.addEventListener('pointermove', this.onMove);
    element.addEventListener('pointerup', this.onUp);
    element.addEventListener('pointercancel', this.onCancel);
    element.addEventListener('lostpointercapture', this.onLost);
    element.addEventListener('click', this.onClick, true);
    element.addEventListener('dblclick', this.onClick, true);
  }

  get active(): boolean {
    return this.press?.dragging === true;
  }

  /** Drops the drag (and any cards waiting for the host's answer) and clears their offsets. */
  clear(): void {
    for (const card of [...this.dropped, ...(this.press?.cards ?? [])]) this.reset(card);
    this.dropped = [];
    this.press = undefined;
  }

  /** Sends cards still shown where they were dropped back home, animated. */
  snapBackDropped(): void {
    const cards = this.dropped;
    this.dropped = [];
    this.snapBack(cards);
  }

  private readonly onDown = (event: PointerEvent): void => {
    if (event.button !== 0 || !event.isPrimary || this.press) return;
    const path = event.composedPath();
    const card = path.find((n): n is HTMLElement => n instanceof HTMLElement && n.localName === 'sol-card');
    const pile = path.find((n): n is HTMLElement => n instanceof HTMLElement && n.localName === 'sol-pile');
    if (!card || !pile) return;
    const entry = this.host.piles().find((p) => p.element === pile);
    if (!entry) return;
    const cards = [...(pile.shadowRoot?.querySelectorAll<HTMLElement>('sol-card') ?? [])];
    const cardIndex = cards.indexOf(card);
    if (cardIndex < 0) return;
    this.press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, pile: entry.ref, pileElement: pile, cardIndex, dragging: false, cards: [] };
  };

  private readonly onMove = (event: PointerEvent): void => {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      if (!this.host.beginDrag(press.pile, press.cardIndex)) {
        this.press = undefined;
        return;
      }
      press.dragging = true;
      press.cards = [...(press.pileElement.shadowRoot?.querySelectorAll<HTMLElement>('sol-card') ?? [])].slice(press.cardIndex);
      press.pileElement.style.zIndex = '30';
      for (const card of press.cards) card.toggleAttribute('dragging', true);
      this.host.element.setPointerCapture(event.pointerId);
    }
    event.preventDefault();
    for (const card of press.cards) card.style.transform = `translate(${dx}px, ${dy}px)`;
  };

  private readonly onUp = (event: PointerEvent): void => {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = undefined;
    if (!press.dragging) return;
    this.swallowNextClick();
    if (this.host.element.hasPointerCapture(event.pointerId)) this.host.element.releasePointerCapture(event.pointerId);
    const target = this.targetAt(event.clientX, event.clientY, press);
    if (this.host.drop(target)) {
      this.dropped = press.cards;
    } else {
      this.snapBack(press.cards);
    }
  };

  private readonly onCancel = (event: PointerEvent): void => {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = undefined;
    if (press.dragging) {
      this.host.drop(undefined);
      this.snapBack(press.cards);
    }
  };

  private readonly onLost = (event: PointerEvent): void => {
    if (this.press?.dragging && event.pointerId === this.press.pointerId) this.onCancel(event);
  };

  /** A drag ends with a click on the capturing element; it is not a click on the table. */
  private readonly onClick = (event: MouseEvent): void => {
    if (!this.swallowClick) return;
    event.stopPropagation();
    event.preventDefault();
    this.swallowClick = false;
  };

  private swallowNextClick(): void {
    this.swallowClick = true;
    setTimeout(() => (this.swallowClick = false), 0);
  }

  private targetAt(x: number, y: number, press: Press): PileRefView | undefined {
    // Not on a pile scrolled out of sight: let go outside the board, a card went there (a play-test).
    const table = this.host.table()?.getBoundingClientRect();
    if (!table || x < table.left || x > table.right || y < table.top || y > table.bottom) return undefined;
    const piles = this.host.piles();
    const under = piles
      .map((p) => ({ ...p, rect: p.element.getBoundingClientRect() }))
      .filter(({ rect }) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom)
      .sort((a, b) => Math.abs(x - (a.rect.left + a.rect.width / 2)) - Math.abs(x - (b.rect.left + b.rect.width / 2)));
    if (under[0]) return under[0].ref;
    // Over the table but between piles: the pile the leading card overlaps most, if any.
    const lead = press.cards[0]?.getBoundingClientRect();
    if (!lead) return undefined;
    let best: { ref: PileRefView; area: number } | undefined;
    for (const p of piles) {
      const r = p.element.getBoundingClientRect();
      const w = Math.min(lead.right, r.right) - Math.max(lead.left, r.left);
      const h = Math.min(lead.bottom, r.bottom) - Math.max(lead.top, r.top);
      const area = w > 0 && h > 0 ? w * h : 0;
      if (area > (best?.area ?? 0)) best = { ref: p.ref, area };
    }
    return best?.ref;
  }

  /** Sends cards back to their places, animated; their pile stays raised until they land. */
  private snapBack(cards: HTMLElement[]): void {
    for (const card of cards) {
      const from = card.style.transform;
      this.reset(card);
      if (from && this.host.animate()) {
        const pile = pileOf(card);
        if (pile) pile.style.zIndex = '30';
        const animation = card.animate([{ transform: from }, { transform: 'translate(0, 0)' }], { duration: ANIMATION_MS, easing: 'ease-out' });
        const done = () => {
          if (pile) pile.style.zIndex = '';
        };
        animation.addEventListener('finish', done);
        animation.addEventListener('cancel', done);
      }
    }
  }

  private reset(card: HTMLElement): void {
    card.style.transform = '';
    card.removeAttribute('dragging');
    const pile = pileOf(card);
    if (pile) pile.style.zIndex = '';
  }
}

/** The `sol-pile` whose shadow root holds the card. */
function pileOf(card: HTMLElement): HTMLElement | undefined {
  const root = card.getRootNode();
  return root instanceof ShadowRoot ? (root.host as HTMLElement) : undefined;
}
