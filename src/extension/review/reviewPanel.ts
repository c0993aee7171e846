import * as vscode from 'vscode';
import { playMove, type Move } from '../../engine';
import type { HostToReviewMessage, MarkView, ReviewView } from '../../protocol/reviewMessages';
import type { BoardView } from '../../protocol/webviewMessages';
import { REVIEW_BUDGET } from '../assist/budgets';
import type { SolverService } from '../assist/solverService';
import { strictPageHtml } from '../boardHtml';
import { boardWebviewOptions } from '../boardPanel';
import { buildBoardView, moveView, spokenMove, type ViewWords } from '../boardView';
import { variantName } from '../i18n/variantText';
import { markSpoken, reviewStrings } from '../i18n/reviewWords';
import { createNonce } from '../nonce';
import { readSettings } from '../settings';
import type { GameRecord, GameResultKind } from '../stats/gameRecord';
import { ReviewAnalysis, type PositionVerdict } from './reviewAnalysis';
import { gameAt, reviewedGameFromRecord, type ReviewedGame } from './reviewedGame';
import { checkReviewMessage } from './reviewMessageGuard';

/** The webview panel type of the review tab. */
export const REVIEW_VIEW_TYPE = 'bakersGame.review';
/** Marks are sent at most this often while the solver streams them. */
const SEND_EVERY_MS = 60;

const t = vscode.l10n.t;

/** The record's title: "Baker's Game #123". */
export function recordTitle(record: GameRecord): string {
  const deal = record.deal === null ? t('imported deal') : `#${record.deal}`;
  return `${variantName(record.variant, t)} ${deal}`;
}

function verdictText(verdict: PositionVerdict | undefined): string {
  switch (verdict?.kind) {
    case 'winnable':
      if (verdict.length === undefined) return t('Winnable');
      if (verdict.length === 0) return t('Won');
      if (verdict.length === 1) return t('Winnable: 1 move to a win (the shortest the solver found)');
      // Before the solver's answer for this position, the count is the game's own line or one
      // bounded by later positions: "45 moves, the shortest the solver found" was said while the
      // solver then found 41 (a play-test), and a screen reader does not hear the figure change.
      return verdict.provisional
        ? t('Winnable: at most {0} moves to a win (still analysing)', verdict.length)
        : t('Winnable: {0} moves to a win (the shortest the solver found)', verdict.length);
    case 'lost':
      return t('Lost: the solver proved that no line of play wins from here');
    case 'unknown':
      return t('Unknown: the solver found no answer within its budget');
    default:
      return t('Analysing…');
  }
}

/**
 * Review mode: a finished game in a tab of its own, from the start position to the end, with
 * the solver's verdict on every move streamed in as the background worker finds them. The game
 * in progress on the board is not touched; leaving the review brings its tab back.
 */
export class ReviewPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private reviewed: ReviewedGame | undefined;
  private analysis: ReviewAnalysis | undefined;
  private abort: AbortController | undefined;
  private index = 0;
  private ghost = false;
  private seq = 0;
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  private sent: ReviewView | undefined;
  private running: Promise<void> = Promise.resolve();
  private firstMarksAt: number | undefined;
  private startedAt = 0;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly solver: SolverService,
    private readonly words: () => ViewWords,
    private readonly log: vscode.LogOutputChannel,
    private readonly leave: () => void,
  ) {}

  /** The last state sent to the page (tests read it). */
  get lastView(): ReviewView | undefined {
    return this.sent;
  }

  /** The open review tab, if any. */
  get currentPanel(): vscode.WebviewPanel | undefined {
    return this.panel;
  }

  /** Milliseconds from opening the review to its first mark (figures). */
  get firstMarkMillis(): number | undefined {
    return this.firstMarksAt === undefined ? undefined : this.firstMarksAt - this.startedAt;
  }

  /** Resolves when the solver has answered for every position of the game under review. */
  analysed(): Promise<void> {
    return this.running;
  }

  /** Opens the review of `record`; false (after telling the player why) when it cannot be replayed. */
  open(record: GameRecord): boolean {
    const replayed = reviewedGameFromRecord(record);
    if (!replayed.ok) {
      this.log.warn(`Cannot review game ${record.id}: ${replayed.reason}`);
      void vscode.window.showInformationMessage(t('This game cannot be reviewed: {0}.', replayed.reason));
      return false;
    }
    this.abort?.abort();
    const reviewed = replayed.reviewed;
    this.reviewed = reviewed;
    const autoplay = reviewed.game.done.some((turn) => turn.moves.length > 1) || readSettings().autoPlay;
    const played = reviewed.game.done.map((turn) => turn.moves[0]).filter((move): move is Move => move !== undefined);
    const analysis = new ReviewAnalysis(reviewed.positions, played, reviewed.helpTurns, autoplay);
    this.analysis = analysis;
    this.index = 0;
    this.ghost = false;
    this.startedAt = Date.now();
    this.firstMarksAt = undefined;
    const abort = new AbortController();
    this.abort = abort;
    this.ensurePanel(recordTitle(record));
    this.running = analysis
      .run((position, signal) => this.solver.solve(position, REVIEW_BUDGET, { signal, shorten: true }), abort.signal, () => {
        this.firstMarksAt ??= Date.now();
        this.scheduleSend();
      })
      .then(() => this.send());
    this.send();
    return true;
  }

  /** Handles one message as if the page had sent it. Untrusted: checked first. */
  receive(raw: unknown): void {
    const message = checkReviewMessage(raw);
    if (!message) {
      this.log.warn('Ignored a message from the review page');
      return;
    }
    switch (message.type) {
      case 'ready':
        break;
      case 'goto':
        this.index = Math.min(message.index, this.analysis?.moveCount ?? 0);
        this.ghost = false;
        break;
      case 'better':
        this.ghost = message.show && this.analysis?.betterMove(this.index) !== undefined;
        break;
      case 'leave':
        this.panel?.dispose();
        this.leave();
        return;
    }
    this.send();
  }

  private ensurePanel(title: string): void {
    const fullTitle = t('Review: {0}', title);
    if (this.panel) {
      this.panel.title = fullTitle;
      this.panel.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel(REVIEW_VIEW_TYPE, fullTitle, vscode.ViewColumn.Active, boardWebviewOptions(this.extensionUri));
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'activity.svg');
    const webview = panel.webview;
    const asWebviewUri = (...path: string[]): string => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    webview.html = strictPageHtml(
      { cspSource: webview.cspSource, scriptUri: asWebviewUri('dist', 'review.js'), styleUri: asWebviewUri('media', 'board.css'), nonce: createNonce(), title: fullTitle },
      '<sol-review></sol-review>',
      [`img-src ${webview.cspSource} data:`],
    );
    this.panel = panel;
    this.disposables.push(
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidDispose(() => {
        this.abort?.abort();
        this.panel = undefined;
        this.sent = undefined;
        while (this.disposables.length > 0) this.disposables.pop()?.dispose();
      }),
    );
  }

  private scheduleSend(): void {
    if (this.sendTimer !== undefined) return;
    this.sendTimer = setTimeout(() => {
      this.sendTimer = undefined;
      this.send();
    }, SEND_EVERY_MS);
  }

  private send(): void {
    const { panel, reviewed, analysis } = this;
    if (!panel || !reviewed || !analysis) return;
    const view = this.view(reviewed, analysis);
    this.sent = view;
    const message: HostToReviewMessage = { type: 'review', view };
    void panel.webview.postMessage(message);
  }

  private view(reviewed: ReviewedGame, analysis: ReviewAnalysis): ReviewView {
    const words = this.words();
    const total = analysis.moveCount;
    const index = this.index;
    const verdicts = analysis.verdicts();
    const marks: MarkView[] = analysis.marks().map((mark) => {
      const spoken = markSpoken(t, mark.move, mark.kind, mark.extra, mark.help);
      // A detour or the losing move names the move that was better instead of it: from its mark,
      // "Show the better move" shows the one after it (a play-test took that for the detour's).
      const instead = mark.kind === 'detour' || mark.kind === 'losing' ? analysis.betterMove(mark.move - 1) : undefined;
      return { ...mark, spoken: instead ? t('{0}; better: {1}', spoken, spokenMove(instead, reviewed.positions[mark.move - 1], words)) : spoken };
    });
    const better = analysis.betterMove(index);
    const at = gameAt(reviewed, index);
    let shown = at;
    let ghost: ReviewView['ghost'];
    let hint: BoardView['hint'];
    if (this.ghost && better) {
      const played = playMove(at, better);
      if (played.ok) {
        shown = played.value;
        const spoken = spokenMove(better, at.position, words);
        ghost = { spoken: t('The better move: {0}', spoken) };
        hint = { move: moveView(better), spoken };
      }
    }
    const settings = readSettings();
    const board: BoardView = {
      ...buildBoardView(shown, {
        gameId: `review-${reviewed.id}`,
        seq: ++this.seq,
        elapsedSeconds: 0,
        clockRunning: false,
        settings: { fourColourDeck: settings.fourColourDeck, animations: settings.animations },
        words,
      }),
      legalMoves: [],
      status: 'playing',
      canUndo: false,
      canRedo: false,
      ...(hint ? { hint } : {}),
    };
    const turn = reviewed.game.done[index - 1];
    const first = turn?.moves[0];
    const positionText =
      index === 0 || !turn || !first ? t('Start position') : t('After move {0} of {1}: {2}', index, total, spokenMove(first, turn.before, words));
    const { record } = reviewed;
    const result = resultText(record.result, record.moves);
    const par = typeof record.par === 'number' ? ` · ${t('par {0}', record.par)}` : '';
    return {
      reviewId: reviewed.id,
      title: `${recordTitle(record)} · ${result}${par}`,
      total,
      index,
      positionText,
      verdictText: verdictText(verdicts[index]),
      board,
      marks,
      progressText: analysis.done ? '' : t('Analysing: {0} of {1} positions', analysis.answered, total + 1),
      canShowBetter: better !== undefined,
      ...(ghost ? { ghost } : {}),
      strings: reviewStrings(t),
    };
  }

  dispose(): void {
    this.abort?.abort();
    if (this.sendTimer !== undefined) clearTimeout(this.sendTimer);
    this.panel?.dispose();
  }
}

/** How a reviewed game ended, with its count of moves ("1 move" has its own words). */
function resultText(result: GameResultKind, moves: number): string {
  if (moves === 1) return result === 'won' ? t('won in 1 move') : result === 'lost' ? t('lost after 1 move') : t('abandoned after 1 move');
  return result === 'won' ? t('won in {0} moves', moves) : result === 'lost' ? t('lost after {0} moves', moves) : t('abandoned after {0} moves', moves);
}
