import * as vscode from 'vscode';
import { Assistant } from './assist/assistant';
import { ParFinder } from './assist/parFinder';
import { SolverService, type SolverBackend } from './assist/solverService';
import { BoardController, type GameClaimsLike } from './boardController';
import { BOARD_VIEW_TYPE } from './boardPanel';
import { registerCommands } from './commands';
import { randomGameFactory } from './gameFactory';
import { GameStore } from './gameStore';
import { boardWords } from './i18n/boardWords';
import { SETTINGS_SECTION, readSettings } from './settings';
import { StatisticsChart } from './stats/chartPanel';
import type { HistoryStore } from './stats/historyStore';
import { StatisticsService } from './stats/statisticsService';
import { StatisticsTreeProvider } from './stats/statisticsTree';
import { registerStatisticsCommands } from './stats/statsCommands';
import { registerReviewCommands } from './review/reviewCommands';
import { ReviewPanel } from './review/reviewPanel';
import { GameStatusBar } from './statusBar';

/** What the extension returns from `activate`; integration tests use it to observe the host. */
export interface BakersGameApi {
  readonly controller: BoardController;
  readonly statusBar: GameStatusBar;
  readonly store: GameStore;
  readonly statistics: StatisticsService;
  readonly statisticsTree: StatisticsTreeProvider;
  /** The statistics chart tab (Show Statistics Chart). */
  readonly chart: StatisticsChart;
  readonly solver: SolverService;
  readonly assistant: Assistant;
  /** The background search for each deal's par. */
  readonly par: ParFinder;
  /** Review mode: a finished game replayed with the solver's marks. */
  readonly review: ReviewPanel;
  /** How long `activate` took, in milliseconds (the figure for the README). */
  readonly activationMillis: number;
  /** Which extension host runs the extension. */
  readonly platform: HostPlatform['kind'];
}

/**
 * What differs between the desktop (Node extension host) and the browser (web worker extension
 * host): where the history is kept, how windows claim stored games, and where the solver runs.
 * Everything else is one code path.
 */
export interface HostPlatform {
  /** `node` on a desktop or a remote server, `web` in a browser's web worker extension host. */
  readonly kind: 'node' | 'web';
  /** The store of finished games. */
  history(context: vscode.ExtensionContext): HistoryStore;
  /** This window's claims on stored games, released when the window closes. */
  claims(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): GameClaimsLike & { dispose(): Promise<void> };
  /** Makes the solver's backend (once, on the first request); it starts its worker lazily, and again after a stop. */
  solver(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): SolverBackend;
  /** Where Export Statistics starts without a workspace folder; `undefined` where there is no home folder. */
  readonly home: vscode.Uri | undefined;
}

let activeController: BoardController | undefined;

/**
 * For `deactivate`: stores the game in progress with its time up to now, where the window's
 * storage still takes it (a desktop window closing); the board also stores it every few seconds.
 */
export function storeGameInProgress(): Promise<void> {
  return activeController?.saveProgress() ?? Promise.resolve();
}

/**
 * Starts the extension on a platform: commands, the board serializer, the statistics view, the
 * status bar. `extension.ts` (desktop) and `webExtension.ts` (browser) call it.
 */
export function activateOn(context: vscode.ExtensionContext, platform: HostPlatform): BakersGameApi {
  const activationStarted = performance.now();
  const log = vscode.window.createOutputChannel("Baker's Game", { log: true });
  const store = new GameStore(context.globalState, (reason) => {
    log.warn(`A stored game could not be restored and was set aside: ${reason}`);
    void vscode.window.showWarningMessage(vscode.l10n.t('A saved game could not be restored and was set aside: {0}', reason));
  });
  // The display language is fixed for the window's life: the words are made once.
  const words = boardWords(vscode.l10n.t);
  // Which stored games this window plays, so two windows never play the same saved game.
  const claims = platform.claims(context, log);
  const controller = new BoardController(context.extensionUri, store, log, () => words, randomGameFactory, claims);
  activeController = controller;
  const statusBar = new GameStatusBar(controller);
  const solver = new SolverService(() => platform.solver(context, log), log);
  const assistant = new Assistant(controller, solver, () => words, () => {
    const settings = readSettings();
    return { showBadge: settings.showWinnableBadge, playbackDelayMs: settings.playbackDelayMs };
  });
  // Par and review search in a worker of their own: Hint and the badge never wait behind them.
  const background = new SolverService(() => platform.solver(context, log), log);
  const par = new ParFinder(controller, background);
  const manifestVersion = (context.extension.packageJSON as { version?: unknown }).version;
  const version = typeof manifestVersion === 'string' ? manifestVersion : '0.0.0';
  const statistics = new StatisticsService(platform.history(context), context.globalState, log, version);
  const tree = new StatisticsTreeProvider(statistics);
  const chart = new StatisticsChart(context.extensionUri, statistics, log);
  // Leaving a review brings back the board's tab, with its game as it was.
  const review = new ReviewPanel(context.extensionUri, background, () => words, log, () => controller.currentPanel?.reveal());
  void statistics.load();
  // A game's stored copy goes only once its record is written (in the history, or kept waiting).
  controller.setRecorder((ended) => statistics.record({ ...ended, par: par.parOf(ended.saved.id)?.moves }));

  context.subscriptions.push(
    log,
    controller,
    statusBar,
    statistics,
    tree,
    chart,
    vscode.commands.registerCommand('bakersGame.showStatisticsChart', () => void chart.show()),
    vscode.window.registerTreeDataProvider('bakersGame.statistics', tree),
    { dispose: () => void claims.dispose() },
    ...registerStatisticsCommands(statistics, platform.home),
    vscode.window.registerWebviewPanelSerializer(BOARD_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => controller.restorePanel(panel, state),
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SETTINGS_SECTION)) return;
      controller.refresh();
      assistant.settingsChanged();
    }),
    ...registerCommands(context, controller, solver),
    solver,
    assistant,
    background,
    par,
    review,
    ...registerReviewCommands(statistics, review),
    vscode.commands.registerCommand('bakersGame.hint', () => assistant.showHint()),
    vscode.commands.registerCommand('bakersGame.solve', () => assistant.solveWithProgress()),
    vscode.commands.registerCommand('bakersGame.playSolution', () => assistant.playSolution()),
    vscode.commands.registerCommand('bakersGame.copySolution', () => assistant.copySolution()),
    vscode.commands.registerCommand('bakersGame.stopSolution', () => assistant.stopPlayback()),
    vscode.commands.registerCommand('bakersGame.undoToWinnable', () => assistant.undoToWinnable()),
    vscode.commands.registerCommand('bakersGame.acceptLoss', () => controller.acceptProvedLoss()),
    controller.onDidChange(() => {
      void vscode.commands.executeCommand('setContext', 'bakersGame.boardOpen', controller.currentPanel !== undefined);
    }),
  );
  const activationMillis = performance.now() - activationStarted;
  log.info(`Activated in ${activationMillis.toFixed(1)} ms (${platform.kind} extension host)`);
  return { controller, statusBar, store, statistics, statisticsTree: tree, chart, solver, assistant, par, review, activationMillis, platform: platform.kind };
}
