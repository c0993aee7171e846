import {
  formatBoard,
  gameStatus,
  playMove,
  redo,
  restart,
  setAutoplay,
  undo,
  type Game,
  type GameStatus,
  type Position,
} from '../engine';
import type { BoardView, MoveMessage } from '../protocol/webviewMessages';
import { buildBoardView, type ViewSettings, type ViewWords } from './boardView';
import { GameClock } from './gameClock';
import { refusalText } from './i18n/refusalText';
import type { Translate } from './i18n/translate';
import { toSavedGame, type SavedGame } from './savedGame';

/**
 * Numbers the views of one window's board. Every game of the window draws its numbers from the
 * same counter, so a view of a new game always carries a higher number than any view of the
 * games before it, and a move made on an old game's board can never match the current one.
 */
export class ViewNumbering {
  private last = 0;

  /** The next number, higher than every number handed out before. */
  next(): number {
    return ++this.last;
  }
}

/** What happened to a move the player proposed. */
export type MoveResult = { readonly ok: true } | { readonly ok: false; readonly message: string; readonly stale: boolean };

/**
 * One game in the host: the engine's game, its clock and the sequence number that makes stale
 * moves from the webview harmless. It knows nothing of VS Code, so it is tested in plain Node.
 */
export class GameSession {
  private seq: number;
  readonly clock: GameClock;
  /** Set once a hint was taken or the solver played: a win then counts as "won with help". */
  withHelp = false;
  private lost = false;
  /** The moves (1-based) made with help; a move taken back loses its mark. */
  private readonly helped = new Set<number>();
  /** The last change played an undone move again (the board says "Redone:", not the move alone). */
  private redone = false;
  /** A hint is on the board: the player's next move is made with its help. */
  private hintShown = false;
  /** What the solver proved, by position (board text), so undo and other lines of play stay right. */
  private readonly verdicts = new Map<string, 'winnable' | 'lost'>();

  constructor(
    private current: Game,
    readonly id: string,
    readonly startedAt: string,
    elapsedMillis = 0,
    now: () => number = Date.now,
    private readonly numbering: ViewNumbering = new ViewNumbering(),
  ) {
    this.clock = new GameClock(elapsedMillis, now);
    this.seq = numbering.next();
  }

  get game(): Game {
    return this.current;
  }

  get status(): GameStatus {
    return gameStatus(this.current);
  }

  /** Whether the player has made a move (a game without moves is not counted when abandoned). */
  get hasMoves(): boolean {
    return this.current.done.length > 0 || this.current.undone.length > 0;
  }

  get sequence(): number {
    return this.seq;
  }

  /** Won or counted as lost: the game has ended and takes nothing more, not even undo. */
  get hasEnded(): boolean {
    return this.lost || gameStatus(this.current) === 'won';
  }

  /** Whether the game was counted as lost: it has ended, and takes no more moves. */
  get countedLost(): boolean {
    return this.lost;
  }

  /** Ends the game as lost (the player accepted the solver's proof); the board shows its end. */
  markCountedLost(): void {
    this.lost = true;
    this.clock.pause();
    this.seq = this.numbering.next();
  }

  /** Checks and plays a move from the webview; a move made on an older view, or on another game, is refused. */
  playFromWebview(message: MoveMessage, t: Translate): MoveResult {
    const otherGame = message.gameId !== undefined && message.gameId !== this.id;
    if (otherGame || message.seq !== this.seq) return { ok: false, message: t('The board changed before that move arrived; try again.'), stale: true };
    if (this.lost) return { ok: false, message: t('This game has ended. Start a new game or play the same deal again.'), stale: false };
    const played = playMove(this.current, { from: message.from, to: message.to, count: message.count });
    if (!played.ok) return { ok: false, message: refusalText(played.refusal, t), stale: false };
    this.replace(played.value);
    if (this.hintShown) this.helped.add(this.current.done.length);
    this.hintShown = false;
    return { ok: true };
  }

  /** A hint was shown: the game counts as won with help, and the next move as made with it. */
  takeHint(): void {
    this.withHelp = true;
    this.hintShown = true;
  }

  /** The last move was the solver's (a hint played, or Play Solution). */
  markLastMoveHelped(): void {
    this.withHelp = true;
    this.hintShown = false;
    this.helped.add(this.current.done.length);
  }

  /** A whole solution was handed to the player (copied): the game counts as won with help; no one move is marked. */
  tookSolution(): void {
    this.withHelp = true;
  }

  /** Help taken before the game was stored (see SavedGame.withHelp): the game and these turns (1-based) marked again. */
  restoreHelp(turns: readonly number[]): void {
    this.withHelp = true;
    for (const turn of turns) if (turn >= 1 && turn <= this.current.done.length) this.helped.add(turn);
  }

  /** The moves (1-based) of the current line of play that were made with help, in order. */
  helpTurns(): number[] {
    const played = this.current.done.length;
    return [...this.helped].filter((turn) => turn <= played).sort((a, b) => a - b);
  }

  /** Plays an already-checked game state (from undo, redo, restart, a solution step). */
  replace(game: Game): void {
    this.redone = false;
    this.current = game;
    for (const turn of this.helped) if (turn > game.done.length) this.helped.delete(turn);
    this.seq = this.numbering.next();
    if (gameStatus(game) === 'won') this.clock.pause();
  }

  /** Takes back the last move; with nothing to undo, changes nothing (not even the view's number). */
  undo(): boolean {
    // A game that has ended (won, or counted as lost) is counted: it cannot be played on.
    if (this.hasEnded) return false;
    const after = undo(this.current);
    if (after === this.current) return false;
    this.replace(after);
    return true;
  }

  /** Plays the last undone move again; with nothing to redo, changes nothing. */
  redo(): boolean {
    if (this.hasEnded) return false;
    const after = redo(this.current);
    if (after === this.current) return false;
    this.replace(after);
    this.redone = true;
    return true;
  }

  /** Back to the deal's start; the clock keeps counting (it is the same attempt). */
  restart(): void {
    this.replace(restart(this.current));
  }

  setAutoplay(on: boolean): void {
    if (this.current.autoplay !== on) this.current = setAutoplay(this.current, on);
  }

  /** Remembers what the solver proved about a position of this game. */
  recordVerdict(position: Position, verdict: 'winnable' | 'lost'): void {
    this.verdicts.set(formatBoard(position), verdict);
  }

  /**
   * The proof for the current position, if any: its own, or a loss proved for a position
   * before it in this game (whatever is played from a lost position stays lost). The look back
   * stops at the nearest position with a proof, which is most often the one before.
   */
  currentVerdict(): 'winnable' | 'lost' | undefined {
    const own = this.verdicts.get(formatBoard(this.current.position));
    if (own !== undefined) return own;
    const { done } = this.current;
    for (let index = done.length - 1; index >= 0; index--) {
      const earlier = this.verdicts.get(formatBoard(done[index].before));
      if (earlier === 'lost') return 'lost';
      if (earlier === 'winnable') return undefined;
    }
    return undefined;
  }

  /**
   * The move played from the last position proved winnable (1-based), or undefined when no
   * earlier position was proved winnable: Undo to Winnable goes back to before it.
   */
  lastWinnableMove(): number | undefined {
    const { done } = this.current;
    for (let index = done.length - 1; index >= 0; index--) {
      if (this.verdicts.get(formatBoard(done[index].before)) === 'winnable') return index + 1;
    }
    return undefined;
  }

  /**
   * The move that lost the game (1-based): the one played from the last position proved
   * winnable, when the position it led to was proved lost. Undefined when the positions after
   * that move were not decided before a later one was proved lost: the game was lost at one of
   * those moves, and which one is not known.
   */
  lostAtMove(): number | undefined {
    const move = this.lastWinnableMove();
    if (move === undefined) return undefined;
    const { done } = this.current;
    const after = move < done.length ? done[move].before : this.current.position;
    return this.verdicts.get(formatBoard(after)) === 'lost' ? move : undefined;
  }

  /** Whether the deal's start position (or the board's, before any move) was proved lost. */
  lostFromStart(): boolean {
    const { done } = this.current;
    const start = done.length > 0 ? done[0].before : this.current.position;
    return this.verdicts.get(formatBoard(start)) === 'lost';
  }

  /** The view for the webview, numbered with the current sequence. */
  view(settings: ViewSettings, words: ViewWords): BoardView {
    return buildBoardView(this.current, {
      gameId: this.id,
      seq: this.seq,
      elapsedSeconds: Math.floor(this.clock.elapsedMillis() / 1000),
      clockRunning: this.clock.running,
      settings,
      words,
      countedLost: this.lost,
      withHelp: this.withHelp,
      redone: this.redone,
    });
  }

  toSaved(now: Date): SavedGame {
    const proved = this.provedAlongLine();
    return toSavedGame(
      this.current,
      { id: this.id, elapsedMs: this.clock.elapsedMillis(), startedAt: this.startedAt, ...(proved ? { proved } : {}), withHelp: this.withHelp, helpTurns: this.helpTurns() },
      now,
    );
  }

  /** The positions of the line: the start, after each played turn, then after each undone turn in redo order. */
  private linePositions(): Position[] {
    const { start, done, undone } = this.current;
    return [start, ...done.map((turn) => turn.after), ...[...undone].reverse().map((turn) => turn.after)];
  }

  /** What was proved along the line (see {@link SavedGame.proved}), without the unknown tail; empty when nothing was. */
  private provedAlongLine(): string {
    // Stored at every move: with nothing proved (the badge off), no board is written out.
    if (this.verdicts.size === 0) return '';
    const letters = this.linePositions().map((position) => {
      const verdict = this.verdicts.get(formatBoard(position));
      return verdict === 'winnable' ? 'w' : verdict === 'lost' ? 'l' : '-';
    });
    return letters.join('').replace(/-+$/, '');
  }

  /** Takes back what a stored game says was proved along its line (see {@link SavedGame.proved}). */
  restoreProved(proved: string): void {
    const positions = this.linePositions();
    for (let index = 0; index < proved.length && index < positions.length; index++) {
      const letter = proved[index];
      if (letter === 'w') this.recordVerdict(positions[index], 'winnable');
      else if (letter === 'l') this.recordVerdict(positions[index], 'lost');
    }
  }
}
