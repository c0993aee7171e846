import * as vscode from 'vscode';
import { formatMoves, homeMoveOn, isHome, performMove, type Move, type Position } from '../../engine';
import type { BoardView } from '../../protocol/webviewMessages';
import type { BoardController } from '../boardController';
import { movedCard, moveView, spokenMove, type ViewWords } from '../boardView';
import type { GameSession } from '../gameSession';
import type { SolverAnswer, SolverService } from './solverService';
import { playerMoveCountSteps, playerMovesSteps } from '../review/playerMoves';
import { runInSlices } from '../review/sliced';

import { badgeBudget, badgeShortens, HINT_BUDGET, solveBudget } from './budgets';
/** The badge waits this long after a move, so fast play does not start a search per card. */
const BADGE_DEBOUNCE_MS = 120;

/** Read through a function: the status changes under the loop that checks it. */
const isWon = (session: GameSession): boolean => session.status === 'won';

/** What a verdict is about: the board asked about, how its solution counts, and whether it is the deal's start (a proof then says the deal cannot be won, not "any more"). */
interface AskedAbout {
  readonly position: Position;
  readonly autoplay: boolean;
  readonly fromStart: boolean;
}

function askedAbout(session: GameSession, position: Position): AskedAbout {
  return { position, autoplay: session.game.autoplay, fromStart: session.game.done.length === 0 };
}

/** Copy Solution's status text: the player's moves, then the single-card moves copied (never fewer). */
function copiedText(playerMoves: number, singleCardMoves: number): string {
  if (singleCardMoves === 1) return vscode.l10n.t('Solution copied: 1 move, 1 single-card move in long notation');
  if (playerMoves === 1) return vscode.l10n.t('Solution copied: 1 move, {0} single-card moves in long notation', singleCardMoves);
  return vscode.l10n.t('Solution copied: {0} moves, {1} single-card moves in long notation', playerMoves, singleCardMoves);
}

/**
 * The solver at the player's side: Hint, Solve, Play Solution, the "still winnable" badge,
 * and help recorded on the game. Every search runs in the worker; this class only decides
 * when to ask and what to show.
 */
export class Assistant implements vscode.Disposable {
  private hint: { seq: number; move: Move } | undefined;
  private playback: { stop: boolean } | undefined;
  private badgeTimer: ReturnType<typeof setTimeout> | undefined;
  private badgeAbort: AbortController | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The badge setting as last seen (see {@link settingsChanged}). */
  private badgeShown: boolean;
  /** Resolves when the badge check of the current position has finished (tests and figures). */
  private badgeDone: Promise<void> = Promise.resolve();
  /** Whether Hint's search is running (its progress is in the status bar; for tests). */
  hintSearching = false;
  /** The text of the last verdict shown by Solve or Hint (for tests: a notification cannot be read back). */
  lastVerdictText: string | undefined;
  /** The status bar text of the last Copy Solution while it shows (for tests: the status bar cannot be read back). */
  lastCopiedText: string | undefined;
  private copiedStatus: vscode.Disposable | undefined;

  constructor(
    private readonly controller: BoardController,
    private readonly solver: SolverService,
    private readonly words: () => ViewWords,
    private readonly settings: () => { showBadge: boolean; playbackDelayMs: number },
  ) {
    controller.addViewDecorator((session) => this.viewParts(session));
    this.badgeShown = settings().showBadge;
    this.subscriptions.push(
      controller.onDidChangePosition(() => {
        this.hint = undefined;
        this.scheduleBadge();
      }),
      controller.onPlayerAction(() => this.stopPlayback()),
    );
  }

  /** Waits for the pending badge check (for tests and the figures script). */
  async badgeSettled(): Promise<void> {
    for (;;) {
      const pending = this.badgeDone;
      await pending;
      if (pending === this.badgeDone && this.badgeTimer === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  get playingSolution(): boolean {
    return this.playback !== undefined;
  }

  /** Shows the next move of a real solution; asked again on the same position, plays it. */
  async showHint(): Promise<Move | undefined> {
    const session = this.controller.currentSession;
    if (!session) return undefined;
    // Asking for help takes the game back from a solution playing out: the hint is for the board
    // as it stops (the playback moved on under the search, and Hint did nothing at all).
    this.stopPlayback();
    if (this.hint && this.hint.seq === session.sequence) {
      const move = this.hint.move;
      this.hint = undefined;
      this.controller.playSolverMove(move);
      return move;
    }
    if (this.saidWonAlready(session)) return undefined;
    // Proved lost here or before (see GameSession.currentVerdict): no search can find a move.
    const position = session.game.position;
    const asked = session.sequence;
    const answer: SolverAnswer =
      session.currentVerdict() === 'lost' ? { verdict: 'unsolvable', moves: [], nodes: 0, millis: 0 } : await this.searchForHint(session, position);
    // The answer is about the position asked about, whatever the board shows by now.
    this.learn(session, position, answer);
    // The first move as a player makes it: a run moved at once, not its first card into a cell
    // (hints followed to the end then take as many moves as Solve says).
    const line = answer.verdict === 'solvable' && answer.moves.length > 0 ? ((await runInSlices(playerMovesSteps(position, answer.moves, session.game.autoplay))) ?? answer.moves) : [];
    if (this.controller.currentSession !== session) return undefined;
    if (session.sequence !== asked) {
      // The player moved (or undid) while the solver searched: this hint is not for the board.
      this.controller.redraw();
      return undefined;
    }
    const move = line.length > 0 ? homeMoveOn(position, line[0]) : undefined;
    if (!move) {
      const message =
        answer.verdict !== 'unsolvable'
          ? vscode.l10n.t('No hint: the solver found no solution within its budget.')
          : session.game.done.length === 0
            ? vscode.l10n.t('This deal cannot be won (proved). Start a new game.')
            : vscode.l10n.t('This position cannot be won any more (proved). Undo, or start a new game.');
      void vscode.window.showInformationMessage(message);
      this.controller.currentPanel?.showRefusal(message);
      this.controller.redraw();
      return undefined;
    }
    session.takeHint();
    void this.controller.saveProgress();
    this.hint = { seq: session.sequence, move };
    this.controller.redraw();
    return move;
  }

  /** On a game already won, says so (Hint and Solve have nothing to look for) and returns true. */
  private saidWonAlready(session: GameSession): boolean {
    if (session.status !== 'won') return false;
    const text = vscode.l10n.t('This game is won already.');
    this.lastVerdictText = text;
    void vscode.window.showInformationMessage(text);
    return true;
  }

  /**
   * The search behind Hint, shown in the status bar while it runs (a hard position can take its
   * whole budget, seconds, and the board showed nothing meanwhile). A move, an undo or another
   * game stops it: its answer would be about a board no longer shown, and the worker is left
   * free for the badge of the board that is.
   */
  private async searchForHint(session: GameSession, position: Position): Promise<SolverAnswer> {
    const boardChange = this.abortOnBoardChange(session);
    this.hintSearching = true;
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Looking for a hint…') }, () =>
        this.solver.solve(position, HINT_BUDGET, { signal: boardChange.abort.signal }),
      );
    } finally {
      this.hintSearching = false;
      boardChange.dispose();
    }
  }

  /**
   * An abort that fires when the board no longer shows `session` as it is now (a move, an undo,
   * another game): the search of Hint or Solve stops, its answer would be about another board.
   */
  private abortOnBoardChange(session: GameSession): { readonly abort: AbortController; dispose(): void } {
    const asked = session.sequence;
    const abort = new AbortController();
    const moved = this.controller.onDidChangePosition(() => {
      if (this.controller.currentSession !== session || session.sequence !== asked) abort.abort();
    });
    return {
      abort,
      dispose: () => {
        moved.dispose();
      },
    };
  }

  /**
   * Solves the current position with a cancellable progress notification and says the verdict.
   * A move, an undo or another game cancels it: its answer would be about a board no longer
   * shown ("Search Longer" would then search another one), and the worker is left free for the
   * badge of the board that is.
   */
  async solveWithProgress(chosen?: { maxNodes: number; maxMillis: number }): Promise<SolverAnswer | undefined> {
    const session = this.controller.currentSession;
    // As Hint: a solution playing out stops, and the verdict is about the board it stopped on.
    this.stopPlayback();
    if (!session || this.saidWonAlready(session)) return undefined;
    const budget = chosen ?? solveBudget(session.game.position.variant);
    const position = session.game.position;
    const boardChange = this.abortOnBoardChange(session);
    const { abort } = boardChange;
    let answer: SolverAnswer;
    try {
      answer = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Solving…'), cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => abort.abort());
          return this.solver.solve(position, budget, {
            signal: abort.signal,
            onProgress: (nodes) => progress.report({ message: vscode.l10n.t('{0} positions', nodes.toLocaleString()) }),
          });
        },
      );
    } finally {
      boardChange.dispose();
    }
    this.learn(session, position, answer);
    this.controller.redraw();
    await this.tellVerdict(answer, budget, askedAbout(session, position));
    return answer;
  }

  /**
   * Copies a solution from the current position in long notation, one token per move, so any
   * other program can replay it; says so when the position cannot be won.
   */
  async copySolution(): Promise<string | undefined> {
    // The last copy's message goes: beside this copy's answer it read as a new copy (a play-test).
    this.copiedStatus?.dispose();
    this.copiedStatus = undefined;
    this.lastCopiedText = undefined;
    const session = this.controller.currentSession;
    // Won: nothing to copy, and the player's clipboard is left alone (it was emptied; a play-test).
    if (!session || this.saidWonAlready(session)) return undefined;
    // Asked again when the board moved on while the solver searched: the copy is of the board shown.
    let asked: number;
    let about: AskedAbout;
    let answer: SolverAnswer;
    do {
      asked = session.sequence;
      about = askedAbout(session, session.game.position);
      answer = await this.solver.solve(about.position, HINT_BUDGET);
      this.learn(session, about.position, answer);
      if (this.controller.currentSession !== session) return undefined;
    } while (session.sequence !== asked);
    if (answer.verdict !== 'solvable') {
      void this.tellVerdict(answer, HINT_BUDGET, about);
      return undefined;
    }
    const text = formatMoves(answer.moves, session.game.variant);
    // Counted as Solve counts (the player's moves, runs at once) on the position solved, and the
    // tokens copied, one per card moved: the tokens alone read as a contradiction of Solve's count.
    const playerMoves = (await runInSlices(playerMoveCountSteps(about.position, answer.moves, about.autoplay))) ?? answer.moves.length;
    await vscode.env.clipboard.writeText(text);
    // The whole line in hand is help as much as Play Solution: a win after it is won with help.
    session.tookSolution();
    void this.controller.saveProgress();
    const status = copiedText(playerMoves, answer.moves.length);
    this.lastCopiedText = status;
    this.copiedStatus = vscode.window.setStatusBarMessage(status, 4000);
    return text;
  }

  /** Plays a solution out on the board, one move per delay; any move of the player stops it. */
  async playSolution(): Promise<boolean> {
    if (this.playback) return false;
    // A solution plays out to be seen: asked from the palette with the board behind another
    // editor, the board comes to the front first (it played a whole game unseen; a play-test).
    if (!this.controller.currentPanel?.visible && !(await this.controller.showVisible())) return false;
    const playback = { stop: false };
    this.playback = playback;
    this.controller.redraw();
    // The playback belongs to the game it started on: a new game, another deal or a restart
    // (from the palette too, which is no action on the board) ends it. It used to go on
    // solving and playing whatever game the board held next (found by a play-test).
    const session = this.controller.currentSession;
    try {
      let attempts = 0;
      while (session && !playback.stop) {
        if (this.controller.currentSession !== session) return false;
        if (session.status === 'won') return true;
        const position = session.game.position;
        const answer = await this.solver.solve(position, HINT_BUDGET);
        this.learn(session, position, answer);
        if (answer.verdict !== 'solvable') {
          void this.tellVerdict(answer, HINT_BUDGET, askedAbout(session, position));
          return false;
        }
        let diverged = false;
        // Played as a player would, as Solve counts it: a run moved at once is one move (the
        // solver writes it out card by card through the cells: "Won in 58" after "Winnable in 42"),
        // and auto-play's moves left to it. Else the solver's own moves.
        const line = await runInSlices(playerMovesSteps(position, answer.moves, session.game.autoplay));
        // The solution's own idea of the board: it tells which card each of its moves carries.
        let expected = session.game.position;
        for (const move of line ?? answer.moves) {
          if (playback.stop || this.controller.currentSession !== session) return false;
          if (isWon(session)) break;
          if (!line) {
            const card = movedCard(move, expected);
            expected = performMove(expected, move);
            // Auto-play already sent this card home: the solution's own move for it is done.
            if (card !== undefined && isHome(session.game.position, card)) continue;
          }
          await new Promise((resolve) => setTimeout(resolve, this.settings().playbackDelayMs));
          if (playback.stop || this.controller.currentSession !== session) return false;
          if (!this.controller.playSolverMove(move)) {
            diverged = true;
            break;
          }
        }
        if (!diverged) attempts = 0;
        else if (++attempts > 3) return false;
      }
      return false;
    } finally {
      if (this.playback === playback) this.playback = undefined;
      this.controller.redraw();
    }
  }

  stopPlayback(): void {
    if (this.playback) this.playback.stop = true;
  }

  /** Undoes back to the last position the solver proved winnable. */
  undoToWinnable(): void {
    const session = this.controller.currentSession;
    const move = session?.lastWinnableMove();
    if (!session || move === undefined) return;
    while (session.game.done.length >= move) {
      const before = session.game.done.length;
      this.controller.undo();
      if (session.game.done.length === before) break;
    }
  }

  /**
   * Says the verdict. A solution is counted in the player's moves from `about` (a run moved at
   * once is one move, a card auto-play sends home is none), as the move counter and the review's
   * par count them, not in the solver's single-card moves (it said "Winnable in 90 moves" of a
   * deal then won in 57).
   */
  private async tellVerdict(answer: SolverAnswer, budget: { maxNodes: number; maxMillis: number }, about: AskedAbout): Promise<void> {
    if (answer.verdict === 'solvable') {
      const play = vscode.l10n.t('Play Solution');
      const counted = await runInSlices(playerMoveCountSteps(about.position, answer.moves, about.autoplay));
      const count = counted ?? answer.moves.length;
      const text = count === 1 ? vscode.l10n.t('Winnable in 1 move.') : vscode.l10n.t('Winnable in {0} moves.', count);
      this.lastVerdictText = text;
      void this.offer(text, play, () => this.playSolution());
    } else if (answer.verdict === 'unsolvable') {
      const text = about.fromStart
        ? vscode.l10n.t('This deal cannot be won (proved by trying every line of play).')
        : vscode.l10n.t('This position cannot be won any more (proved by trying every line of play).');
      this.lastVerdictText = text;
      void vscode.window.showInformationMessage(text);
    } else if (answer.reason !== 'cancelled') {
      const longer = vscode.l10n.t('Search Longer');
      const text = vscode.l10n.t('Unknown: no answer within {0} positions.', answer.nodes.toLocaleString());
      this.lastVerdictText = text;
      void this.offer(text, longer, () => this.solveWithProgress({ maxNodes: budget.maxNodes * 10, maxMillis: budget.maxMillis * 5 }));
    }
  }

  /** A notification with one button; `then` runs when the player presses it (nobody waits for the choice). */
  private async offer(text: string, button: string, then: () => Promise<unknown>): Promise<void> {
    const choice = await vscode.window.showInformationMessage(text, button);
    if (choice === button) await then();
  }

  private learn(session: GameSession, position: Position, answer: SolverAnswer): void {
    if (answer.verdict === 'solvable') session.recordVerdict(position, 'winnable');
    if (answer.verdict === 'unsolvable') session.recordVerdict(position, 'lost');
  }

  /**
   * After a change of the settings: the badge switched on looks at the board at once (not only
   * after the next move), and switched off, its search stops.
   */
  settingsChanged(): void {
    const shown = this.settings().showBadge;
    if (shown === this.badgeShown) return;
    this.badgeShown = shown;
    this.scheduleBadge();
  }

  private scheduleBadge(): void {
    if (this.badgeTimer) clearTimeout(this.badgeTimer);
    this.badgeAbort?.abort();
    this.badgeTimer = undefined;
    if (!this.settings().showBadge) return;
    const session = this.controller.currentSession;
    if (!session || session.status === 'won' || session.currentVerdict() !== undefined) return;
    this.badgeTimer = setTimeout(() => {
      this.badgeTimer = undefined;
      const abort = new AbortController();
      this.badgeAbort = abort;
      const position = session.game.position;
      this.badgeDone = this.solver.solve(position, badgeBudget(position.variant), { signal: abort.signal, shorten: badgeShortens(position.variant) }).then((answer) => {
        if (abort.signal.aborted) return;
        this.learn(session, position, answer);
        if (this.controller.currentSession === session) this.controller.redraw();
      });
    }, BADGE_DEBOUNCE_MS);
  }

  private viewParts(session: GameSession): Partial<BoardView> {
    const parts: { -readonly [K in keyof BoardView]?: BoardView[K] } = {};
    if (this.playback) parts.playingSolution = true;
    if (this.hint && this.hint.seq === session.sequence) {
      const move = this.hint.move;
      parts.hint = { move: moveView(move), spoken: spokenMove(move, session.game.position, this.words()) };
    }
    if (this.settings().showBadge) {
      const verdict = session.currentVerdict();
      if (verdict) parts.verdict = verdict;
      if (verdict === 'lost') {
        const lostAt = session.lostAtMove() ?? (session.lostFromStart() ? 0 : undefined);
        if (lostAt !== undefined) parts.lostAtMove = lostAt;
        if (session.lastWinnableMove() !== undefined) parts.winnableBefore = true;
      }
    }
    return parts;
  }

  dispose(): void {
    this.copiedStatus?.dispose();
    this.stopPlayback();
    if (this.badgeTimer) clearTimeout(this.badgeTimer);
    this.badgeAbort?.abort();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
