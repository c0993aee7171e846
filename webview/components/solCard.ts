import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { CardView } from '../../src/protocol/webviewMessages';
import { cardCode } from '../logic/format';
import { suitShape } from './suits';

/**
 * One card, drawn with CSS and SVG: rank and suit in the top-left corner (the part that shows
 * in a fanned column), the same upside down in the bottom-right one, and a big suit symbol.
 * Size comes from the inherited `--card-w`, `--card-h` and `--corner-font`; colours from the
 * `--sol-*` variables that `sol-board` derives from the VS Code theme.
 *
 * Hooks: `data-card="7C"`, `data-card-id="24"`, `role="img"` with the spoken name.
 */
@customElement('sol-card')
export class SolCard extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: absolute;
      left: 0;
      width: var(--card-w, 80px);
      height: var(--card-h, 112px);
      box-sizing: border-box;
      border-radius: calc(var(--card-w, 80px) * 0.07);
      background: var(--sol-card-face);
      border: 1px solid var(--sol-card-border);
      box-shadow: var(--sol-card-shadow);
      color: var(--sol-black);
      user-select: none;
      -webkit-user-select: none;
      touch-action: none;
      cursor: default;
      contain: layout paint;
    }
    :host([suit='0']) { color: var(--sol-clubs); }
    :host([suit='1']) { color: var(--sol-diamonds); }
    :host([suit='2']) { color: var(--sol-hearts); }
    :host([suit='3']) { color: var(--sol-spades); }
    :host([movable]) { cursor: grab; }
    :host([selected]) {
      outline: 2px solid var(--sol-selected);
      outline-offset: -1px;
      box-shadow: var(--sol-card-lift);
    }
    :host([dragging]) {
      cursor: grabbing;
      box-shadow: var(--sol-card-lift);
      z-index: 1000;
    }
    .corner {
      position: absolute;
      display: flex;
      align-items: center;
      gap: calc(var(--corner-font, 16px) * 0.08);
      font-family: var(--vscode-font-family, system-ui, sans-serif);
      font-size: var(--corner-font, 16px);
      font-weight: 600;
      line-height: 1;
      letter-spacing: -0.04em;
      white-space: nowrap;
    }
    .top {
      top: calc(var(--card-w, 80px) * 0.05);
      left: calc(var(--card-w, 80px) * 0.06);
    }
    .bottom {
      bottom: calc(var(--card-w, 80px) * 0.05);
      right: calc(var(--card-w, 80px) * 0.06);
      transform: rotate(180deg);
    }
    .corner svg {
      width: 0.86em;
      height: 0.86em;
      fill: currentColor;
    }
    .pip {
      position: absolute;
      left: 50%;
      top: 55%;
      width: 46%;
      transform: translate(-50%, -50%);
      fill: currentColor;
      opacity: 0.92;
    }
    .court {
      position: absolute;
      left: 50%;
      top: 55%;
      transform: translate(-50%, -50%);
      font-family: var(--vscode-font-family, system-ui, sans-serif);
      font-size: calc(var(--card-w, 80px) * 0.42);
      font-weight: 700;
      line-height: 1;
      opacity: 0.9;
    }
    .court svg {
      display: block;
      margin: 0 auto;
      width: 0.5em;
      height: 0.5em;
      fill: currentColor;
    }
    @media (forced-colors: active) {
      :host { border-color: CanvasText; }
    }
  `;

  @property({ attribute: false }) card?: CardView;
  @property({ type: Boolean, reflect: true }) selected = false;
  @property({ type: Boolean, reflect: true }) movable = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('card') && this.card) {
      this.dataset.card = cardCode(this.card);
      this.dataset.cardId = String(this.card.id);
      this.setAttribute('suit', String(this.card.suit));
      this.setAttribute('role', 'img');
      this.setAttribute('aria-label', this.card.spoken);
    }
  }

  override render() {
    const card = this.card;
    if (!card) return nothing;
    const shape = suitShape(card.suit);
    const symbol = html`<svg viewBox="0 0 100 100" aria-hidden="true">${shape}</svg>`;
    const middle =
      card.rank > 10
        ? html`<div class="court" aria-hidden="true">${card.rankLabel}${symbol}</div>`
        : html`<svg class="pip" viewBox="0 0 100 100" aria-hidden="true">${shape}</svg>`;
    return html`
      <div class="corner top" aria-hidden="true">${card.rankLabel}${symbol}</div>
      ${middle}
      <div class="corner bottom" aria-hidden="true">${card.rankLabel}${symbol}</div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-card': SolCard;
  }
}
