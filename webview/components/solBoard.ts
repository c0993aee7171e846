import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import type {
  BoardCommand,
  BoardView,
  HostToWebviewMessage,
  MoveMessage,
  MoveView,
  PileRefView,
  PileView,
  WebviewToHostMessage,
} from '../../src/protocol/webviewMessages';
import { Announcer } from '../controllers/announcer';
import { DragController } from '../controllers/dragController';
import { reducedMotion } from '../controllers/flip';
import { KeyboardController } from '../controllers/keyboardController';
import { MotionController } from '../controllers/motionController';
import { RefusalCue } from '../controllers/refusalCue';
import { cssom } from '../logic/cssom';
import { samePile } from '../logic/format';
import { computeLayout, type Layout } from '../logic/layout';
import { legalCounts, movesFor, moveTo, pileOf, quickMove, selectionAt, type Selection } from '../logic/selection';
import { hasEnded, wonKey } from '../logic/viewState';
import { gameOverStyles, renderGameOver } from './gameOver';
import { boardStyles } from './solBoardStyles';
import type { SelectDetail } from './solPile';
import type { CommandDetail } from './solToolbar';
import './solPile';
import './solToolbar';

/** How the board reaches the host; `main.ts` passes VS Code's API, tests may pass their own. */
export type PostMessage = (message: WebviewToHostMessage) => void;

/** Space kept under the table (the status line is visually hidden, so only a margin). */
const STATUS_RESERVE = 12;

/**
 * The board: toolbar (with the solver's badge), top row (free cells left, foundations right,
 * see webview/logic/layout.ts), tableau, a visually hidden polite live region for screen
 * readers, and the end-of-game panel. It draws the host's `BoardView`, turns
 * clicks, drags and keys into moves taken from `view.legalMoves`, and posts them.
 *
 * Keyboard (also in the toolbar's tooltip, from `strings.keyboardHelp`):
 * - arrows move the cursor between piles: Left/Right within a row, Up/Down between the top row
 *   and the tableau; Home/End go to the ends of the row;
 * - Enter or Space picks up the top card of the pile under the cursor (the shortest run that
 *   may move); pressing it again on the same pile, before moving the cursor, picks up the next
 *   longer run that may move (and wraps around to the shortest);
 * - with cards held, arrows choose the target and Enter or Space puts them there (a pile that
 *   is no legal target is refused and the cards stay held); Escape puts them back;
 * - `u` undo, `r` redo, `n` new game, `h` hint (the host plays the hinted move when asked again);
 * - these keys pressed with nothing focused first bring the focus (and the cursor) to the board,
 *   which also takes the focus after a new deal or when the focused button goes;
 * - while a solution plays (`view.playingSolution`), Escape or any attempt to move (picking up,
 *   dragging, a move) first posts `stopPlayback`.
 *
 * The solver's help: `view.hint` lights the cards to move and their target (and is announced
 * once per new hint); `view.verdict` shows the badge in the toolbar (announced once per change).
 *
 * Hooks: `data-seq` reflects the view's seq; `data-testid="announcer"` is the live region,
 * `data-testid="game-over"` the end-of-game panel.
 */
@customElement('sol-board')
export class SolBoard extends LitElement {
  static override styles = [boardStyles, gameOverStyles];

  @state() private view: BoardView | undefined;
  /** Review mode (`sol-review` draws it): a position to look at, without toolbar, panels or keys. */
  @property({ type: Boolean, reflect: true }) review = false;
  @state() private selection: Selection | undefined;
  @state() private seconds = 0;
  @state() private size = { width: 0, height: 0 };

  @query('.table') private table?: HTMLElement;
  /** The table's own box when it scrolls sideways (below the smallest card). */
  @query('.table-scroll') private tableScroll?: HTMLElement;
  @query('sol-toolbar') private toolbar?: HTMLElement;

  /** Set by `main.ts`; until then nothing is posted. */
  post: PostMessage = () => undefined;

  private layout: Layout | undefined;
  /** A move was posted on this seq; further input waits for the host's answer. */
  private waitingOn: { seq: number; since: number } | undefined;
  /** The seq on which `stopPlayback` was last posted, so a burst of input posts it once. */
  private stopPostedOn = -1;
  private observedToolbar: HTMLElement | undefined;
  private clockStart = 0;
  private clockTimer: ReturnType<typeof setInterval> | undefined;
  private readonly resizeObserver = new ResizeObserver(() => this.measure());
  /** The window size and view at which {@link dropIdleScrollbar} last acted: once for each until the window is resized (no loop). */
  private idleScrollbarDroppedAt = '';
  private readonly announcer = new Announcer({ view: () => this.view, requestUpdate: () => this.requestUpdate() });
  private readonly drag = new DragController({
    element: this,
    beginDrag: (pile, cardIndex) => this.beginDrag(pile, cardIndex),
    drop: (target) => this.dropOn(target),
    piles: () => this.pileElements(),
    table: () => this.tableScroll ?? this.table ?? undefined,
    animate: () => this.animationsOn(),
  });
  private readonly motion = new MotionController({
    view: () => this.view,
    piles: () => this.pileElements(),
    animate: () => this.animationsOn(),
    focusPanel: () => this.focusOverlay(),
    requestUpdate: () => this.requestUpdate(),
  });
  private readonly refusals = new RefusalCue({
    view: () => this.view,
    piles: () => this.pileElements(),
    animate: () => this.animationsOn(),
    announcer: this.announcer,
    stopPlayback: () => this.stopPlayback(),
  });
  private readonly keyboard = new KeyboardController({
    element: this,
    view: () => this.view,
    review: () => this.review,
    layout: () => this.layout,
    selection: () => this.selection,
    mayAct: () => this.mayAct(),
    announcer: this.announcer,
    refusals: this.refusals,
    pick: (selection) => this.pick(selection),
    cancel: () => this.cancel(),
    sendMove: (move) => this.sendMove(move),
    sendCommand: (command) => this.sendCommand(command),
    stopPlayback: () => this.stopPlayback(),
    requestUpdate: () => this.requestUpdate(),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    this.setAttribute('role', 'application');
    window.addEventListener('message', this.onMessage);
    window.addEventListener('resize', this.onResize);
    this.addEventListener('sol-select', this.onSelect as EventListener);
    this.addEventListener('sol-command', this.onCommand as EventListener);
    this.keyboard.watch(this.renderRoot);
    this.resizeObserver.observe(this);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('message', this.onMessage);
    window.removeEventListener('resize', this.onResize);
    this.resizeObserver.disconnect();
    this.stopClock();
    super.disconnectedCallback();
  }

  /** Applies a message from the host. */
  receive(message: HostToWebviewMessage): void {
    if (message.type === 'state') this.show(message.view);
    else if (message.type === 'refused') this.refused(message.message);
  }

  // ---- host messages -------------------------------------------------------------------

  private readonly onMessage = (event: MessageEvent<unknown>): void => {
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    const type = (data as { type?: unknown }).type;
    if (type === 'state' || type === 'refused') this.receive(data as HostToWebviewMessage);
  };

  private show(view: BoardView): void {
    const previous = this.view;
    // Late views of the same game are dropped; a view of another game is always drawn (the host
    // has moved on, whatever the number of the view on the board).
    const sameGame = previous !== undefined && previous.gameId === view.gameId;
    if (previous && sameGame && view.seq < previous.seq) return;
    this.waitingOn = undefined;
    if (!(previous && sameGame && this.selection && this.stillHolds(previous, view, this.selection))) {
      this.selection = undefined;
      this.keyboard.forgetPickUp();
    }
    if (previous && sameGame && view.moveCount !== previous.moveCount) this.motion.moved();
    this.view = view;
    this.keyboard.clamp(view);
    this.startClock(view);
    // In a review only the review speaks (the board said moves again, some wrongly: a play-test).
    if (!this.review) this.announcer.viewShown(previous, view);
  }

  /** A new view of the same position (say, the clock paused) keeps what the player holds. */
  private stillHolds(previous: BoardView, view: BoardView, held: Selection): boolean {
    const ids = (v: BoardView) => pileOf(v, held.from)?.cards.map((c) => c.id).join(',');
    return view.moveCount === previous.moveCount && ids(view) === ids(previous) && movesFor(view, held.from, held.count).length > 0;
  }

  private refused(message: string): void {
    this.waitingOn = undefined;
    this.selection = undefined;
    this.drag.snapBackDropped();
    this.announcer.announce(message);
  }

  // ---- clock -----------------------------------------------------------------------------

  private startClock(view: BoardView): void {
    this.stopClock();
    this.seconds = view.elapsedSeconds;
    if (!view.clockRunning) return;
    this.clockStart = performance.now();
    this.clockTimer = setInterval(() => {
      const seconds = view.elapsedSeconds + Math.floor((performance.now() - this.clockStart) / 1000);
      if (seconds !== this.seconds) this.seconds = seconds;
    }, 250);
  }

  private stopClock(): void {
    if (this.clockTimer !== undefined) clearInterval(this.clockTimer);
    this.clockTimer = undefined;
  }

  // ---- size ------------------------------------------------------------------------------

  private readonly onResize = (): void => {
    // A window back at a size where an idle scrollbar was dropped may get one again.
    this.idleScrollbarDroppedAt = '';
    this.measure();
  };

  private measure(): void {
    const style = getComputedStyle(this);
    const width = this.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = this.tableRoom();
    if (Math.abs(width - this.size.width) > 0.5 || Math.abs(height - this.size.height) > 0.5) this.size = { width, height };
  }

  /** The height the table may take: from its top down to the window's bottom, less the status reserve and what its scroll box takes below it. */
  private tableRoom(): number {
    const top = this.table ? this.table.getBoundingClientRect().top + window.scrollY : 60;
    return window.innerHeight - top - STATUS_RESERVE - this.roomBelowTable();
  }

  /**
   * What the box of a table that scrolls sideways takes below the table (its padding and its
   * scrollbar; 0 without that box): room the table must leave, or the page grows taller than the
   * tab and scrolls up and down as well (by 3 px in VS Code, whose scrollbars take room, before
   * this was left).
   */
  private roomBelowTable(): number {
    const scroll = this.tableScroll;
    if (!scroll || !this.table) return 0;
    return Math.max(0, scroll.getBoundingClientRect().bottom - this.table.getBoundingClientRect().bottom);
  }

  /**
   * A vertical scrollbar with nothing to scroll: beside it the page is narrower, the toolbar can
   * take a line less and the table, sized for that, fits; without it the toolbar takes the line
   * back and the table would overflow until measured again, so the browser keeps the scrollbar
   * (a play-test of Baker's Game in a 448 px tab). The page may not scroll for two frames
   * (media/board.css), in which the board measures itself without the scrollbar. Hiding it
   * resizes no window, so at one size it acts once for a view.
   */
  private dropIdleScrollbar(): void {
    const root = document.documentElement;
    if (window.innerWidth - root.clientWidth <= 0 || root.scrollHeight > root.clientHeight) return;
    const at = `${window.innerWidth}x${window.innerHeight}/${this.view?.seq ?? -1}`;
    if (at === this.idleScrollbarDroppedAt) return;
    this.idleScrollbarDroppedAt = at;
    root.classList.add('sol-refit');
    requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('sol-refit')));
  }

  /** The pile the keyboard cursor moved to, scrolled into the table's box when the table scrolls sideways. */
  private showCursorPile(): void {
    // Only while the table scrolls: no search for the cursor's pile after every other render.
    if (!this.tableScroll) return;
    const pile = this.renderRoot.querySelector<HTMLElement>('sol-pile[cursor]');
    const key = pile?.dataset.pile;
    if (key === this.cursorShown) return;
    this.cursorShown = key;
    pile?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  private cursorShown: string | undefined;

  // ---- lifecycle and animation -----------------------------------------------------------

  private animationsOn(): boolean {
    return (this.view?.animations ?? true) && !reducedMotion();
  }

  private pileElements(): { ref: PileRefView; element: HTMLElement }[] {
    const view = this.view;
    if (!view || !this.renderRoot) return [];
    const result: { ref: PileRefView; element: HTMLElement }[] = [];
    for (const element of this.renderRoot.querySelectorAll<HTMLElement>('sol-pile[data-pile]')) {
      const [kind, index] = (element.dataset.pile ?? '').split('-');
      const ref = { kind, index: Number(index) } as PileRefView;
      if (pileOf(view, ref)) result.push({ ref, element });
    }
    return result;
  }

  protected override willUpdate(changed: PropertyValues): void {
    const view = this.view;
    const before = changed.get('view') as BoardView | undefined;
    this.keyboard.beforeUpdate();
    if (changed.has('view') && before && view) {
      this.motion.remember(before, view);
      this.drag.clear();
    }
    if (changed.has('view') && view) this.motion.holdWonPanel(view, before);
    if (view) {
      this.layout = computeLayout({
        width: this.size.width,
        height: this.size.height,
        columns: view.columns.length,
        cells: view.cells.length,
        foundations: view.foundations.length,
        columnLengths: view.columns.map((c) => c.cards.length),
      });
      this.dataset.seq = String(view.seq);
      this.toggleAttribute('four-colour', view.fourColourDeck);
      this.toggleAttribute('still', !this.animationsOn());
      this.setAttribute('aria-label', view.strings.boardLabel);
      this.setAttribute('aria-busy', 'false');
    } else {
      this.layout = computeLayout({ width: this.size.width, height: this.size.height, columns: 8, cells: 4, foundations: 4, columnLengths: [] });
      this.setAttribute('aria-busy', 'true');
    }
  }

  protected override updated(changed: PropertyValues): void {
    const toolbar = this.toolbar;
    if (toolbar && toolbar !== this.observedToolbar) {
      // The toolbar grows a line when the badge does not fit beside the buttons: the table moves down.
      this.observedToolbar = toolbar;
      this.resizeObserver.observe(toolbar);
    }
    if (changed.has('view') || Math.abs(this.tableRoom() - this.size.height) > 0.5) this.measure();
    this.motion.play(changed.has('view'));
    this.showCursorPile();
    this.dropIdleScrollbar();
    this.keyboard.afterUpdate(changed.get('view') as BoardView | undefined);
    const view = this.view;
    if (changed.has('view') && view && view.status !== 'playing' && (changed.get('view') as BoardView | undefined)?.status === 'playing') {
      if (view.status !== 'won' || this.motion.wonPanel === wonKey(view)) void this.focusOverlay();
    }
  }

  private async focusOverlay(): Promise<void> {
    if (!this.matches(':focus-within') && document.activeElement !== this) return;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('.panel button.primary:not(:disabled), .panel button:not(:disabled)')?.focus();
  }

  // ---- moves ---------------------------------------------------------------------------

  private mayAct(): boolean {
    const view = this.view;
    if (!view) return false;
    if (this.waitingOn && this.waitingOn.seq === view.seq && performance.now() - this.waitingOn.since < 1500) return false;
    return true;
  }

  /** While a solution plays, the player's first move attempt (or Escape) stops it. */
  private stopPlayback(): void {
    const view = this.view;
    if (!view?.playingSolution || this.stopPostedOn === view.seq) return;
    this.stopPostedOn = view.seq;
    this.post({ type: 'command', command: 'stopPlayback' });
  }

  private sendMove(move: MoveView): void {
    const view = this.view;
    if (!view) return;
    this.stopPlayback();
    const message: MoveMessage = { type: 'move', seq: view.seq, gameId: view.gameId, from: move.from, to: move.to, count: move.count };
    this.selection = undefined;
    this.waitingOn = { seq: view.seq, since: performance.now() };
    this.dispatchEvent(new CustomEvent<MoveMessage>('sol-move', { detail: message, bubbles: true, composed: true }));
    this.post(message);
  }

  private sendCommand(command: BoardCommand): void {
    this.selection = undefined;
    if (command === 'stopPlayback' && this.view) this.stopPostedOn = this.view.seq;
    this.post({ type: 'command', command });
  }

  private cancel(): void {
    if (!this.selection) return;
    this.selection = undefined;
    this.keyboard.forgetPickUp();
    const s = this.view?.strings;
    if (s) this.announcer.announce(s.announceCancel);
  }

  private pick(selection: Selection): void {
    this.stopPlayback();
    this.selection = selection;
    this.announcer.pickUp(selection);
  }

  // ---- mouse ---------------------------------------------------------------------------

  private readonly onSelect = (event: CustomEvent<SelectDetail>): void => {
    const view = this.view;
    if (!view || !this.mayAct() || hasEnded(view)) return;
    const { pile: ref, cardIndex, double } = event.detail;
    const pile = pileOf(view, ref);
    if (!pile) return;
    this.keyboard.follow(view, ref);
    if (double) {
      this.selection = undefined;
      const top = pile.cards.length - 1;
      if (cardIndex !== top || top < 0) return;
      const move = quickMove(view, ref);
      if (move) this.sendMove(move);
      else this.refusals.nowhere(pile, top);
      return;
    }
    const held = this.selection;
    if (held) {
      if (samePile(held.from, ref)) {
        const other = cardIndex === null ? undefined : selectionAt(view, ref, cardIndex);
        if (other && other.count !== held.count) this.pick(other);
        else this.cancel();
        return;
      }
      const move = moveTo(view, held, ref);
      if (move) this.sendMove(move);
      else {
        this.refusals.refused(held, ref);
        this.selection = undefined;
      }
      return;
    }
    if (cardIndex === null) return;
    const selection = selectionAt(view, ref, cardIndex);
    if (selection) this.pick(selection);
    else this.refusals.nowhere(pile, cardIndex);
  };

  private readonly onTableClick = (event: MouseEvent): void => {
    const onPile = event.composedPath().some((n) => n instanceof HTMLElement && n.localName === 'sol-pile');
    if (!onPile) this.cancel();
  };

  private beginDrag(ref: PileRefView, cardIndex: number): boolean {
    const view = this.view;
    if (!view || !this.mayAct() || hasEnded(view)) return false;
    const selection = selectionAt(view, ref, cardIndex);
    if (!selection) {
      // A card that cannot be picked up is not dragged either: said and shown, as for a click.
      const pile = pileOf(view, ref);
      if (pile) this.refusals.nowhere(pile, cardIndex);
      return false;
    }
    this.stopPlayback();
    this.selection = selection;
    this.keyboard.follow(view, ref);
    return true;
  }

  private dropOn(target: PileRefView | undefined): boolean {
    const view = this.view;
    const held = this.selection;
    if (!view || !held) return false;
    const move = target && moveTo(view, held, target);
    if (move) {
      this.sendMove(move);
      return true;
    }
    if (target && !samePile(target, held.from)) this.refusals.refused(held, target);
    this.selection = undefined;
    return false;
  }

  private readonly onCommand = (event: CustomEvent<CommandDetail>): void => {
    event.stopPropagation();
    this.sendCommand(event.detail.command);
  };

  // ---- rendering -----------------------------------------------------------------------

  private renderPile(
    view: BoardView,
    pile: PileView,
    left: number,
    top: number,
    extra: { height?: number; fan?: number; k?: number; takes?: number | 'any' },
  ) {
    const held = this.selection;
    const isSource = held !== undefined && samePile(held.from, pile.ref);
    const isTarget = held !== undefined && !isSource && moveTo(view, held, pile.ref) !== undefined;
    const counts = legalCounts(view, pile.ref);
    const longest = counts[counts.length - 1];
    const hint = view.hint?.move;
    const hintRole = hint && samePile(hint.from, pile.ref) ? 'from' : hint && samePile(hint.to, pile.ref) ? 'to' : '';
    const style: Record<string, string> = { left: `${left}px`, top: `${top}px` };
    if (extra.height !== undefined) style.height = `${extra.height}px`;
    if (extra.k !== undefined) style['--k'] = String(extra.k);
    return html`<sol-pile
      .pile=${pile}
      .fan=${extra.fan ?? 0}
      .selectedFrom=${isSource ? pile.cards.length - held.count : -1}
      .movableFrom=${longest === undefined ? -1 : pile.cards.length - longest}
      .emptyLabel=${view.strings.emptyPile}
      .takes=${extra.takes}
      .hint=${hintRole}
      .hintCount=${hint?.count ?? 0}
      ?still=${!this.animationsOn()}
      ?target=${isTarget}
      ?cursor=${this.keyboard.isOn(view, pile.ref)}
      ${cssom(style)}
    ></sol-pile>`;
  }

  private tableStyle(layout: Layout) {
    return cssom({
      width: `${layout.width}px`,
      height: `${layout.height}px`,
      '--card-w': `${layout.cardWidth}px`,
      '--card-h': `${layout.cardHeight}px`,
      '--corner-font': `${layout.cornerFont.toFixed(1)}px`,
    });
  }

  private renderLoading(layout: Layout) {
    const spots = [...layout.cells, ...layout.foundations, ...layout.columns];
    return html`<div class="table loading" ${this.tableStyle(layout)}>
      ${spots.map((s) => html`<div class="placeholder" ${cssom({ left: `${s.x}px`, top: `${s.y}px` })}></div>`)}
    </div>`;
  }

  /** The table and the live region (the whole board, without a live region, in review mode). */
  private renderTable(view: BoardView, layout: Layout) {
    const still = !this.animationsOn();
    const classes = ['table', view.status === 'won' ? 'won' : '', still ? 'still' : ''].join(' ');
    const table = html`
      <div class=${classes} ${this.tableStyle(layout)} @click=${this.onTableClick}>
        ${view.cells.map((pile, i) => this.renderPile(view, pile, layout.cells[i]?.x ?? 0, layout.cells[i]?.y ?? 0, {}))}
        ${view.foundations.map((pile, i) =>
          this.renderPile(view, pile, layout.foundations[i]?.x ?? 0, layout.foundations[i]?.y ?? 0, { k: i, takes: view.foundationTakes?.[i] }),
        )}
        ${view.columns.map((pile, i) => {
          const spot = layout.columns[i];
          return this.renderPile(view, pile, spot?.x ?? 0, spot?.y ?? 0, { height: spot?.height ?? 0, fan: spot?.fan ?? 0 });
        })}
      </div>`;
    // Only a table wider than the board scrolls in a box of its own: otherwise nothing clips a
    // card that is dragged or flies past the table's edges.
    const overflows = layout.width > this.size.width + 0.5 && this.size.width > 0;
    return html`
      ${overflows ? html`<div class="table-scroll" data-testid="table-scroll">${table}</div>` : table}
      ${this.renderAnnouncer()}`;
  }

  /** The polite live region; none in review mode, where the review's own region speaks. */
  private renderAnnouncer() {
    return this.review ? nothing : html`<div class="status visually-hidden" role="status" aria-live="polite" data-testid="announcer" data-said=${this.announcer.key}>
      ${keyed(this.announcer.key, html`<span>${this.announcer.text}</span>`)}
    </div>`;
  }

  override render() {
    const view = this.view;
    const layout = this.layout!;
    if (!view) {
      return html`${this.renderLoading(layout)} ${this.renderAnnouncer()}`;
    }
    if (this.review) return this.renderTable(view, layout);
    return html`
      <sol-toolbar
        .strings=${view.strings}
        .canUndo=${view.canUndo}
        .canRedo=${view.canRedo}
        .moves=${view.moveCount}
        .seconds=${this.seconds}
        .variantName=${view.variantName}
        .dealNumber=${view.dealNumber}
        .canAsk=${!hasEnded(view)}
        .playing=${view.playingSolution === true}
        .verdict=${view.verdict}
        .lostAtMove=${view.lostAtMove}
        .winnableBefore=${view.winnableBefore === true}
        .par=${view.par}
        title=${view.strings.keyboardHelp ?? nothing}
      ></sol-toolbar>
      ${view.status === 'stuck' || view.status === 'lost' ? renderGameOver(view, (command) => this.sendCommand(command)) : nothing}
      ${this.renderTable(view, layout)}
      ${view.status === 'won' && this.motion.wonPanel === wonKey(view) ? renderGameOver(view, (command) => this.sendCommand(command)) : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-board': SolBoard;
  }
}

