/**
 * The desktop entry (`main`, bundled to `dist/extension.js`): the extension in a Node extension
 * host, on a desktop or a remote server. The history is a file with a lock, claims are lock
 * folders, the solver is a `worker_threads` worker.
 */
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { SolverClient } from '../solver/client';
import { activateOn, storeGameInProgress, type BakersGameApi, type HostPlatform } from './activate';
import { GameClaims } from './gameClaims';
import { HistoryFile } from './stats/historyFile';

export type { BakersGameApi } from './activate';

/** The Node extension host's parts. */
const nodePlatform: HostPlatform = {
  kind: 'node',
  history: (context) => new HistoryFile(context.globalStorageUri.fsPath),
  // Lock folders beside the history, freed when the window closes (or some seconds after it
  // crashed), so two windows never play the same saved game.
  claims: (context, log) =>
    new GameClaims(vscode.Uri.joinPath(context.globalStorageUri, 'claims').fsPath, {
      onLost: (id) => log.warn(`This window lost its claim on game ${id} (its lock folder was changed from outside)`),
    }),
  solver: (context) => new SolverClient(context.asAbsolutePath('dist/solverWorker.js'), { resourceLimits: { maxOldGenerationSizeMb: 256 } }),
  home: vscode.Uri.file(homedir()),
};

/** Starts the extension in a Node extension host. */
export function activate(context: vscode.ExtensionContext): BakersGameApi {
  return activateOn(context, nodePlatform);
}

/** Stores the game in progress with its time; the rest VS Code disposes itself. */
export function deactivate(): Promise<void> {
  return storeGameInProgress();
}
