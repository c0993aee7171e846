import { css } from 'lit';

/**
 * The board's own styles (sol-board's shadow root): the page's column of toolbar and table, the
 * table that scrolls sideways when too narrow for the smallest card, the visually hidden live
 * region, and the placeholders while the first view loads.
 */
export const boardStyles = css`
  :host {
    --side-padding: 12px;
    display: flex;
    flex-direction: column;
    position: relative;
    box-sizing: border-box;
    min-height: 100vh;
    padding: 8px var(--side-padding) 0;
    color: var(--vscode-foreground);
    font-family: var(--vscode-font-family);
    font-size: var(--vscode-font-size, 13px);
    outline: none;
  }
  /* In the review the board sits below the page's controls: a whole window's height more made the page scroll (a play-test). */
  :host([review]) {
    min-height: 0;
  }
  sol-toolbar {
    margin-bottom: 10px;
  }
  .table {
    position: relative;
    flex: none;
    margin: 0 auto;
    touch-action: none;
  }
  /*
   * Below the smallest card (Baker's Dozen's 13 columns under about 580 px) the table scrolls
   * sideways on its own, under a toolbar that stays in view; the page scrolled, toolbar and
   * counters with it, and VS Code showed that scrollbar only on hover. The box reaches into the
   * board's side padding, and pads the table (and the scrolling to a pile), so that the keyboard
   * cursor's ring (7 px outside its pile) is not clipped at the first and last columns or the
   * top row.
   */
  .table-scroll {
    flex: none;
    box-sizing: border-box;
    margin: 0 calc(-1 * var(--side-padding));
    padding: 8px var(--side-padding);
    scroll-padding: 0 var(--side-padding);
    overflow-x: auto;
    overflow-y: hidden;
    scrollbar-color: var(--vscode-scrollbarSlider-activeBackground, rgba(128, 128, 128, 0.6)) transparent;
  }
  sol-pile {
    z-index: 0;
  }
  /* For screen readers only: the live region takes no room and shows nothing (not display: none). */
  .visually-hidden {
    position: absolute !important;
    width: 1px !important;
    height: 1px !important;
    padding: 0 !important;
    margin: -1px !important;
    overflow: hidden !important;
    clip: rect(0 0 0 0) !important;
    clip-path: inset(50%) !important;
    white-space: nowrap !important;
    border: 0 !important;
  }
  .loading sol-pile,
  .loading .placeholder {
    position: absolute;
    box-sizing: border-box;
    width: var(--card-w);
    height: var(--card-h);
    border-radius: calc(var(--card-w) * 0.07);
    border: 1px dashed var(--sol-slot-border);
    animation: breathe 1.6s ease-in-out infinite alternate;
  }
  @keyframes breathe {
    from { opacity: 0.25; }
    to { opacity: 0.6; }
  }
  @media (prefers-reduced-motion: reduce) {
    .loading sol-pile, .loading .placeholder {
      animation: none;
    }
  }
`;
