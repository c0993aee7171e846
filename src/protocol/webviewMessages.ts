/**
 * Messages between the extension host and the board webview. Types only: the host checks
 * every message that arrives from the webview (`src/extension/webviewMessageGuard.ts`),
 * because a webview is untrusted input. The webview never applies rules itself: it draws the
 * `BoardView` it is sent and proposes moves taken from the view's own list of legal moves.
 */

/** Which kind of pile; the same names the engine uses. */
export type PileKindView = 'tableau' | 'cell' | 'foundation';

/** A pile, counted from 0 within its kind. */
export interface PileRefView {
  readonly kind: PileKindView;
  readonly index: number;
}

/** One card as the webview draws it. */
export interface CardView {
  /** 0..51, stable across moves, so the webview can animate a card from its old place. */
  readonly id: number;
  /** 1 (Ace) to 13 (King). */
  readonly rank: number;
  /** 0 clubs, 1 diamonds, 2 hearts, 3 spades. */
  readonly suit: number;
  /** Rank as printed on the card: `A`, `2`…`10`, `J`, `Q`, `K`. */
  readonly rankLabel: string;
  /** What a screen reader says, in the player's language ("seven of clubs"). */
  readonly spoken: string;
}

/** One pile with its cards, bottom card first. */
export interface PileView {
  readonly ref: PileRefView;
  readonly cards: readonly CardView[];
  /** The pile's name for screen readers ("column 3", "free cell 1", "foundation 2"). */
  readonly spoken: string;
}

/** A legal move: `count` cards from the top of `from` onto `to`. */
export interface MoveView {
  readonly from: PileRefView;
  readonly to: PileRefView;
  readonly count: number;
}

/**
 * In play, won, no legal move left, or counted as lost (the player accepted the solver's proof
 * that it cannot be won: the game has ended and takes no more moves).
 */
export type BoardStatus = 'playing' | 'won' | 'stuck' | 'lost';

/** Every word the webview shows, computed by the host in the player's language. */
export interface BoardStrings {
  readonly undo: string;
  readonly redo: string;
  readonly restart: string;
  readonly newGame: string;
  readonly sameDeal: string;
  readonly moves: string;
  readonly time: string;
  readonly deal: string;
  /** Said when another game comes on the board: "{variant}, deal {number}" (the label "Deal" is capitalised, the sentence not). */
  readonly announceDeal: string;
  readonly wonTitle: string;
  readonly wonSummary: string;
  readonly stuckTitle: string;
  readonly stuckSummary: string;
  /** Title of the panel of a game counted as lost. */
  readonly lostTitle: string;
  readonly lostSummary: string;
  readonly emptyPile: string;
  readonly boardLabel: string;
  readonly toolbarLabel: string;
  /** Template with `{card}` and `{target}`. */
  readonly announceMove: string;
  /** Template with `{card}` and `{count}`. */
  readonly announcePickUp: string;
  readonly announceCancel: string;
  /**
   * Optional (the webview falls back on `announceCancel`): a click or key that puts held cards
   * on a pile that is not a legal target. Template with `{card}` and `{target}`.
   */
  readonly announceRefused?: string;
  /** Optional (falls back on `announceCancel`): a card that cannot move anywhere. Template with `{card}`. */
  readonly announceNowhere?: string;
  /** Optional: the keyboard scheme in one sentence, shown as the toolbar's tooltip. */
  readonly keyboardHelp?: string;
  /** Optional (falls back on `announcePickUp`): picking up a single card. Template with `{card}`. */
  readonly announcePickUpOne?: string;
  readonly hint: string;
  readonly solve: string;
  readonly playSolution: string;
  readonly stopPlayback: string;
  /** Badge text while the position is proved winnable. */
  readonly badgeWinnable: string;
  /** Badge text once the position is proved lost; template with `{move}`, the move that lost it. */
  readonly badgeLost: string;
  /** Badge text when the deal itself was proved lost: it never was winnable. */
  readonly badgeNeverWinnable: string;
  /** Button that undoes back to the last winnable position. */
  readonly undoToWinnable: string;
  /** Button that ends a proved-lost game as lost. */
  readonly acceptLoss: string;
  /** Template with `{move}` for the live region when a hint is shown. */
  readonly announceHint: string;
  /** Optional (falls back on `undo`): the live region's words for a move taken back, template with `{move}`. */
  readonly announceUndo?: string;
  /** Optional (falls back on the move alone): the live region's words for a move played again, template with `{move}`. */
  readonly announceRedo?: string;
  /** Optional: the par beside the move counter, template with `{par}` ("Par 87"). */
  readonly par?: string;
  /** Optional: what the par is, as the par's tooltip (the shortest solution found, not a proved minimum). */
  readonly parHelp?: string;
  /** Optional (falls back on `wonSummary`): the won panel's text when the par is known; `{moves}`, `{time}`, `{par}`. */
  readonly wonSummaryPar?: string;
  /** Optional: the won panel's button that opens the review of the game. */
  readonly review?: string;
  /** Optional: the won panel's sentence when help was taken (the statistics count the win so). */
  readonly wonWithHelp?: string;
}

/**
 * Everything the webview needs to draw the board. A view names its game and its number: the
 * webview draws a view of another game at once, and of the same game only when its number is
 * not lower than the one on the board (messages of one game may arrive late, never of two).
 */
export interface BoardView {
  /**
   * Increases with every state the host sends, across all the games of a window (a new game
   * does not start again from 0); a move must quote the one it was made on.
   */
  readonly seq: number;
  /**
   * The stored game this board shows. The webview keeps it in its VS Code state, so that after
   * a reload each window's board comes back with its own game.
   */
  readonly gameId: string;
  readonly variantId: string;
  readonly variantName: string;
  /** `null` for a deal imported from text. */
  readonly dealNumber: number | null;
  readonly columns: readonly PileView[];
  readonly cells: readonly PileView[];
  readonly foundations: readonly PileView[];
  /**
   * What each empty foundation takes: the suit of its Ace (0 clubs, 1 diamonds, 2 hearts,
   * 3 spades, as `CardView.suit`), or `'any'` where any Ace may start it (Spanish Patience).
   * The board marks the empty places with it.
   */
  readonly foundationTakes?: readonly (number | 'any')[];
  readonly legalMoves: readonly MoveView[];
  readonly moveCount: number;
  /** Seconds played when this view was made; the webview counts on while `clockRunning`. */
  readonly elapsedSeconds: number;
  readonly clockRunning: boolean;
  readonly status: BoardStatus;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly fourColourDeck: boolean;
  readonly animations: boolean;
  readonly strings: BoardStrings;
  /** The move that led here, for the animation and the live announcement. */
  readonly lastMove?: { readonly moves: readonly MoveView[]; readonly spoken: string };
  /** A move from a real solution, to highlight (card and target); `spoken` says it in words. */
  readonly hint?: { readonly move: MoveView; readonly spoken: string };
  /**
   * The "still winnable" badge: `winnable` or `lost` when the solver proved it, absent while
   * unknown or when the badge is switched off.
   */
  readonly verdict?: 'winnable' | 'lost';
  /**
   * With `verdict: 'lost'`: the number of the move that lost the game (1-based), when known: the
   * position before it was proved winnable and the one after it lost; 0 when the deal's start
   * was proved lost (no move lost it).
   */
  readonly lostAtMove?: number;
  /**
   * With `verdict: 'lost'`: an earlier position of this game was proved winnable, so Undo to
   * Winnable can go back to it (also when the positions after it were not all decided, and the
   * move that lost is not known).
   */
  readonly winnableBefore?: boolean;
  /** A solution is being played out; any move or Escape stops it. */
  readonly playingSolution?: boolean;
  /** The deal's par (the shortest solution the solver found from the start, in moves), once known. */
  readonly par?: number;
  /** Help was taken in this game (a hint, a solution played or copied): a win counts as won with help. */
  readonly withHelp?: boolean;
  /** This view follows a redo: its last move was played again. */
  readonly redone?: boolean;
}

/** The webview has loaded its script and can receive messages. */
export interface ReadyMessage {
  readonly type: 'ready';
}

/** The player proposes a move; `seq` and `gameId` are those of the `BoardView` it was made on. */
export interface MoveMessage {
  readonly type: 'move';
  readonly seq: number;
  /** The game the move was made on; optional for forged or older messages, which `seq` alone guards. */
  readonly gameId?: string;
  readonly from: PileRefView;
  readonly to: PileRefView;
  readonly count: number;
}

/** Toolbar and key actions that the host carries out. */
export type BoardCommand =
  | 'undo'
  | 'redo'
  | 'restart'
  | 'newGame'
  | 'sameDeal'
  | 'hint'
  | 'solve'
  | 'playSolution'
  | 'stopPlayback'
  | 'undoToWinnable'
  | 'acceptLoss'
  | 'review';

/** The player asks for a toolbar action. */
export interface CommandMessage {
  readonly type: 'command';
  readonly command: BoardCommand;
}

/**
 * The board's page gained or lost the keyboard focus. The host turns it into a context key, so
 * that our keybindings (Ctrl+Z, F2…) act only while the player is on the board, never while
 * they type in a search box, a terminal or a dialog over it.
 */
export interface FocusMessage {
  readonly type: 'focus';
  readonly focused: boolean;
}

/** Everything the webview may send to the host. */
export type WebviewToHostMessage = ReadyMessage | MoveMessage | CommandMessage | FocusMessage;

/** The board to draw. */
export interface StateMessage {
  readonly type: 'state';
  readonly view: BoardView;
}

/** The host refused what the webview asked; `message` is for the player (and the live region). */
export interface RefusedMessage {
  readonly type: 'refused';
  readonly message: string;
}

/** Everything the host may send to the webview. */
export type HostToWebviewMessage = StateMessage | RefusedMessage;

/** The API a webview script receives from `acquireVsCodeApi()`, typed for our messages. */
export interface WebviewHostApi {
  postMessage(message: WebviewToHostMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
