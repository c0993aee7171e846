import { LitElement, css, html, nothing, svg, type PropertyValues, type SVGTemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { BoardCommand, BoardStrings } from '../../src/protocol/webviewMessages';
import { fill, formatClock } from '../logic/format';
import { badgeText } from '../logic/viewState';

export interface CommandDetail {
  readonly command: BoardCommand;
}

/**
 * How long the badge's place is kept once its verdict goes (the host checks the position again
 * after every move, 120 ms or more): where the toolbar wraps around the badge, it lost a line
 * and the table grew and shrank back with every move, each card flying twice (a play-test at
 * 922 px). A verdict that stays away frees the place after this.
 */
const BADGE_PLACE_KEPT_MS = 1500;

/** What the badge showed, to keep its place (see {@link BADGE_PLACE_KEPT_MS}). */
interface ShownBadge {
  readonly verdict: 'winnable' | 'lost';
  readonly lostAtMove: number | undefined;
  readonly winnableBefore: boolean;
  readonly canAsk: boolean;
}

type IconName = 'undo' | 'redo' | 'restart' | 'newGame' | 'hint' | 'solve' | 'playSolution' | 'stopPlayback' | 'winnable' | 'lost';

/** Small line icons in the manner of VS Code's codicons (16 × 16, drawn with the text colour). */
const ICONS: Record<IconName, SVGTemplateResult> = {
  undo: svg`<path d="M5.5 3.5 2 7l3.5 3.5M2.5 7h7a4 4 0 0 1 0 8H7"/>`,
  redo: svg`<path d="M10.5 3.5 14 7l-3.5 3.5M13.5 7h-7a4 4 0 0 0 0 8H9"/>`,
  restart: svg`<path d="M2.5 8a5.5 5.5 0 1 0 1.8-4.1M2.5 1.5v3h3"/>`,
  newGame: svg`<rect x="3.5" y="1.5" width="9" height="13" rx="1.5"/><path d="M8 5.5v5M5.5 8h5"/>`,
  hint: svg`<path d="M6 12h4M6.5 14.5h3M6 12c0-1.6-2.5-2.6-2.5-5.5a4.5 4.5 0 0 1 9 0C12.5 9.4 10 10.4 10 12"/>`,
  solve: svg`<path d="M2 14 9.5 6.5M8.5 5.5l2 2M12 1.5v3M10.5 3h3M13.5 8v2.5M12.25 9.25h2.5M5.5 1.5v2M4.5 2.5h2"/>`,
  playSolution: svg`<path d="M4.5 2.5v11l9-5.5z"/>`,
  stopPlayback: svg`<rect x="3.5" y="3.5" width="9" height="9" rx="1"/>`,
  winnable: svg`<circle cx="8" cy="8" r="6.5"/><path d="M5.2 8.3 7.1 10.2l3.8-4.2"/>`,
  lost: svg`<circle cx="8" cy="8" r="6.5"/><path d="m5.8 5.8 4.4 4.4m0-4.4-4.4 4.4"/>`,
};

/**
 * Undo, Redo, Restart and New game, then Hint, Solve and Play solution (Stop while a solution
 * plays) on the left; the solver's badge ("still winnable" or "not winnable any more", with
 * Undo to winnable and Accept loss) after them; variant, deal, moves and clock on the right.
 * Buttons send `sol-command` events up, and `sol-focus-dropped` when an update takes away or
 * disables the button that had the focus; every word comes from the host's strings.
 * Hooks: the move counter has `data-testid="moves"`, the clock `data-testid="clock"`, the
 * badge `data-testid="badge"` with `data-verdict`, the par `data-testid="par"`; every button has `data-command`.
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
      flex-wrap: wrap;
      align-items: center;
      gap: 2px;
    }
    .separator {
      width: 1px;
      height: 16px;
      margin: 0 6px;
      background: var(--vscode-menu-separatorBackground, var(--vscode-panel-border, rgba(128, 128, 128, 0.35)));
    }
    button.playing {
      color: var(--sol-playing, var(--vscode-foreground));
    }
    .badge {
      display: inline-flex;
      align-items: center;
      flex-wrap: wrap;
      gap: 6px;
      --badge-colour: var(--vscode-testing-iconPassed, var(--vscode-charts-green, #388a34));
    }
    .badge.kept {
      visibility: hidden;
    }
    .badge[data-verdict='lost'] {
      --badge-colour: var(--vscode-testing-iconFailed, var(--vscode-errorForeground, #e51400));
    }
    .pill {
      display: inline-flex;
      align-items: center;
      gap: 5px;
      box-sizing: border-box;
      height: 22px;
      padding: 0 10px 0 5px;
      border-radius: 11px;
      border: 1px solid color-mix(in srgb, var(--badge-colour) var(--sol-badge-edge, 50%), transparent);
      background: color-mix(in srgb, var(--badge-colour) var(--sol-badge-tint, 13%), transparent);
      color: var(--vscode-foreground);
      white-space: nowrap;
      font-size: 0.92em;
    }
    .pill svg {
      stroke: var(--badge-colour);
      stroke-width: 1.4;
    }
    .badge-actions {
      display: inline-flex;
      gap: 6px;
    }
    .badge button {
      height: 22px;
      padding: 0 8px;
      border-radius: 2px;
      background: var(--vscode-button-secondaryBackground, #3a3d41);
      color: var(--vscode-button-secondaryForeground, #fff);
      font-size: 0.92em;
    }
    .badge button:hover:not(:disabled) {
      background: var(--vscode-button-secondaryHoverBackground, #45494e);
    }
    .badge button:focus-visible {
      outline-offset: 1px;
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
    /* Outside the border: some themes draw button borders in the focus colour, and a ring drawn
       over the border did not show at all. */
    button:focus-visible {
      outline: 1px solid var(--vscode-focusBorder);
      outline-offset: 1px;
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
    @container (max-width: 900px) {
      .solver .label { display: none; }
      .solver { padding: 0 5px; }
    }
    @container (max-width: 620px) {
      .actions button .label { display: none; }
      .actions button { padding: 0 5px; }
    }
    @container (max-width: 420px) {
      .info { margin-left: 0; gap: 2px 10px; }
    }
    /* A board a sidebar squeezes to a few hundred pixels: the badge's words and buttons wrap
       within the width instead of running past it (the page scrolled both ways). */
    @container (max-width: 360px) {
      .badge, .badge-actions { max-width: 100%; flex-wrap: wrap; }
      .pill, .badge button { height: auto; min-height: 22px; max-width: 100%; padding-block: 2px; white-space: normal; text-align: start; }
    }
  `;

  @property({ attribute: false }) strings?: BoardStrings;
  @property({ type: Boolean }) canUndo = false;
  @property({ type: Boolean }) canRedo = false;
  @property({ type: Number }) moves = 0;
  @property({ type: Number }) seconds = 0;
  @property({ attribute: false }) variantName = '';
  @property({ attribute: false }) dealNumber: number | null = null;
  /** Hint, Solve and Play solution make sense (not after a win). */
  @property({ type: Boolean }) canAsk = true;
  /** A solution is being played out: Stop instead of Play solution. */
  @property({ type: Boolean }) playing = false;
  @property({ attribute: false }) verdict: 'winnable' | 'lost' | undefined;
  @property({ attribute: false }) lostAtMove: number | undefined;
  /** An earlier position was proved winnable: Undo to Winnable is offered. */
  @property({ attribute: false }) winnableBefore = false;
  /** The deal's par, once the background search found it. */
  @property({ attribute: false }) par: number | undefined;

  /** The badge that went, while its place is kept. */
  private kept: ShownBadge | undefined;
  private keptTimer: ReturnType<typeof setTimeout> | undefined;

  /** The button that had the focus before this update: the update may remove or disable it. */
  private focusedButton: HTMLButtonElement | undefined;

  protected override willUpdate(changed: PropertyValues<this>): void {
    const focused = this.shadowRoot?.activeElement;
    this.focusedButton = focused instanceof HTMLButtonElement ? focused : undefined;
    const before = changed.get('verdict');
    if (this.verdict !== undefined) this.dropKept();
    else if (changed.has('verdict') && before !== undefined) {
      // As the badge was drawn: the values before this update where they changed with it.
      this.dropKept();
      this.kept = {
        verdict: before,
        lostAtMove: changed.has('lostAtMove') ? changed.get('lostAtMove') : this.lostAtMove,
        winnableBefore: changed.has('winnableBefore') ? (changed.get('winnableBefore') ?? false) : this.winnableBefore,
        canAsk: changed.has('canAsk') ? (changed.get('canAsk') ?? true) : this.canAsk,
      };
      this.keptTimer = setTimeout(() => {
        this.dropKept();
        this.requestUpdate();
      }, BADGE_PLACE_KEPT_MS);
    }
  }

  protected override updated(): void {
    const was = this.focusedButton;
    this.focusedButton = undefined;
    // Its button gone, kept unseen or disabled (Restart once restarted, Undo with nothing left to
    // undo), the focus would fall to the page: the board takes it, whose keys the player was
    // using (play-tests: Enter then picked up a card unseen).
    if (was && (!was.isConnected || was.disabled || was.closest('[inert]'))) {
      this.dispatchEvent(new CustomEvent('sol-focus-dropped', { bubbles: true, composed: true }));
    }
  }

  private dropKept(): void {
    if (this.keptTimer !== undefined) clearTimeout(this.keptTimer);
    this.keptTimer = undefined;
    this.kept = undefined;
  }

  override disconnectedCallback(): void {
    this.dropKept();
    super.disconnectedCallback();
  }

  private send(command: BoardCommand): void {
    this.dispatchEvent(new CustomEvent<CommandDetail>('sol-command', { detail: { command }, bubbles: true, composed: true }));
  }

  private button(command: BoardCommand & IconName, label: string, enabled = true, kind = '') {
    return html`<button type="button" class=${kind} data-command=${command} title=${label} aria-label=${label} ?disabled=${!enabled}
      @click=${() => this.send(command)}>
      ${icon(command)}<span class="label">${label}</span>
    </button>`;
  }

  private renderBadge(s: BoardStrings) {
    const verdict = this.verdict;
    if (verdict !== undefined) return this.badge(s, { verdict, lostAtMove: this.lostAtMove, winnableBefore: this.winnableBefore, canAsk: this.canAsk }, false);
    // Its place, unseen and out of reach (no focus, no clicks, nothing read out).
    return this.kept ? this.badge(s, this.kept, true) : nothing;
  }

  private badge(s: BoardStrings, shown: ShownBadge, kept: boolean) {
    const { verdict } = shown;
    const text = badgeText(s, verdict, shown.lostAtMove);
    const small = (command: BoardCommand, label: string) =>
      html`<button type="button" data-command=${command} @click=${() => this.send(command)}>${label}</button>`;
    return html`<div
      class=${kept ? 'badge kept' : 'badge'}
      data-testid=${kept ? 'badge-kept' : 'badge'}
      data-verdict=${verdict}
      aria-hidden=${kept ? 'true' : nothing}
      ?inert=${kept}
    >
      <span class="pill">${icon(verdict)}<span data-testid=${kept ? nothing : 'badge-text'}>${text}</span></span>
      ${verdict === 'lost' && shown.canAsk
        ? html`<span class="badge-actions">
            ${shown.winnableBefore ? small('undoToWinnable', s.undoToWinnable) : nothing} ${small('acceptLoss', s.acceptLoss)}
          </span>`
        : nothing}
    </div>`;
  }

  override render() {
    const s = this.strings;
    if (!s) return html``;
    // Nothing to play on a position proved lost; Hint and Solve stay on and say why.
    const canPlay = this.canAsk && this.verdict !== 'lost';
    return html`
      <div class="actions" role="toolbar" aria-label=${s.toolbarLabel}>
        ${this.button('undo', s.undo, this.canUndo)} ${this.button('redo', s.redo, this.canRedo)}
        ${this.button('restart', s.restart, this.canUndo)} ${this.button('newGame', s.newGame)}
        <span class="separator" aria-hidden="true"></span>
        ${this.button('hint', s.hint, this.canAsk, 'solver')} ${this.button('solve', s.solve, this.canAsk, 'solver')}
        ${this.playing
          ? this.button('stopPlayback', s.stopPlayback, true, 'solver playing')
          : this.button('playSolution', s.playSolution, canPlay, 'solver')}
      </div>
      ${this.renderBadge(s)}
      <div class="info">
        <span class="variant" data-testid="variant">${this.variantName}</span>
        ${this.dealNumber === null ? '' : html`<span>${s.deal}<span class="value" data-testid="deal">${this.dealNumber}</span></span>`}
        <span>${s.moves}<span class="value" data-testid="moves">${this.moves}</span></span>
        ${this.par !== undefined && s.par
          ? html`<span class="par" data-testid="par" title=${s.parHelp ?? nothing}>${fill(s.par, { par: this.par })}</span>`
          : nothing}
        <span>${s.time}<span class="value" data-testid="clock">${formatClock(this.seconds)}</span></span>
      </div>
    `;
  }
}

function icon(name: IconName) {
  return html`<svg viewBox="0 0 16 16" aria-hidden="true">${ICONS[name]}</svg>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-toolbar': SolToolbar;
  }
}
