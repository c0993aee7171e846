import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { dealPosition, formatBoard, legalMoves, type Move } from '../../src/engine';
import type { BakersGameApi } from '../../src/extension/extension';
import type { BoardView } from '../../src/protocol/webviewMessages';
import { EXTENSION_ID, activated, until, useSettings } from './helpers';

function view(api: BakersGameApi): BoardView {
  const shown = api.controller.currentPanel?.lastView;
  assert.ok(shown, 'no board view was sent');
  return shown;
}

function firstNonFoundationMove(api: BakersGameApi): Move {
  const position = api.controller.currentSession!.game.position;
  const move = legalMoves(position).find((candidate) => candidate.to.kind !== 'foundation');
  assert.ok(move, 'no legal move');
  return move;
}

describe('the extension inside VS Code', () => {
  let api: BakersGameApi;

  useSettings({ autoPlay: 'off', fourColourDeck: false });

  before(async () => {
    api = await activated();
  });

  it('runs in a real extension host', () => {
    // In the browser's web worker extension host there is no `process`.
    const node = typeof process === 'object' ? process.versions.node : 'none';
    console.log(`      VS Code ${vscode.version}, Node ${node}, app host ${vscode.env.appHost}, UI ${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'}, ${api.platform} extension host`);
    console.log(`      activate() took ${api.activationMillis.toFixed(1)} ms`);
    assert.match(vscode.version, /^\d+\.\d+\.\d+/);
  });

  it('is the copy under development, run by the host its entry is for', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(extension.isActive, true);
    const manifest = extension.packageJSON as { main?: unknown; browser?: unknown };
    assert.equal(manifest.browser, './dist/web/extension.js');
    if (api.platform === 'node') {
      // The suite lives in <extension>/out/test/integration.
      assert.equal(extension.extensionUri.toString(), vscode.Uri.joinPath(vscode.Uri.file(__dirname), '..', '..', '..').toString());
      assert.equal(manifest.main, './dist/extension.js');
    } else {
      // The web host runs a build that offers only the browser entry.
      assert.equal(manifest.main, undefined);
      assert.equal(vscode.env.uiKind, vscode.UIKind.Web);
    }
  });

  it('contributes every command', async () => {
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const id of ['newBakersGame', 'newGame', 'openDeal', 'restart', 'undo', 'redo', 'importDeal', 'copyDeal', 'copyMoves', 'showBoard']) {
      assert.ok(commands.has(`bakersGame.${id}`), `bakersGame.${id} is not registered`);
    }
  });

  it("New Baker's Game opens the board and the webview draws the deal", async () => {
    assert.equal(await vscode.commands.executeCommand('bakersGame.newBakersGame'), true);
    const panel = api.controller.currentPanel;
    assert.ok(panel, 'no board panel');
    assert.equal(panel.panel.viewType, 'bakersGame.board');
    assert.match(panel.panel.webview.html, /script-src 'nonce-[A-Za-z0-9+/=]+'/);
    const readyAfter = await panel.whenReady();
    console.log(`      board ready ${readyAfter} ms after the panel was created`);
    const shown = view(api);
    assert.equal(shown.variantId, 'bakers-game');
    assert.equal(shown.columns.length, 8);
    assert.equal(shown.columns.reduce((sum, column) => sum + column.cards.length, 0), 52);
    assert.match(panel.panel.title, /^Baker's Game #\d+$/);
  });

  it('Open Deal Number deals exactly that deal', async () => {
    assert.equal(await vscode.commands.executeCommand('bakersGame.openDeal', 1, 'bakers-game'), true);
    const game = api.controller.currentSession!.game;
    assert.equal(game.dealNumber, 1);
    const dealt = dealPosition('bakers-game', 1);
    assert.ok(dealt.ok);
    assert.equal(formatBoard(game.position), formatBoard(dealt.value));
    assert.equal(view(api).dealNumber, 1);
  });

  it('a move from the webview changes the host game, and the status bar counts it', () => {
    const move = firstNonFoundationMove(api);
    const before = view(api);
    api.controller.currentPanel!.receive({ type: 'move', seq: before.seq, from: move.from, to: move.to, count: move.count });
    assert.equal(api.controller.currentSession!.game.done.length, 1);
    const after = view(api);
    assert.equal(after.moveCount, 1);
    assert.ok(after.seq > before.seq);
    assert.match(api.statusBar.text, /Baker's Game #1 · 1 move ·/);
    // A screen reader hears the words and what a click does, not the icon's name.
    assert.match(api.statusBar.accessibleLabel ?? '', /^Baker's Game #1 · 1 move · \d+:\d\d, Show the board$/);
  });

  it('refuses forged and stale messages and changes nothing', () => {
    const session = api.controller.currentSession!;
    const game = session.game;
    const current = view(api);
    const panel = api.controller.currentPanel!;
    const forged: unknown[] = [
      { type: 'move', seq: current.seq, from: { kind: 'foundation', index: 0 }, to: { kind: 'tableau', index: 0 }, count: 1 },
      { type: 'move', seq: current.seq, from: { kind: 'tableau', index: 99 }, to: { kind: 'cell', index: 0 }, count: 1 },
      { type: 'move', seq: current.seq, from: { kind: 'tableau', index: 0 }, to: { kind: 'cell', index: 0 }, count: 40 },
      { type: 'move', seq: '1', from: { kind: 'tableau', index: 0 }, to: { kind: 'cell', index: 0 }, count: 1 },
      { type: 'command', command: 'deleteEverything' },
      { type: 'eval', code: 'process.exit()' },
      'move',
      null,
    ];
    for (const message of forged) panel.receive(message);
    const move = firstNonFoundationMove(api);
    panel.receive({ type: 'move', seq: current.seq - 1, from: move.from, to: move.to, count: move.count });
    assert.equal(session.game, game, 'a forged or stale message changed the game');
  });

  it('undo, redo and restart work through their commands', async () => {
    const session = () => api.controller.currentSession!;
    const start = session().game.start;
    await vscode.commands.executeCommand('bakersGame.undo');
    assert.equal(session().game.done.length, 0);
    assert.equal(view(api).canRedo, true);
    await vscode.commands.executeCommand('bakersGame.redo');
    assert.equal(session().game.done.length, 1);
    await vscode.commands.executeCommand('bakersGame.restart');
    assert.equal(session().game.done.length, 0);
    assert.equal(formatBoard(session().game.position), formatBoard(start));
  });

  it('copies the deal as board text and the moves in long notation', async () => {
    const move = firstNonFoundationMove(api);
    api.controller.currentPanel!.receive({ type: 'move', seq: view(api).seq, ...move });
    await vscode.commands.executeCommand('bakersGame.copyDeal');
    const dealt = dealPosition('bakers-game', 1);
    assert.ok(dealt.ok);
    assert.equal(await vscode.env.clipboard.readText(), formatBoard(dealt.value));
    await vscode.commands.executeCommand('bakersGame.copyMoves');
    assert.match(await vscode.env.clipboard.readText(), /^(\d+:)?[tc]\d+-[tcf]\d*$/);
  });

  it('imports a deal from board text and refuses a bad one without changing the game', async () => {
    const dealt = dealPosition('freecell', 617);
    assert.ok(dealt.ok);
    assert.equal(await vscode.commands.executeCommand('bakersGame.importDeal', { text: formatBoard(dealt.value), variant: 'freecell' }), true);
    const imported = api.controller.currentSession!.game;
    assert.equal(imported.variant, 'freecell');
    assert.equal(imported.dealNumber, null);
    const bad = formatBoard(dealt.value).replace('KD', 'XX');
    assert.equal(await vscode.commands.executeCommand('bakersGame.importDeal', { text: bad, variant: 'freecell' }), false);
    assert.equal(api.controller.currentSession!.game, imported);
  });

  it('settings take effect on the open board', async () => {
    assert.equal(view(api).fourColourDeck, false);
    await vscode.workspace.getConfiguration('bakersGame').update('fourColourDeck', true, vscode.ConfigurationTarget.Global);
    await until('the four-colour view', () => view(api).fourColourDeck);
  });

  it('keeps the game when the tab closes and brings it back', async () => {
    await vscode.commands.executeCommand('bakersGame.openDeal', 5, 'bakers-game');
    const move = firstNonFoundationMove(api);
    api.controller.currentPanel!.receive({ type: 'move', seq: view(api).seq, ...move });
    const id = api.controller.currentSession!.id;
    api.controller.currentPanel!.panel.dispose();
    assert.equal(api.controller.currentPanel, undefined);
    await vscode.commands.executeCommand('bakersGame.showBoard');
    const restored = api.controller.currentSession!;
    assert.equal(restored.id, id);
    assert.equal(restored.game.dealNumber, 5);
    assert.equal(restored.game.done.length, 1);
  });

  it('after a reload, brings back the game the tab showed, not merely the latest one', async () => {
    const playOne = (): void => {
      const move = firstNonFoundationMove(api);
      api.controller.currentPanel!.receive({ type: 'move', seq: view(api).seq, ...move });
    };
    await vscode.commands.executeCommand('bakersGame.openDeal', 7, 'bakers-game');
    playOne();
    const shown = api.controller.currentSession!.id;
    const saved = api.controller.currentSession!.toSaved(new Date());
    api.controller.currentPanel!.panel.dispose();
    // Meanwhile another window stores a game of its own, which is now the latest one.
    await api.store.save({ ...saved, id: 'another-window', deal: 8, turns: [], undone: [], updatedAt: new Date(Date.now() + 60_000).toISOString() });
    // VS Code recreates the tab and hands the serializer the state the webview kept.
    const panel = vscode.window.createWebviewPanel('bakersGame.board', "Baker's Game", vscode.ViewColumn.Active);
    await api.controller.restorePanel(panel, { gameId: shown });
    assert.equal(api.controller.currentSession!.id, shown);
    assert.equal(api.controller.currentSession!.game.dealNumber, 7);
  });

  it('opens one board per window', async () => {
    await vscode.commands.executeCommand('bakersGame.newBakersGame');
    const first = api.controller.currentPanel;
    await vscode.commands.executeCommand('bakersGame.newBakersGame');
    assert.equal(api.controller.currentPanel, first);
  });
});
