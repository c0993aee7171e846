/**
 * Messages between the extension host and the review page: a finished game replayed move by
 * move with the solver's verdicts. Types only. The host words everything and draws nothing; the
 * page draws the board it is sent (a `BoardView`, read-only) and the timeline, and asks for a
 * position by its index. Every message from the page is checked by the host
 * (`src/extension/review/reviewMessageGuard.ts`).
 */
import type { BoardView } from './webviewMessages';

/** What the solver says of one position: `pending` until it has answered. */
export type PositionVerdictKind = 'pending' | 'winnable' | 'lost' | 'unknown';

/**
 * The mark of one move: `winnable` (still winnable after it), `detour` (the best solution found
 * after it, with the move itself, is `extra` moves longer than the best found before it), `losing` (the move that lost the deal: from a
 * position proved winnable to one proved lost), `lost` (the deal was lost already), `unknown` (no
 * answer within the budget) or `pending` (not searched yet).
 */
export type MarkKind = 'pending' | 'winnable' | 'detour' | 'losing' | 'lost' | 'unknown';

/** A move's mark as the analysis gives it. */
export interface MoveMark {
  /** 1-based: the mark of the move that leads from position `move − 1` to position `move`. */
  readonly move: number;
  readonly kind: MarkKind;
  /** For `detour`: how many moves longer. */
  readonly extra?: number;
  /** The move was made with help (a hint taken, or the solver's move). */
  readonly help: boolean;
}

/** A mark as the page draws it, with its words. */
export interface MarkView extends MoveMark {
  /** What a screen reader says for the mark, and its tooltip ("Move 12: the move that lost the deal"). */
  readonly spoken: string;
}

/** Every word of the review page, in the player's language. */
export interface ReviewStrings {
  readonly timelineLabel: string;
  readonly controlsLabel: string;
  readonly first: string;
  /** The timeline's first mark (the button to the start has {@link first}). */
  readonly startMark: string;
  readonly previous: string;
  readonly next: string;
  readonly last: string;
  readonly slider: string;
  readonly showBetter: string;
  readonly hideBetter: string;
  readonly leave: string;
  /** The legend's words for each kind of mark. */
  readonly legend: Readonly<Record<'winnable' | 'detour' | 'losing' | 'lost' | 'unknown' | 'help', string>>;
  /** Keyboard help in one sentence (the page's tooltip). */
  readonly keyboardHelp: string;
}

/** The review page's state: which game, which position, and what is known of it. */
export interface ReviewView {
  /** The reviewed record's id. */
  readonly reviewId: string;
  /** "Baker's Game #123 · won in 112 moves · par 87". */
  readonly title: string;
  /** How many moves the game has. */
  readonly total: number;
  /** The position shown: 0 the start, k after move k. */
  readonly index: number;
  /** "Start position" or "After move 12 of 150: seven of clubs to column 3". */
  readonly positionText: string;
  /** The solver's word on the position shown ("Winnable in 74 moves (shortest found)"). */
  readonly verdictText: string;
  /** The board at `index` (or, with `ghost`, after the solver's better move from there): no legal moves, no toolbar. */
  readonly board: BoardView;
  readonly marks: readonly MarkView[];
  /** "Analysing: 40 of 151 positions", empty once done. */
  readonly progressText: string;
  /** Whether the solver has a better move from this position to show. */
  readonly canShowBetter: boolean;
  /** The solver's move is shown in a ghost overlay; `spoken` says it. */
  readonly ghost?: { readonly spoken: string };
  readonly strings: ReviewStrings;
}

/** Host → page: draw this. */
export interface ReviewStateMessage {
  readonly type: 'review';
  readonly view: ReviewView;
}

export type HostToReviewMessage = ReviewStateMessage;

/** Page → host: the page is loaded. */
export interface ReviewReadyMessage {
  readonly type: 'ready';
}

/** Page → host: show position `index` (0: the start). */
export interface ReviewGotoMessage {
  readonly type: 'goto';
  readonly index: number;
}

/** Page → host: show or hide the solver's better move from the position shown. */
export interface ReviewBetterMessage {
  readonly type: 'better';
  readonly show: boolean;
}

/** Page → host: leave the review (back to the game in progress). */
export interface ReviewLeaveMessage {
  readonly type: 'leave';
}

export type ReviewToHostMessage = ReviewReadyMessage | ReviewGotoMessage | ReviewBetterMessage | ReviewLeaveMessage;

/** The API the review page receives from `acquireVsCodeApi()`. */
export interface ReviewHostApi {
  postMessage(message: ReviewToHostMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
