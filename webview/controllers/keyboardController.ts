import type { BoardCommand, BoardView, MoveView, PileRefView, PileView } from '../../src/protocol/webviewMessages';
import { samePile } from '../logic/format';
import type { Layout } from '../logic/layout';
import { legalCounts, moveTo, type Selection } from '../logic/selection';
import { hasEnded } from '../logic/viewState';
import type { Announcer } from './announcer';
import type { RefusalCue } from './refusalCue';

/** Where the keyboard cursor is: the top row (cells then foundations) or the tableau. */
interface Cursor {
  readonly row: 'top' | 'tableau';
  readonly index: number;
}

/** The letters that send a command (any case). */
const LETTER_COMMANDS = { u: 'undo', r: 'redo', n: 'newGame', h: 'hint' } as const;

/** The keys that move the cursor. */
const CURSOR_KEYS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];

/** The keys the board acts on (letters in lower case); other keys on the page are left alone. */
const BOARD_KEYS = new Set([...CURSOR_KEYS, 'Enter', ' ', 'Escape', ...Object.keys(LETTER_COMMANDS)]);

/** What the board tells the keyboard controller, and what it asks of it. */
export interface KeyboardHost {
  /** The board: it takes the focus and receives the keys and the pointer presses. */
  readonly element: HTMLElement;
  /** The view the keys act on; none before the first. */
  view(): BoardView | undefined;
  /** Review mode: the board only shows a position and takes no keys. */
  review(): boolean;
  /** Where the piles are drawn, so that Up and Down go to the nearest pile. */
  layout(): Layout | undefined;
  /** What the player holds, if anything. */
  selection(): Selection | undefined;
  /** Whether a move may be made now (not while one waits for the host's answer). */
  mayAct(): boolean;
  readonly announcer: Announcer;
  /** Refusals, said and shown on the cards (held cards stay held). */
  readonly refusals: Pick<RefusalCue, 'refused' | 'nowhere'>;
  pick(selection: Selection): void;
  /** Puts the held cards back. */
  cancel(): void;
  sendMove(move: MoveView): void;
  sendCommand(command: BoardCommand): void;
  /** Stops a solution that plays (once per view). */
  stopPlayback(): void;
  /** Draws the board again: the cursor is the board's to render. */
  requestUpdate(): void;
}

/**
 * The keyboard: a cursor that moves between piles, picks up and puts down with Enter or
 * Space, and the letter keys for commands (the keys are listed on `SolBoard`). The cursor
 * shows only while the keyboard is in use and the board itself has the focus.
 */
export class KeyboardController {
  private cursor: Cursor = { row: 'tableau', index: 0 };
  /** The keyboard has been used since the last pointer press: show the cursor. */
  private keyboardMode = false;
  /** The cursor has not moved since the last pick-up (so Enter again extends the run). */
  private pickedHere = false;
  /** The focus was on the board or in it when the board began to draw itself again. */
  private focusWasInside = false;
  /** The board takes the focus when the page gets it back (the page had none when it was due). */
  private focusOnReturn = false;

  constructor(private readonly host: KeyboardHost) {
    const element = host.element;
    element.addEventListener('keydown', this.onKeyDown);
    element.ownerDocument.addEventListener('keydown', this.onPageKeyDown);
    element.addEventListener('pointerdown', this.onPointerDown);
    element.addEventListener('focusin', this.onFocus);
    element.addEventListener('focusout', this.onBlur);
    element.addEventListener('sol-focus-dropped', this.takeFocus);
    element.ownerDocument.defaultView?.addEventListener('focus', this.onPageFocus);
  }

  /**
   * Follows the focus inside `root`, the board's shadow root. A move of the focus between the
   * board and its own toolbar or panels never reaches the board's listeners: retargeted, the
   * event's target and related target are both the board, so it is not dispatched there, and
   * the cursor stayed drawn beside a button's focus ring, or was missing on the board after
   * Shift+Tab back to it (a play-test). The shadow root gets those events; a focusout comes
   * before the focus has moved, so the board looks where it went a task later.
   */
  watch(root: Node): void {
    root.addEventListener('focusin', this.onFocus);
    root.addEventListener('focusout', () => setTimeout(this.onFocus));
  }

  /** Called as the board begins to draw itself: where the focus is then. */
  beforeUpdate(): void {
    this.focusWasInside = this.host.element.matches(':focus-within');
  }

  /**
   * Called once the board has drawn itself, `before` the view it showed until then if the view
   * changed. When a new deal or a restart comes, or the element that had the focus has gone (the
   * won panel's New game), and nothing on the page has the focus, the board takes it: the page's
   * own keys went on acting on a cursor that was not drawn (a play-test).
   */
  afterUpdate(before: BoardView | undefined): void {
    const view = this.host.view();
    const dealt = before !== undefined && view !== undefined && (before.gameId !== view.gameId || (view.moveCount === 0 && before.moveCount > 0));
    const dropped = this.focusWasInside && !this.host.element.matches(':focus-within');
    if ((dealt || dropped) && this.nothingFocused()) this.takeFocus();
  }

  private nothingFocused(): boolean {
    const document = this.host.element.ownerDocument;
    return document.activeElement === null || document.activeElement === document.body || document.activeElement === document.documentElement;
  }

  /**
   * The board takes the focus, now if the page has it, else once the page gets it back: an
   * element of a page in the background does not take the focus from VS Code (a quick pick or a
   * dialog that is open). Also on `sol-focus-dropped`, from a part whose focused button went.
   */
  private readonly takeFocus = (): void => {
    if (this.host.review()) return;
    if (this.host.element.ownerDocument.hasFocus()) this.host.element.focus({ preventScroll: true });
    else this.focusOnReturn = true;
  };

  private readonly onPageFocus = (): void => {
    if (this.focusOnReturn && this.nothingFocused()) this.host.element.focus({ preventScroll: true });
    this.focusOnReturn = false;
  };

  /** Whether the cursor shows on the pile `ref` of `view`. */
  isOn(view: BoardView, ref: PileRefView): boolean {
    return this.keyboardMode && this.boardFocused() && samePile(this.cursorPile(view)?.ref ?? { kind: 'cell', index: -1 }, ref);
  }

  /** Moves the cursor to the pile the pointer chose, so the keys go on from there. */
  follow(view: BoardView, ref: PileRefView): void {
    this.place(this.cursorFor(view, ref));
  }

  /** Keeps the cursor on a pile of `view`, which may have fewer piles than the last one. */
  clamp(view: BoardView): void {
    const piles = this.rowPiles(view, this.cursor.row);
    if (piles.length === 0) this.place({ row: this.cursor.row === 'top' ? 'tableau' : 'top', index: 0 });
    else if (this.cursor.index >= piles.length) this.place({ ...this.cursor, index: piles.length - 1 });
  }

  /** The held cards are gone: Enter on the same pile starts again from the shortest run. */
  forgetPickUp(): void {
    this.pickedHere = false;
  }

  private place(cursor: Cursor): void {
    this.cursor = cursor;
    this.host.requestUpdate();
  }

  private setKeyboardMode(on: boolean): void {
    if (this.keyboardMode === on) return;
    this.keyboardMode = on;
    this.host.requestUpdate();
  }

  /** The cursor shows only while the board itself has the focus (not one of its buttons). */
  private boardFocused(): boolean {
    return document.activeElement === this.host.element && !this.host.element.shadowRoot?.activeElement;
  }

  private readonly onPointerDown = (): void => {
    this.setKeyboardMode(false);
  };

  private readonly onFocus = (): void => {
    queueMicrotask(() => {
      if (this.boardFocused() && this.host.element.matches(':focus-visible')) this.keyboardMode = true;
      this.host.requestUpdate();
    });
  };

  private readonly onBlur = (): void => {
    queueMicrotask(() => this.host.requestUpdate());
  };

  private rowPiles(view: BoardView, row: Cursor['row']): readonly PileView[] {
    return row === 'top' ? [...view.cells, ...view.foundations] : view.columns;
  }

  private cursorFor(view: BoardView, ref: PileRefView): Cursor {
    if (ref.kind === 'tableau') return { row: 'tableau', index: ref.index };
    return { row: 'top', index: ref.kind === 'cell' ? ref.index : view.cells.length + ref.index };
  }

  private cursorPile(view: BoardView): PileView | undefined {
    return this.rowPiles(view, this.cursor.row)[this.cursor.index];
  }

  /** Left edge of a pile in the layout, to go up and down to the nearest pile. */
  private pileX(view: BoardView, row: Cursor['row'], index: number): number {
    const layout = this.host.layout();
    if (!layout) return index;
    if (row === 'tableau') return layout.columns[index]?.x ?? 0;
    return index < view.cells.length ? (layout.cells[index]?.x ?? 0) : (layout.foundations[index - view.cells.length]?.x ?? 0);
  }

  private moveCursor(view: BoardView, key: string): void {
    const { row, index } = this.cursor;
    const count = this.rowPiles(view, row).length;
    let next: Cursor = this.cursor;
    if (key === 'ArrowLeft') next = { row, index: Math.max(0, index - 1) };
    else if (key === 'ArrowRight') next = { row, index: Math.min(count - 1, index + 1) };
    else if (key === 'Home') next = { row, index: 0 };
    else if (key === 'End') next = { row, index: count - 1 };
    else {
      const other = row === 'top' ? 'tableau' : 'top';
      const wantsOther = (key === 'ArrowDown') === (row === 'top');
      const piles = this.rowPiles(view, other);
      if (wantsOther && piles.length > 0) {
        const x = this.pileX(view, row, index);
        let best = 0;
        piles.forEach((_, i) => {
          if (Math.abs(this.pileX(view, other, i) - x) < Math.abs(this.pileX(view, other, best) - x)) best = i;
        });
        next = { row: other, index: best };
      }
    }
    if (next.row === this.cursor.row && next.index === this.cursor.index) return;
    this.place(next);
    this.pickedHere = false;
    this.sayCursor(view);
  }

  /** Names the pile under the cursor and its top card. */
  private sayCursor(view: BoardView): void {
    const pile = this.cursorPile(view);
    if (!pile) return;
    const top = pile.cards[pile.cards.length - 1];
    this.host.announcer.announce(`${pile.spoken}, ${top ? top.spoken : view.strings.emptyPile}`);
  }

  private activate(view: BoardView): void {
    const pile = this.cursorPile(view);
    if (!pile) return;
    const ref = pile.ref;
    const held = this.host.selection();
    if (held && !samePile(held.from, ref)) {
      const move = moveTo(view, held, ref);
      if (move) this.host.sendMove(move);
      else this.host.refusals.refused(held, ref);
      return;
    }
    const counts = legalCounts(view, ref);
    if (held) {
      // Again on the same pile: a longer run if the cursor has not moved, else put back.
      const next = counts.find((c) => c > held.count) ?? counts[0];
      if (this.pickedHere && next !== undefined && next !== held.count) this.host.pick({ from: ref, count: next });
      else this.host.cancel();
      return;
    }
    const first = counts[0];
    if (first === undefined) {
      this.host.refusals.nowhere(pile, pile.cards.length - 1);
      return;
    }
    this.host.pick({ from: ref, count: first });
    this.pickedHere = true;
  }

  /**
   * Keys pressed while the page itself has the focus and nothing on it (as after VS Code's
   * command palette closes over the board: Escape did not stop a solution started from it,
   * found by a play-test) are the board's. Keys on the board or any other element are theirs.
   *
   * The board first takes the focus and shows the cursor: handled unseen, arrows moved a cursor
   * nobody saw and Enter picked up and put down cards (a play-test made a whole move so). Enter
   * or Space then only names the pile under the cursor, which the player had not seen.
   */
  private readonly onPageKeyDown = (event: KeyboardEvent): void => {
    const target = event.target;
    const document = this.host.element.ownerDocument;
    if (target !== document.body && target !== document.documentElement) return;
    const view = this.host.view();
    if (!view || this.host.review() || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (!BOARD_KEYS.has(key)) return;
    this.host.element.focus({ preventScroll: true });
    this.setKeyboardMode(true);
    if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      this.sayCursor(view);
      return;
    }
    this.onKeyDown(event);
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const view = this.host.view();
    if (!view || this.host.review() || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const origin = event.composedPath()[0];
    const onButton = origin instanceof HTMLElement && origin.localName === 'button';
    const key = event.key;
    const letter = key.length === 1 ? key.toLowerCase() : '';
    if (letter in LETTER_COMMANDS) {
      event.preventDefault();
      if (letter === 'h' && hasEnded(view)) return;
      this.host.sendCommand(LETTER_COMMANDS[letter as keyof typeof LETTER_COMMANDS]);
      return;
    }
    if (key === 'Escape' && view.playingSolution) {
      event.preventDefault();
      this.host.stopPlayback();
      if (!onButton) this.setKeyboardMode(true);
      this.host.cancel();
      return;
    }
    if (onButton) return;
    if (key === 'Escape') {
      this.setKeyboardMode(true);
      if (this.host.selection()) {
        event.preventDefault();
        this.host.cancel();
      }
      return;
    }
    if (CURSOR_KEYS.includes(key)) {
      event.preventDefault();
      this.setKeyboardMode(true);
      this.moveCursor(view, key);
      return;
    }
    if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      this.setKeyboardMode(true);
      if (!this.host.mayAct() || hasEnded(view)) return;
      this.activate(view);
    }
  };
}
