import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { MarkView } from '../../src/protocol/reviewMessages';

/** Sent up when a mark (or the start) is chosen: the position to show. */
export interface GotoDetail {
  readonly index: number;
}

/**
 * The timeline above the review's board: the start, then one mark per move, coloured and sized
 * by the solver's verdict (still winnable: short; detour: taller; the move that lost the deal:
 * full height; already lost: short and hatched; unknown: dotted), with a dot over moves made with
 * help. Each mark is a button named by its words (`spoken`), in a single tab stop: the mark of
 * the position shown takes the focus, the arrows move through the game (`sol-review` handles
 * them). Clicking a mark sends `sol-goto`.
 * Hooks: `button[data-move]` with `data-kind` (and `data-help`), `aria-current` on the one shown.
 */
@customElement('sol-timeline')
export class SolTimeline extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    .marks {
      display: flex;
      align-items: flex-end;
      gap: 1px;
      height: 28px;
      padding: 4px 2px 2px;
      border-bottom: 1px solid var(--vscode-panel-border, rgba(128, 128, 128, 0.35));
    }
    button {
      flex: 1 1 0;
      min-width: 2px;
      max-width: 14px;
      height: 100%;
      padding: 0;
      margin: 0;
      border: none;
      background: transparent;
      display: flex;
      flex-direction: column;
      justify-content: flex-end;
      align-items: stretch;
      cursor: pointer;
      position: relative;
    }
    .bar {
      display: block;
      height: 40%;
      border-radius: 1px;
      background: var(--sol-mark, var(--vscode-descriptionForeground));
    }
    [data-kind='start'] .bar { height: 100%; background: var(--vscode-foreground); width: 2px; margin: 0 auto; }
    [data-kind='pending'] .bar { background: transparent; border: 1px solid var(--vscode-panel-border, rgba(128, 128, 128, 0.5)); height: 30%; }
    [data-kind='winnable'] .bar { background: var(--vscode-testing-iconPassed, #3fb950); }
    [data-kind='detour'] .bar { height: 70%; background: var(--vscode-editorWarning-foreground, #cca700); }
    [data-kind='losing'] .bar { height: 100%; background: var(--vscode-editorError-foreground, #f14c4c); }
    [data-kind='lost'] .bar {
      background: repeating-linear-gradient(45deg, var(--vscode-editorError-foreground, #f14c4c) 0 2px, transparent 2px 4px);
      opacity: 0.7;
    }
    [data-kind='unknown'] .bar { background: transparent; border: 1px dotted var(--vscode-descriptionForeground); }
    .help {
      position: absolute;
      top: 0;
      left: 50%;
      width: 4px;
      height: 4px;
      margin-left: -2px;
      border-radius: 50%;
      background: var(--vscode-editorLightBulb-foreground, #ffcc00);
    }
    button[aria-current='step'] {
      outline: 2px solid var(--vscode-focusBorder);
      outline-offset: 1px;
      z-index: 1;
    }
    button:focus-visible {
      outline: 2px solid var(--vscode-focusBorder);
      outline-offset: 2px;
    }
    :host-context(body.vscode-high-contrast) .bar,
    :host-context(body.vscode-high-contrast-light) .bar {
      border: 1px solid var(--vscode-contrastBorder, CanvasText);
    }
    @media (forced-colors: active) {
      .bar { forced-color-adjust: none; border: 1px solid CanvasText; }
      [data-kind='losing'] .bar, [data-kind='detour'] .bar { background: Highlight; }
    }
  `;

  @property({ attribute: false }) marks: readonly MarkView[] = [];
  /** The position shown (0: the start). */
  @property({ type: Number }) index = 0;
  @property({ attribute: false }) label = '';
  @property({ attribute: false }) startLabel = '';

  /** Puts the keyboard focus on the mark of the position shown. */
  focusCurrent(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button[aria-current="step"]')?.focus();
  }

  /** Whether a mark has the keyboard focus. */
  get hasFocus(): boolean {
    return this.shadowRoot?.activeElement !== null && this.shadowRoot?.activeElement !== undefined;
  }

  private goto(index: number): void {
    this.dispatchEvent(new CustomEvent<GotoDetail>('sol-goto', { detail: { index }, bubbles: true, composed: true }));
  }

  private mark(index: number, kind: string, label: string, help = false, extra?: number) {
    const current = index === this.index;
    return html`<button type="button" data-move=${index} data-kind=${kind} ?data-help=${help} aria-label=${label} title=${label}
      aria-current=${current ? 'step' : 'false'} tabindex=${current ? 0 : -1} data-extra=${extra ?? ''}
      @click=${() => this.goto(index)}>
      ${help ? html`<span class="help" aria-hidden="true"></span>` : ''}
      <span class="bar" aria-hidden="true"></span>
    </button>`;
  }

  override render() {
    return html`<div class="marks" role="group" aria-label=${this.label}>
      ${this.mark(0, 'start', this.startLabel)}
      ${this.marks.map((mark) => this.mark(mark.move, mark.kind, mark.spoken, mark.help, mark.extra))}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-timeline': SolTimeline;
  }
}
