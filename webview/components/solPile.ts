import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { cssom } from '../logic/cssom';
import type { PileView } from '../../src/protocol/webviewMessages';
import { pileKey } from '../logic/format';
import './solCard';
import { suitShape } from './suits';

/** What a click on a pile says: which pile, which card (or `null` for the pile itself), double or not. */
export interface SelectDetail {
  readonly pile: PileView['ref'];
  readonly cardIndex: number | null;
  readonly double: boolean;
}

/**
 * A column, a free cell or a foundation. Draws its cards (fanned by `fan` pixels in a column,
 * stacked elsewhere), the empty slot, the keyboard cursor and the "legal target" highlight.
 * It knows nothing of rules: clicks become `sol-select` events for the board to judge.
 *
 * Hooks: `data-pile="tableau-0"` / `"cell-2"` / `"foundation-1"`; `data-hint="from"` or `"to"`
 * on the piles of the hint, and `data-hint` on the hinted cards.
 */
@customElement('sol-pile')
export class SolPile extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: absolute;
      width: var(--card-w, 80px);
      height: var(--card-h, 112px);
      border-radius: calc(var(--card-w, 80px) * 0.07);
    }
    .slot {
      position: absolute;
      inset: 0 0 auto 0;
      height: var(--card-h, 112px);
      box-sizing: border-box;
      border-radius: inherit;
      border: 1px dashed var(--sol-slot-border);
    }
    /* A free cell: a plain well, sunk into the table. */
    :host([kind='cell']) .slot {
      border-style: solid;
      background: var(--sol-cell-fill);
      box-shadow: var(--sol-cell-well);
    }
    /* A foundation: raised, with what it takes drawn faintly in the middle (a suit, or "A"). */
    :host([kind='foundation']) .slot {
      border-style: solid;
      border-width: 2px;
      background: var(--sol-slot-fill);
      display: flex;
      align-items: center;
      justify-content: center;
    }
    .takes {
      width: 46%;
      height: 46%;
      opacity: var(--sol-takes-opacity, 0.3);
    }
    .takes.suit-0 { fill: var(--sol-clubs); }
    .takes.suit-1 { fill: var(--sol-diamonds); }
    .takes.suit-2 { fill: var(--sol-hearts); }
    .takes.suit-3 { fill: var(--sol-spades); }
    .takes.ace {
      width: auto;
      height: auto;
      font-family: var(--vscode-font-family, system-ui, sans-serif);
      font-size: calc(var(--card-w, 80px) * 0.46);
      font-weight: 700;
      line-height: 1;
      color: var(--vscode-foreground);
    }
    :host([kind='tableau']) .slot {
      border-color: var(--sol-slot-border-faint);
    }
    .mark {
      position: absolute;
      left: 0;
      width: var(--card-w, 80px);
      height: var(--card-h, 112px);
      box-sizing: border-box;
      border-radius: inherit;
      pointer-events: none;
      z-index: 500;
    }
    .target {
      background: var(--sol-target-fill);
      outline: 2px dashed var(--sol-target-border);
      outline-offset: 2px;
    }
    .target {
      opacity: 0.8;
    }
    /* The hint: the cards to move and their target, in the light bulb's colour with a glow. */
    .hint,
    .hint-to {
      outline: var(--sol-hint-width, 2px) solid var(--sol-hint);
      outline-offset: 1px;
      box-shadow: 0 0 14px 3px var(--sol-hint-glow);
      animation: hint-pulse 700ms ease-in-out 2;
    }
    .hint-to.empty {
      background: var(--sol-hint-fill);
    }
    @keyframes hint-pulse {
      50% { box-shadow: 0 0 22px 6px var(--sol-hint-glow); outline-offset: 3px; }
    }
    @media (prefers-reduced-motion: reduce) {
      .hint, .hint-to { animation: none; }
    }
    :host([still]) .hint,
    :host([still]) .hint-to {
      animation: none;
    }
    /* The keyboard cursor: solid and set further out, so it never reads as a (dashed) target. */
    .cursor {
      outline: 3px solid var(--sol-focus);
      outline-offset: 4px;
    }
  `;

  @property({ attribute: false }) pile?: PileView;
  /** Vertical distance between cards (0 for cells and foundations). */
  @property({ type: Number }) fan = 0;
  /** Index of the first selected card, or -1. */
  @property({ type: Number }) selectedFrom = -1;
  /** Index of the lowest card that may move (as the top of a legal run), or -1. */
  @property({ type: Number }) movableFrom = -1;
  /** A legal target for what the player holds. */
  @property({ type: Boolean, reflect: true }) target = false;
  /** The keyboard cursor is here. */
  @property({ type: Boolean, reflect: true }) cursor = false;
  @property({ attribute: false }) emptyLabel = '';
  /** A foundation's first card: the suit of its Ace, or `'any'` (any Ace); drawn while it is empty. */
  @property({ attribute: false }) takes: number | 'any' | undefined;
  /** The hint concerns this pile: `from` (its top `hintCount` cards move) or `to` (their target). */
  @property({ attribute: false }) hint: '' | 'from' | 'to' = '';
  @property({ type: Number }) hintCount = 0;
  /** Animations are off (the setting): no pulse. */
  @property({ type: Boolean, reflect: true }) still = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    const pile = this.pile;
    if (!pile) return;
    if (changed.has('pile')) {
      this.dataset.pile = pileKey(pile.ref);
      this.setAttribute('kind', pile.ref.kind);
      this.setAttribute('role', 'group');
    }
    if (this.hint) this.dataset.hint = this.hint;
    else delete this.dataset.hint;
    const top = pile.cards[pile.cards.length - 1];
    this.setAttribute('aria-label', `${pile.spoken}, ${top ? top.spoken : this.emptyLabel}`);
  }

  private readonly onClick = (event: MouseEvent) => this.select(event, false);
  private readonly onDoubleClick = (event: MouseEvent) => this.select(event, true);

  private select(event: MouseEvent, double: boolean): void {
    if (!this.pile || event.button !== 0) return;
    const card = event.composedPath().find((node): node is HTMLElement => node instanceof HTMLElement && node.localName === 'sol-card');
    const index = card ? this.pile.cards.findIndex((c) => String(c.id) === card.dataset.cardId) : -1;
    const detail: SelectDetail = { pile: this.pile.ref, cardIndex: index >= 0 ? index : null, double };
    this.dispatchEvent(new CustomEvent<SelectDetail>('sol-select', { detail, bubbles: true, composed: true }));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('click', this.onClick);
    this.addEventListener('dblclick', this.onDoubleClick);
  }

  override disconnectedCallback(): void {
    this.removeEventListener('click', this.onClick);
    this.removeEventListener('dblclick', this.onDoubleClick);
    super.disconnectedCallback();
  }

  private renderTakes() {
    const takes = this.takes;
    if (takes === undefined) return '';
    if (takes === 'any') return html`<span class="takes ace" data-takes="A">A</span>`;
    return html`<svg class="takes suit-${takes}" data-takes=${String(takes)} viewBox="0 0 100 100">${suitShape(takes)}</svg>`;
  }

  override render() {
    const pile = this.pile;
    if (!pile) return html``;
    const stacked = pile.ref.kind !== 'tableau';
    const topY = stacked ? 0 : Math.max(0, pile.cards.length - 1) * this.fan;
    const markStyle = cssom({ top: `${topY}px` });
    const hintFrom = this.hint === 'from' && this.hintCount > 0 ? Math.max(0, pile.cards.length - this.hintCount) : -1;
    const hintStyle = cssom({
      top: `${stacked ? 0 : hintFrom * this.fan}px`,
      height: `calc(var(--card-h, 112px) + ${stacked ? 0 : (pile.cards.length - 1 - hintFrom) * this.fan}px)`,
    });
    return html`
      <div class="slot" aria-hidden="true">${pile.ref.kind === 'foundation' ? this.renderTakes() : ''}</div>
      ${repeat(
        pile.cards,
        (card) => card.id,
        (card, i) => html`<sol-card
          .card=${card}
          ?selected=${this.selectedFrom >= 0 && i >= this.selectedFrom}
          ?movable=${this.movableFrom >= 0 && i >= this.movableFrom}
          ?data-hint=${hintFrom >= 0 && i >= hintFrom}
          ${cssom({ top: `${stacked ? 0 : i * this.fan}px`, 'z-index': String(i + 1) })}
        ></sol-card>`,
      )}
      ${this.target ? html`<div class="mark target" ${markStyle}></div>` : ''}
      ${hintFrom >= 0 ? html`<div class="mark hint" ${hintStyle}></div>` : ''}
      ${this.hint === 'to' ? html`<div class=${pile.cards.length === 0 ? 'mark hint-to empty' : 'mark hint-to'} ${markStyle}></div>` : ''}
      ${this.cursor ? html`<div class="mark cursor" ${markStyle}></div>` : ''}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-pile': SolPile;
  }
}
