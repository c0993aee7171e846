import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BakersGameApi } from '../../src/extension/extension';

const EXTENSION_ID = 'bakers-game.bakers-game';

async function activated(): Promise<BakersGameApi> {
  const extension = vscode.extensions.getExtension<BakersGameApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  // Activate first: otherwise executeCommand routes through the renderer and returns undefined.
  return extension.activate();
}

describe('the extension inside VS Code', () => {
  it('runs in a real extension host', () => {
    console.log(`VS Code ${vscode.version}, Node ${process.versions.node}, app host ${vscode.env.appHost}`);
    assert.match(vscode.version, /^\d+\.\d+\.\d+/);
  });

  it('is the copy under development', async () => {
    await activated();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(extension.isActive, true);
    assert.equal(extension.extensionPath, path.resolve(__dirname, '..', '..', '..'));
  });

  it('contributes its commands', async () => {
    await activated();
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('bakersGame.newBakersGame'), 'bakersGame.newBakersGame is not registered');
  });

  it('opens the board in an editor tab and the webview says ready', async () => {
    const api = await activated();
    const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>('bakersGame.newBakersGame');
    assert.ok(panel, 'New Baker\'s Game returned no panel');
    assert.equal(panel.viewType, 'bakersGame.board');
    assert.equal(panel.title, "Baker's Game");
    assert.match(panel.webview.html, /script-src 'nonce-[A-Za-z0-9+/=]+'/);
    const board = api.currentBoard();
    assert.ok(board, 'the host does not know its board');
    const readyAfter = await board.whenReady();
    console.log(`      board ready ${readyAfter} ms after the tab opened`);
    assert.ok(readyAfter >= 0);
  });

  it('keeps one board per window', async () => {
    const api = await activated();
    const first = await vscode.commands.executeCommand<vscode.WebviewPanel>('bakersGame.newBakersGame');
    const second = await vscode.commands.executeCommand<vscode.WebviewPanel>('bakersGame.newBakersGame');
    assert.equal(first, second);
    first.dispose();
    assert.equal(api.currentBoard(), undefined);
  });
});
