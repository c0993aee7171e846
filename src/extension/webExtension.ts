/**
 * The browser entry (`browser`, bundled to `dist/web/extension.js`): the extension in a web
 * worker extension host (vscode.dev, github.dev, code-server's browser host), where there is no
 * Node. The history is a folder of record files on `vscode.workspace.fs`, claims are Web Locks,
 * the solver is a Web Worker (on the host's thread, in short slices, where none can be started).
 */
import * as vscode from 'vscode';
import { activateOn, storeGameInProgress, type BakersGameApi, type HostPlatform } from './activate';
import { RecordFolderHistory } from './stats/recordFolder';
import { InThreadSolver } from './web/inThreadSolver';
import { WebLockClaims, type LockManagerLike } from './web/webLockClaims';
import { WebSolverClient, type WebWorkerLike } from './web/webSolverClient';
import { workspaceRecordFs } from './web/workspaceRecordFs';

export type { BakersGameApi } from './activate';

/** What this file uses of a browser's global scope (the host's tsconfig has no DOM library). */
interface BrowserGlobals {
  readonly Worker?: new (url: string, options?: { name?: string }) => WebWorkerLike;
  readonly navigator?: { readonly locks?: LockManagerLike };
}

const browser = globalThis as unknown as BrowserGlobals;

/** A worker from the bundled script: read through `vscode.workspace.fs`, started from a blob URL (remote extension files cannot be a worker's URL). */
function workerStarter(context: vscode.ExtensionContext): () => Promise<WebWorkerLike> {
  let url: Promise<string> | undefined;
  return async () => {
    const Worker = browser.Worker;
    if (!Worker) throw new Error('this extension host cannot start a Web Worker');
    url ??= Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'solverWorker.js'))).then(
      (script) => URL.createObjectURL(new Blob([script], { type: 'text/javascript' })),
      (error: unknown) => {
        url = undefined;
        throw error;
      },
    );
    return new Worker(await url, { name: "Baker's Game solver" });
  };
}

/** The web worker extension host's parts. */
const webPlatform: HostPlatform = {
  kind: 'web',
  history: (context) => new RecordFolderHistory(workspaceRecordFs(context.globalStorageUri), { base: context.globalStorageUri.toString() }),
  claims: (_context, log) => {
    const claims = new WebLockClaims(browser.navigator?.locks);
    if (!claims.exclusive) log.warn('No Web Locks here: two windows may restore the same saved game (it is still counted once).');
    return claims;
  },
  solver: (context, log) => {
    if (!browser.Worker) {
      log.warn(`No Web Worker here: the solver runs on the extension host, cut to 15 ms per request.`);
      return new InThreadSolver();
    }
    return new WebSolverClient(workerStarter(context), () => {
      log.warn(`No Web Worker could be started here: the solver runs on the extension host, cut to 15 ms per request.`);
      return new InThreadSolver();
    });
  },
  home: undefined,
};

/** Starts the extension in a browser's web worker extension host. */
export function activate(context: vscode.ExtensionContext): BakersGameApi {
  return activateOn(context, webPlatform);
}

/** Stores the game in progress with its time; the rest VS Code disposes itself. */
export function deactivate(): Promise<void> {
  return storeGameInProgress();
}
