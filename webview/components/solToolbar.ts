import { LitElement, css, html, svg, type SVGTemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { BoardCommand, BoardStrings } from '../../src/protocol/webviewMessages';
import { formatClock } from '../logic/format';

export interface CommandDetail {
  readonly command: BoardCommand;
}

/** Small line icons in the manner of VS Code's codicons (16 × 16, drawn with the text colour). */
const ICONS: Record<'undo' | 'redo' | 'restart' | 'newGame', SVGTemplateResult> = {
  undo: svg`<path d="M5.5 3.5 2 7l3.5 3.5M2.5 7h7a4 4 0 0 1 0 8H7"/>`,
  redo: svg`<path d="M10.5 3.5 14 7l-3.5 3.5M13.5 7h-7a4 4 0 0 0 0 8H9"/>`,
  restart: svg`<path d="M2.5 8a5.5 5.5 0 1 0 1.8-4.1M2.5 1.5v3h3"/>`,
  newGame: svg`<rect x="3.5" y="1.5" width="9" height="13" rx="1.5"/><path d="M8 5.5v5M5.5 8h5"/>`,
};

/**
 * Undo, Redo, Restart and New game on the left; variant, deal, moves and clock on the right.
 * Buttons send `sol-command` events up; every word comes from the host's strings.
 * Hook: the move counter has `data-testid="moves"`, the clock `data-testid="clock"`.
 */
@customElement('sol-toolbar')
export class SolToolbar extends LitElement {
  static override styles = css`
    :host {
      display: flex;
      align-items: center;
      flex-wrap: wrap;
      gap: 4px 16px;
      min-height: 32px;
      container-type: inline-size;
    }
    .actions {
      display: flex;
      gap: 2px;
    }
    button {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      height: 26px;
      padding: 0 8px;
      border: 1px solid var(--vscode-button-border, transparent);
      border-radius: 4px;
      background: transparent;
      color: var(--vscode-foreground);
      font: inherit;
      cursor: pointer;
    }
    button:hover:not(:disabled) {
      background: var(--vscode-toolbar-hoverBackground, rgba(90, 93, 94, 0.31));
    }
    button:active:not(:disabled) {
      background: var(--vscode-toolbar-activeBackground, rgba(99, 102, 103, 0.31));
    }
    button:focus-visible {
      outline: 1px solid var(--vscode-focusBorder);
      outline-offset: -1px;
    }
    button:disabled {
      opacity: 0.4;
      cursor: default;
    }
    svg {
      width: 16px;
      height: 16px;
      flex: none;
      fill: none;
      stroke: currentColor;
      stroke-width: 1.3;
      stroke-linecap: round;
      stroke-linejoin: round;
    }
    .info {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 2px 14px;
      margin-left: auto;
      color: var(--vscode-descriptionForeground);
      font-variant-numeric: tabular-nums;
    }
    .variant {
      color: var(--vscode-foreground);
      font-weight: 600;
    }
    .value {
      color: var(--vscode-foreground);
      margin-left: 4px;
    }
    @container (max-width: 620px) {
      button .label { display: none; }
      button { padding: 0 5px; }
    }
    @container (max-width: 420px) {
      .info { margin-left: 0; gap: 2px 10px; }
    }
  `;

  @property({ attribute: false }) strings?: BoardStrings;
  @property({ type: Boolean }) canUndo = false;
  @property({ type: Boolean }) canRedo = false;
  @property({ type: Number }) moves = 0;
  @property({ type: Number }) seconds = 0;
  @property({ attribute: false }) variantName = '';
  @property({ attribute: false }) dealNumber: number | null = null;

  private send(command: BoardCommand): void {
    this.dispatchEvent(new CustomEvent<CommandDetail>('sol-command', { detail: { command }, bubbles: true, composed: true }));
  }

  private button(command: keyof typeof ICONS, label: string, enabled = true) {
    return html`<button type="button" data-command=${command} title=${label} aria-label=${label} ?disabled=${!enabled}
      @click=${() => this.send(command)}>
      <svg viewBox="0 0 16 16" aria-hidden="true">${ICONS[command]}</svg><span class="label">${label}</span>
    </button>`;
  }

  override render() {
    const s = this.strings;
    if (!s) return html``;
    return html`
      <div class="actions" role="toolbar" aria-label=${s.toolbarLabel}>
        ${this.button('undo', s.undo, this.canUndo)} ${this.button('redo', s.redo, this.canRedo)}
        ${this.button('restart', s.restart, this.canUndo)} ${this.button('newGame', s.newGame)}
      </div>
      <div class="info">
        <span class="variant" data-testid="variant">${this.variantName}</span>
        ${this.dealNumber === null ? '' : html`<span>${s.deal}<span class="value" data-testid="deal">${this.dealNumber}</span></span>`}
        <span>${s.moves}<span class="value" data-testid="moves">${this.moves}</span></span>
        <span>${s.time}<span class="value" data-testid="clock">${formatClock(this.seconds)}</span></span>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-toolbar': SolToolbar;
  }
}
