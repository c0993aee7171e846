import * as vscode from 'vscode';
import { BoardPanel } from './boardPanel';
import { StatisticsTreeProvider } from './statisticsTree';

/** What the extension returns from `activate`; integration tests use it to observe the host. */
export interface BakersGameApi {
  /** The board open in this window, if any. */
  currentBoard(): BoardPanel | undefined;
}

/** Starts the extension: commands, the statistics view, the log. */
export function activate(context: vscode.ExtensionContext): BakersGameApi {
  const log = vscode.window.createOutputChannel("Baker's Game", { log: true });
  const manifestVersion = (context.extension.packageJSON as { version?: unknown }).version;
  const version = typeof manifestVersion === 'string' ? manifestVersion : '0.0.0';
  let board: BoardPanel | undefined;

  const statistics = new StatisticsTreeProvider();
  context.subscriptions.push(
    log,
    statistics,
    vscode.window.registerTreeDataProvider('bakersGame.statistics', statistics),
    vscode.commands.registerCommand('bakersGame.newBakersGame', () => {
      if (board) {
        board.reveal();
        return board.panel;
      }
      const opened = BoardPanel.open(context.extensionUri, log, version);
      board = opened;
      opened.panel.onDidDispose(() => {
        if (board === opened) board = undefined;
      });
      return opened.panel;
    }),
    { dispose: () => board?.dispose() },
  );

  return { currentBoard: () => board };
}

/** Nothing to release beyond the subscriptions VS Code disposes itself. */
export function deactivate(): void {}
