import { css, html, nothing, type TemplateResult } from 'lit';
import type { BoardCommand, BoardView } from '../../src/protocol/webviewMessages';
import { cssom } from '../logic/cssom';
import { fill, formatClock } from '../logic/format';
import { suitShape } from './suits';

/**
 * The end-of-game panel's styles. The panel is drawn in `sol-board`'s shadow root, so the board
 * adopts these beside its own: no rule from outside reaches it.
 */
export const gameOverStyles = css`
  .overlay {
    position: absolute;
    left: 50%;
    top: 28%;
    transform: translateX(-50%);
    z-index: 2000;
    box-sizing: border-box;
    /* As wide as its buttons in one row (with Review they wrapped at 360 px; a play-test), within the table. */
    width: max-content;
    min-width: min(360px, calc(100% - 24px));
    max-width: min(560px, calc(100% - 24px));
    padding: 18px 20px 16px;
    border-radius: 6px;
    border: 1px solid var(--vscode-editorWidget-border, var(--vscode-panel-border, transparent));
    background: var(--vscode-editorWidget-background, var(--vscode-editor-background));
    color: var(--vscode-editorWidget-foreground, var(--vscode-foreground));
    box-shadow: 0 4px 18px var(--vscode-widget-shadow, rgba(0, 0, 0, 0.36));
    text-align: center;
    animation: pop 220ms cubic-bezier(0.2, 0.8, 0.3, 1.2);
  }
  .overlay h2 {
    margin: 4px 0 6px;
    font-size: 1.35em;
    font-weight: 600;
  }
  .overlay p {
    margin: 0 0 16px;
    /* The panel's own text colour: the dimmer description colour fell below 4.5:1 (axe-core, light theme). */
    color: inherit;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 8px;
  }
  .panel button {
    padding: 5px 14px;
    border: 1px solid var(--vscode-button-border, transparent);
    border-radius: 2px;
    font: inherit;
    cursor: pointer;
    background: var(--vscode-button-secondaryBackground, #3a3d41);
    color: var(--vscode-button-secondaryForeground, #fff);
  }
  .panel button.primary {
    background: var(--vscode-button-background, #0e639c);
    color: var(--vscode-button-foreground, #fff);
  }
  .panel button:hover:not(:disabled) {
    background: var(--vscode-button-secondaryHoverBackground, #45494e);
  }
  .panel button.primary:hover:not(:disabled) {
    background: var(--vscode-button-hoverBackground, #1177bb);
  }
  .panel button:focus-visible {
    outline: 1px solid var(--vscode-focusBorder);
    outline-offset: 2px;
  }
  .panel button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .notice {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 16px;
    margin: 0 0 10px;
    padding: 8px 12px;
    border: 1px solid var(--vscode-editorWidget-border, var(--vscode-panel-border, transparent));
    border-left: 3px solid var(--vscode-editorWarning-foreground, var(--vscode-focusBorder));
    border-radius: 4px;
    background: var(--vscode-editorWidget-background, var(--vscode-editor-background));
    color: var(--vscode-editorWidget-foreground, var(--vscode-foreground));
  }
  .notice h2 {
    margin: 0;
    font-size: 1.1em;
    font-weight: 600;
  }
  .notice p {
    flex: 1 1 200px;
    margin: 0;
  }
  .notice .buttons {
    justify-content: flex-end;
  }
  .suits {
    display: flex;
    justify-content: center;
    gap: 10px;
    height: 22px;
  }
  .suits svg {
    width: 20px;
    height: 20px;
    animation: rise 900ms ease-out both;
    animation-delay: calc(var(--k) * 110ms);
  }
  .suits svg:nth-child(1) { fill: var(--sol-clubs); }
  .suits svg:nth-child(2) { fill: var(--sol-diamonds); }
  .suits svg:nth-child(3) { fill: var(--sol-hearts); }
  .suits svg:nth-child(4) { fill: var(--sol-spades); }
  @keyframes pop {
    from { opacity: 0; transform: translateX(-50%) scale(0.92); }
    to { opacity: 1; transform: translateX(-50%) scale(1); }
  }
  @keyframes rise {
    0% { opacity: 0; transform: translateY(10px) scale(0.6); }
    60% { opacity: 1; transform: translateY(-4px) scale(1.15); }
    100% { opacity: 1; transform: translateY(0) scale(1); }
  }
  @media (prefers-reduced-motion: reduce) {
    .overlay, .suits svg {
      animation: none;
    }
  }
  :host([still]) .overlay, :host([still]) .suits svg {
    animation: none;
  }
`;

/**
 * The end-of-game panel, for `view.status` other than `playing`: at a win a dialog over the
 * table, with the suits rising; when lost or stuck a notice above it. Its buttons hand their
 * command to `send`. Hooks: `data-testid="game-over"`, `data-status`, `data-command`.
 */
export function renderGameOver(view: BoardView, send: (command: BoardCommand) => void): TemplateResult {
  const s = view.strings;
  const button = (command: BoardCommand, label: string, primary = false, enabled = true) =>
    html`<button type="button" class=${primary ? 'primary' : ''} data-command=${command} ?disabled=${!enabled}
      @click=${() => send(command)}>${label}</button>`;
  if (view.status === 'won') {
    return html`<div class="panel overlay" role="dialog" aria-labelledby="over-title" aria-describedby="over-text" data-testid="game-over" data-status="won">
      <div class="suits" aria-hidden="true">
        ${[0, 1, 2, 3].map((suit) => html`<svg viewBox="0 0 100 100" ${cssom({ '--k': String(suit) })}>${suitShape(suit)}</svg>`)}
      </div>
      <h2 id="over-title">${s.wonTitle}</h2>
      <p id="over-text">${fill(view.par !== undefined && s.wonSummaryPar ? s.wonSummaryPar : s.wonSummary, { moves: view.moveCount, time: formatClock(view.elapsedSeconds), par: view.par ?? '' })}${view.withHelp && s.wonWithHelp ? ` ${s.wonWithHelp}` : ''}</p>
      <div class="buttons">${button('newGame', s.newGame, true)} ${button('sameDeal', s.sameDeal)} ${s.review ? button('review', s.review) : nothing}</div>
    </div>`;
  }
  if (view.status === 'lost') {
    return html`<div class="panel notice" role="region" aria-labelledby="over-title" aria-describedby="over-text" data-testid="game-over" data-status="lost">
      <h2 id="over-title">${s.lostTitle}</h2>
      <p id="over-text">${s.lostSummary}</p>
      <div class="buttons">${button('newGame', s.newGame, true)} ${button('sameDeal', s.sameDeal)} ${s.review ? button('review', s.review) : nothing}</div>
    </div>`;
  }
  // Stuck: a plain notice above the table, which stays in view (the player may want to see why).
  return html`<div class="panel notice" role="region" aria-labelledby="over-title" aria-describedby="over-text" data-testid="game-over" data-status="stuck">
    <h2 id="over-title">${s.stuckTitle}</h2>
    <p id="over-text">${s.stuckSummary}</p>
    <div class="buttons">
      ${button('undo', s.undo, view.canUndo, view.canUndo)} ${button('restart', s.restart)} ${button('newGame', s.newGame, !view.canUndo)}
    </div>
  </div>`;
}
