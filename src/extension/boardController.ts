import * as vscode from 'vscode';
import type { Game, Move } from '../engine';
import type { BoardCommand, BoardView, MoveMessage } from '../protocol/webviewMessages';
import { BoardCore } from './boardCore';
import { BoardPanel } from './boardPanel';
import type { ViewWords } from './boardView';
import type { GameSession } from './gameSession';
import { variantName } from './i18n/variantText';
import { GameStore } from './gameStore';
import type { SavedGame } from './savedGame';
import { readSettings, type Settings } from './settings';

/** How a game ended, for the statistics: `lost` when it was given up with no legal move left. */
export type GameResult = 'won' | 'lost' | 'abandoned';

/** A game that has just ended. */
export interface EndedGame {
  readonly saved: SavedGame;
  readonly result: GameResult;
  readonly moves: number;
  /** Won after a hint or with the solver's moves. */
  readonly withHelp?: boolean;
  /** Lost because the solver proved it. */
  readonly provedLost?: boolean;
  /** The deal's par, when the background search found it (added by whoever records the game). */
  readonly par?: number;
  /** The moves (1-based) made with help: a hint taken, or the solver's move. */
  readonly helpTurns?: readonly number[];
}

/**
 * Claims on stored games, so that two windows never play the same one (`GameClaims`; a test
 * may pass its own).
 */
export interface GameClaimsLike {
  claim(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  heldElsewhere(ids: readonly string[]): Promise<Set<string>>;
}

/** Writes the record of an ended game durably; false when nothing could be written. */
export type GameRecorder = (ended: EndedGame) => Promise<boolean>;

/** What the controller needs from the rest of the extension to deal new games. */
export interface GameFactory {
  /** A fresh game of the given variant with a random (or, later, winnable) deal number. */
  randomGame(variant: string, settings: Settings): Game;
  /** The same deal from the start, as a new attempt. */
  sameDeal(game: Game, settings: Settings): Game;
}

/** How often the time of a game in play is stored between moves. */
const SAVE_TIME_EVERY_MS = 5_000;

/**
 * The board of this window: one game session, one panel. It starts, restores and ends games,
 * carries the player's moves from the webview to the engine, keeps the game stored after every
 * change, and runs the clock only while the board is visible, has the player's focus, and the game is on.
 */
export class BoardController implements vscode.Disposable {
  private readonly core: BoardCore;
  private panel: BoardPanel | undefined;
  private readonly endedEmitter = new vscode.EventEmitter<EndedGame>();
  private readonly changedEmitter = new vscode.EventEmitter<void>();
  /** Fires when a game is won or abandoned. */
  readonly onDidEndGame = this.endedEmitter.event;
  /** Fires after every change of game, state or visibility (for the status bar). */
  readonly onDidChange = this.changedEmitter.event;
  private endedIds = new Set<string>();
  private readonly playedEmitter = new vscode.EventEmitter<GameSession>();
  private readonly playerActedEmitter = new vscode.EventEmitter<void>();
  /** Fires after the position changed (a move, undo, redo, restart or a new game). */
  readonly onDidChangePosition = this.playedEmitter.event;
  /** Fires when the player does anything on the board (so a solution being played stops). */
  readonly onPlayerAction = this.playerActedEmitter.event;
  private readonly decorators: Array<(session: GameSession) => Partial<BoardView>> = [];
  private recorder: GameRecorder = () => Promise.resolve(true);
  private starting: Promise<unknown> = Promise.resolve();
  private startInProgress: Promise<boolean> | undefined;
  private focused = false;
  private saveTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly store: GameStore,
    private readonly log: vscode.LogOutputChannel,
    private readonly words: () => ViewWords,
    private readonly factory: GameFactory,
    private readonly claims: GameClaimsLike,
  ) {
    this.core = new BoardCore(
      {
        playerActed: () => this.playerActedEmitter.fire(),
        changed: () => this.afterChange(),
        resend: () => this.push(),
        refused: (message) => this.panel?.showRefusal(message),
      },
      vscode.l10n.t,
      () => GameStore.newId(),
    );
  }

  /** The game on this window's board. */
  private get session(): GameSession | undefined {
    return this.core.session;
  }

  get currentSession(): GameSession | undefined {
    return this.core.session;
  }

  get currentPanel(): BoardPanel | undefined {
    return this.panel;
  }

  /** Shows the board: the game in this window, else the latest stored one, else a new deal. */
  async show(): Promise<BoardPanel> {
    await this.ensureSession();
    const panel = this.ensurePanel();
    panel.reveal();
    this.push();
    return panel;
  }

  /**
   * Shows the board and resolves once VS Code reports it visible (revealing is asynchronous), or
   * after `timeoutMillis`; resolves whether it is visible.
   */
  async showVisible(timeoutMillis = 2000): Promise<boolean> {
    await this.show();
    if (this.panel?.visible) return true;
    await new Promise<void>((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      };
      const timer = setTimeout(finish, timeoutMillis);
      const listener = this.onDidChange(() => {
        if (this.panel?.visible) finish();
      });
    });
    return this.panel?.visible ?? false;
  }

  /**
   * Starts `game` in this window's board. A game in progress with moves is abandoned first,
   * after asking when the setting says so; resolves `false` when the player keeps it.
   */
  start(game: Game): Promise<boolean> {
    // A second start asked while the first may still be asking about the game in progress (a
    // double-click on Restart) is the same request: Cancel answered both (the second asked
    // again; a play-test).
    if (this.startInProgress && this.session?.hasMoves && !this.currentGameEnded) return this.startInProgress;
    // One start at a time: a later one waits for the first and then finds its new game.
    const next = this.starting.then(() => this.startNow(game));
    this.starting = next.catch(() => false);
    this.startInProgress = next;
    const done = (): void => {
      if (this.startInProgress === next) this.startInProgress = undefined;
    };
    next.then(done, done);
    return next;
  }

  private async startNow(game: Game): Promise<boolean> {
    // A solution playing out stops before the question, as for the board's own New game button:
    // from the command palette it went on under the Abandon dialog, once to a win the dialog
    // still called a loss (found by a play-test).
    this.playerActedEmitter.fire();
    // A game stored but on no board (its tab closed before a reload, or its window closed) is
    // this window's game in progress too: it is asked about and counted, never left behind.
    await this.ensureSession({ dealWhenNone: false });
    if (!(await this.mayAbandon())) return false;
    const previous = this.session;
    // Nothing could be written: the player was told, and the game stays on the board.
    if (!(await this.endCurrent('abandoned'))) return false;
    if (previous) void this.claims.release(previous.id).catch((error: unknown) => this.log.warn(`Could not release a game claim: ${String(error)}`));
    const session = this.core.begin(game);
    await this.claim(session.id);
    this.adopt(session);
    this.ensurePanel().reveal();
    this.push();
    await this.persist();
    return true;
  }

  /**
   * Restores a board tab that VS Code brings back after a reload (the serializer). `state` is
   * what the webview kept: the id of the game it showed, so each window gets its own game.
   */
  async restorePanel(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
    if (this.panel) {
      // One board per window: a second restored tab would show the same game twice.
      webviewPanel.dispose();
      return;
    }
    this.panel = new BoardPanel(webviewPanel, this.extensionUri, this.log, this.handlers());
    const gameId = typeof state === 'object' && state !== null ? (state as { gameId?: unknown }).gameId : undefined;
    // The game this tab showed, unless another window plays it already (then the latest free one).
    if (!this.session && typeof gameId === 'string' && (await this.claim(gameId))) {
      const restored = await this.store.byId(gameId, readSettings().autoPlay);
      if (restored) this.adopt(this.core.begin(restored.game, restored.saved));
      else void this.claims.release(gameId).catch(() => undefined);
    }
    await this.ensureSession();
    this.push();
  }

  /**
   * The game of this window; when there is none, the latest stored one, else (unless told not
   * to) a new deal.
   */
  private async ensureSession(options: { dealWhenNone: boolean } = { dealWhenNone: true }): Promise<void> {
    if (this.session) return;
    const settings = readSettings();
    const restored = await this.store.claimLatest(settings.autoPlay, {
      claim: (id) => this.claim(id),
      heldElsewhere: (ids) => this.claims.heldElsewhere(ids).catch(() => new Set<string>()),
    });
    if (restored) this.adopt(this.core.begin(restored.game, restored.saved));
    else if (options.dealWhenNone) {
      const session = this.core.begin(this.factory.randomGame(settings.defaultVariant, settings));
      await this.claim(session.id);
      this.adopt(session);
    }
  }

  /**
   * Claims a game for this window; false when another window holds it. A folder that cannot be
   * written does not stop play: the claim is then taken as granted (and logged).
   */
  private async claim(id: string): Promise<boolean> {
    try {
      return await this.claims.claim(id);
    } catch (error) {
      this.log.warn(`Could not claim game ${id} for this window: ${String(error)}`);
      return true;
    }
  }

  /** Sets where ended games are recorded; a game's stored copy goes only once this wrote it. */
  setRecorder(recorder: GameRecorder): void {
    this.recorder = recorder;
  }

  undo(): void {
    this.core.undo();
  }

  redo(): void {
    this.core.redo();
  }

  /**
   * Back to the start of the deal. With moves played this ends the attempt (it counts as a
   * loss, after asking) and starts a new record on the same deal.
   */
  async restart(): Promise<boolean> {
    const session = this.session;
    if (!session) return false;
    if (!session.hasMoves) return true;
    return this.start(this.factory.sameDeal(session.game, readSettings()));
  }

  /** Adds a part of the view (the solver's hint, badge and playback; the par) to every view sent. */
  addViewDecorator(decorate: (session: GameSession) => Partial<BoardView>): void {
    this.decorators.push(decorate);
  }

  /** Plays one move of a solution (checked by the engine); false when it does not apply here. */
  playSolverMove(move: Move): boolean {
    return this.core.playSolverMove(move);
  }

  /** Sends the current view again (after the hint or the badge changed). */
  redraw(): void {
    this.push();
  }

  /** Ends the game as lost because the solver proved it (the player accepted). */
  async acceptProvedLoss(): Promise<boolean> {
    const session = this.session;
    if (!session || this.endedIds.has(session.id) || session.currentVerdict() !== 'lost') return false;
    if (!(await this.endCurrent('lost', true))) return false;
    // The game has ended: the board shows so, and takes no more moves (a later win cannot count).
    session.markCountedLost();
    this.updateClock();
    this.push();
    return true;
  }

  /** Whether a game is stored (the status bar offers it even before this window takes one up). */
  get hasStoredGame(): boolean {
    return this.store.ids().length > 0;
  }

  /**
   * The stored game that showing the board would take up, when this window has none (the latest
   * that no other window plays), without claiming it: for the status bar to name it.
   */
  async nextStoredGame(): Promise<{ game: Game; elapsedMillis: number } | undefined> {
    if (this.session) return undefined;
    const held = await this.claims.heldElsewhere(this.store.ids()).catch(() => new Set<string>());
    const latest = await this.store.latest(readSettings().autoPlay, held);
    return latest && { game: latest.game, elapsedMillis: latest.saved.elapsedMs };
  }

  /** Whether the current game has already been counted (won, or lost by the player's word). */
  get currentGameEnded(): boolean {
    return this.session !== undefined && this.endedIds.has(this.session.id);
  }

  /** Plays a game state reached by a checked move (the webview's, or a test's). */
  playMove(message: MoveMessage): void {
    this.core.move(message);
  }

  /** Re-sends the view, e.g. after a setting changed. */
  refresh(): void {
    const settings = readSettings();
    this.session?.setAutoplay(settings.autoPlay);
    this.push();
  }

  private stopSaveTimer(): void {
    if (this.saveTimer) clearInterval(this.saveTimer);
    this.saveTimer = undefined;
  }

  dispose(): void {
    this.stopSaveTimer();
    void this.persist();
    this.panel?.dispose();
    this.endedEmitter.dispose();
    this.changedEmitter.dispose();
    this.playedEmitter.dispose();
    this.playerActedEmitter.dispose();
  }

  /** Announces a game that `core.begin` has just put on the table. */
  private adopt(session: GameSession): void {
    this.updateClock();
    this.changedEmitter.fire();
    this.playedEmitter.fire(session);
  }

  private ensurePanel(): BoardPanel {
    this.panel ??= BoardPanel.create(this.extensionUri, this.log, this.handlers());
    return this.panel;
  }

  private handlers() {
    return {
      onReady: () => {
        this.updateClock();
        this.push();
      },
      onMove: (message: MoveMessage) => this.playMove(message),
      onCommand: (command: BoardCommand) => void this.runBoardCommand(command),
      onFocus: (focused: boolean) => this.boardFocusChanged(focused),
      onVisibilityChange: (visible: boolean) => {
        if (!visible) this.setBoardFocused(false);
        // A solution plays out to be seen: hidden, it stops (it went on unseen, with the clock stopped, to a win of 0:02; a play-test).
        if (!visible) this.playerActedEmitter.fire();
        this.updateClock();
        this.push();
        void this.persist();
      },
      onDispose: () => {
        this.panel = undefined;
        this.setBoardFocused(false);
        // As when hidden: a solution playing out stops with its board.
        this.playerActedEmitter.fire();
        this.session?.clock.pause();
        void this.persist();
        // The game stays this window's game in progress (and stored): Show Board brings it back,
        // and starting another asks about it and counts it, as with the tab open.
        this.changedEmitter.fire();
      },
    };
  }

  /** Whether the board's page has the keyboard focus (the webview says so on focus and blur). */
  get boardFocused(): boolean {
    return this.focused;
  }

  /**
   * Our keybindings act only while the board has the keyboard focus: the context key
   * `bakersGame.boardFocused` follows the webview's focus and blur, and is off once the tab is
   * hidden or closed (a hidden page may never say it lost the focus).
   */
  private setBoardFocused(focused: boolean): void {
    if (this.focused === focused) return;
    this.focused = focused;
    void vscode.commands.executeCommand('setContext', 'bakersGame.boardFocused', focused);
  }

  /**
   * The board's frame gained or lost the player's focus: the clock follows it, and when it
   * started or stopped, the board shows so and the time is stored. (Hidden or closed, the board
   * loses the focus too; those handlers update the clock, the board and the store themselves.)
   */
  private boardFocusChanged(focused: boolean): void {
    const running = this.session?.clock.running;
    this.setBoardFocused(focused);
    this.updateClock();
    if (this.session && running !== this.session.clock.running) {
      this.push();
      void this.persist();
    }
  }

  private async runBoardCommand(command: BoardCommand): Promise<void> {
    if (command !== 'playSolution') this.playerActedEmitter.fire();
    switch (command) {
      case 'undo':
        return this.undo();
      case 'redo':
        return this.redo();
      case 'restart':
        await this.restart();
        return;
      case 'newGame':
        await vscode.commands.executeCommand('bakersGame.newGame');
        return;
      case 'sameDeal':
        if (this.session) await this.start(this.factory.sameDeal(this.session.game, readSettings()));
        return;
      case 'hint':
      case 'solve':
      case 'playSolution':
      case 'undoToWinnable':
      case 'acceptLoss':
        await vscode.commands.executeCommand(`bakersGame.${command}`);
        return;
      case 'review':
        // The game on the board has ended (won, or counted as lost): its record is the one to review.
        await vscode.commands.executeCommand('bakersGame.reviewGame', this.session?.id);
        return;
      case 'stopPlayback':
        return;
    }
  }

  private async mayAbandon(): Promise<boolean> {
    const session = this.session;
    // Nothing to lose: no game, no move yet, or a game that has ended (won, or counted as lost).
    if (!session || !session.hasMoves || session.status === 'won' || this.endedIds.has(session.id)) return true;
    if (!readSettings().confirmAbandon) return true;
    const abandon = vscode.l10n.t('Abandon');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Abandon the game in progress? It counts as a loss.'),
      { modal: true },
      abandon,
    );
    return answer === abandon;
  }

  /**
   * Records the end of the current game once, and only then forgets its stored copy. A game
   * without moves is not counted. Resolves false when the record could not be written anywhere:
   * the player has been told, and the game stays in progress and stored.
   */
  private async endCurrent(result: GameResult, provedLost = false): Promise<boolean> {
    const session = this.session;
    if (!session || this.endedIds.has(session.id)) return true;
    if (result === 'abandoned' && !session.hasMoves) {
      await this.forgetStored(session.id);
      return true;
    }
    // Marked first: a second call while the record is being written must not count it again.
    this.endedIds.add(session.id);
    session.clock.pause();
    // A won game is won, whatever ends it (its record may have failed before and be retried now).
    // A game given up when it was stuck, or proved lost, is lost rather than abandoned.
    const proved = provedLost || (result === 'abandoned' && session.currentVerdict() === 'lost');
    const given: GameResult = session.status === 'won' ? 'won' : result === 'abandoned' && (session.status === 'stuck' || proved) ? 'lost' : result;
    const ended: EndedGame = {
      saved: session.toSaved(new Date()),
      result: given,
      moves: session.game.done.length,
      withHelp: session.withHelp,
      provedLost: given === 'lost' && proved,
      helpTurns: session.helpTurns(),
    };
    if (!(await this.recorder(ended))) {
      this.endedIds.delete(session.id);
      await this.persist();
      this.updateClock();
      return false;
    }
    this.endedEmitter.fire(ended);
    await this.forgetStored(session.id);
    return true;
  }

  private async forgetStored(id: string): Promise<void> {
    try {
      await this.store.remove(id);
    } catch (error) {
      this.log.error(`Could not remove an ended game from the store: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private afterChange(): void {
    if (this.session?.status === 'won') void this.endCurrent('won');
    this.updateClock();
    this.push();
    void this.persist();
    if (this.session) this.playedEmitter.fire(this.session);
  }

  private updateClock(): void {
    const session = this.session;
    if (!session) return;
    // The clock starts with the first move, as in the classic games, and runs while the board
    // has the player's focus: hidden, or left for another window or another part of VS Code, it
    // stops (a board in a second window counted time against its game). The board's own frame
    // tells: a browser's workbench does not hear of a focus change inside a webview, and its
    // window state stayed "focused" after the player left, or "not focused" while they played
    // (a play-test in code-server).
    const playing = session.hasMoves && session.status !== 'won' && !this.endedIds.has(session.id);
    if (playing && this.panel?.visible && this.focused) session.clock.start();
    else session.clock.pause();
    // The time is stored with every move, and every few seconds while the player thinks: a
    // reload took the clock back to the last move's time (0:28 came back as 0:02; a play-test),
    // and a remote or browser window's storage does not wait for a goodbye when it reloads.
    if (session.clock.running) this.saveTimer ??= setInterval(() => void this.persist(), SAVE_TIME_EVERY_MS);
    else this.stopSaveTimer();
    this.changedEmitter.fire();
  }

  private push(): void {
    const { session, panel } = this;
    if (!session || !panel) return;
    const settings = readSettings();
    let view: BoardView = session.view({ fourColourDeck: settings.fourColourDeck, animations: settings.animations }, this.words());
    for (const decorate of this.decorators) view = { ...view, ...decorate(session) };
    const deal = session.game.dealNumber === null ? '' : ` #${session.game.dealNumber}`;
    panel.showState(view, `${variantName(session.game.variant, vscode.l10n.t)}${deal}`);
    this.changedEmitter.fire();
  }

  /**
   * Stores the game in progress now: help just taken must survive a reload before the next move,
   * and so must the time played since the last move when the window reloads or closes.
   */
  saveProgress(): Promise<void> {
    return this.persist();
  }

  private async persist(): Promise<void> {
    const session = this.session;
    if (!session || this.endedIds.has(session.id)) return;
    try {
      await this.store.save(session.toSaved(new Date()));
    } catch (error) {
      this.log.error(`Could not store the game in progress: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
