import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { cssom } from '../logic/cssom';
import type { PileView } from '../../src/protocol/webviewMessages';
import { pileKey } from '../logic/format';
import './solCard';

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
 * Hook: `data-pile="tableau-0"` / `"cell-2"` / `"foundation-1"`.
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
    :host([kind='foundation']) .slot {
      border-style: solid;
      background: var(--sol-slot-fill);
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    const pile = this.pile;
    if (!pile) return;
    if (changed.has('pile')) {
      this.dataset.pile = pileKey(pile.ref);
      this.setAttribute('kind', pile.ref.kind);
      this.setAttribute('role', 'group');
    }
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

  override render() {
    const pile = this.pile;
    if (!pile) return html``;
    const stacked = pile.ref.kind !== 'tableau';
    const topY = stacked ? 0 : Math.max(0, pile.cards.length - 1) * this.fan;
    const markStyle = cssom({ top: `${topY}px` });
    return html`
      <div class="slot" aria-hidden="true"></div>
      ${repeat(
        pile.cards,
        (card) => card.id,
        (card, i) => html`<sol-card
          .card=${card}
          ?selected=${this.selectedFrom >= 0 && i >= this.selectedFrom}
          ?movable=${this.movableFrom >= 0 && i >= this.movableFrom}
          ${cssom({ top: `${stacked ? 0 : i * this.fan}px`, 'z-index': String(i + 1) })}
        ></sol-card>`,
      )}
      ${this.target ? html`<div class="mark target" ${markStyle}></div>` : ''}
      ${this.cursor ? html`<div class="mark cursor" ${markStyle}></div>` : ''}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-pile': SolPile;
  }
}
