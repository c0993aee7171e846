import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { legalMoves } from '../../src/engine';
import type { EndedGame } from '../../src/extension/boardController';
import type { BakersGameApi } from '../../src/extension/extension';
import type { GameRecord } from '../../src/extension/stats/gameRecord';
import { HistoryFile } from '../../src/extension/stats/historyFile';
import { WAITING_PREFIX } from '../../src/extension/stats/recordKeeper';
import { StatisticsService } from '../../src/extension/stats/statisticsService';
import { StatisticsTreeProvider } from '../../src/extension/stats/statisticsTree';
import { activated, until, useSettings } from './helpers';

/** Every card home but the four Kings, which wait in the first four columns. */
const NEARLY_WON = [
  'Foundations: H-Q C-Q D-Q S-Q',
  'Freecells: - - - -',
  'KH',
  'KC',
  'KD',
  'KS',
  ':',
  ':',
  ':',
  ':',
].join('\n');

function playAnyMove(api: BakersGameApi, homeFirst: boolean): void {
  const session = api.controller.currentSession!;
  const moves = legalMoves(session.game.position);
  const move = (homeFirst ? moves.find((m) => m.to.kind === 'foundation') : moves.find((m) => m.to.kind !== 'foundation')) ?? moves[0];
  api.controller.currentPanel!.receive({ type: 'move', seq: session.sequence, from: move.from, to: move.to, count: move.count });
}

function treeFigure(api: BakersGameApi, group: string, figure: string): string | undefined {
  const tree = api.statisticsTree;
  const node = tree.getChildren().find((candidate) => tree.getTreeItem(candidate).label === group);
  if (!node) return undefined;
  const row = tree.getChildren(node).find((candidate) => tree.getTreeItem(candidate).label === figure);
  return row === undefined ? undefined : String(tree.getTreeItem(row).description);
}

describe('statistics inside VS Code', () => {
  let api: BakersGameApi;

  useSettings({ autoPlay: 'off' });

  before(async () => {
    api = await activated();
    await vscode.commands.executeCommand('bakersGame.resetStatistics', 'all', true);
    assert.equal(api.statistics.all.length, 0);
  });


  it('shows the welcome content while there is no history', () => {
    assert.deepEqual(api.statisticsTree.getChildren(), []);
  });

  it('records a won game and the tree shows it', async () => {
    assert.equal(await vscode.commands.executeCommand('bakersGame.importDeal', { text: NEARLY_WON, variant: 'bakers-game' }), true);
    for (let i = 0; i < 4; i++) playAnyMove(api, true);
    assert.equal(api.controller.currentSession!.status, 'won');
    await until('the won game in the history', () => api.statistics.all.length === 1);
    const [record] = api.statistics.all;
    assert.equal(record.result, 'won');
    assert.equal(record.moves, 4);
    assert.equal(record.deal, null);
    assert.equal(treeFigure(api, 'All variants', 'Played'), '1');
    assert.equal(treeFigure(api, "Baker's Game", 'Won'), '1');
    assert.equal(treeFigure(api, 'All variants', 'Win rate'), '100%');
  });

  it('counts an abandoned game as a loss, and a new deal without moves not at all', async () => {
    await vscode.commands.executeCommand('bakersGame.openDeal', 2, 'freecell');
    await vscode.commands.executeCommand('bakersGame.openDeal', 3, 'freecell');
    playAnyMove(api, false);
    await vscode.commands.executeCommand('bakersGame.newBakersGame');
    await until('the abandoned game in the history', () => api.statistics.all.length === 2);
    const abandoned = api.statistics.all.find((record) => record.variant === 'freecell');
    assert.equal(abandoned?.result, 'abandoned');
    assert.equal(abandoned?.deal, 3);
    assert.equal(treeFigure(api, 'All variants', 'Played'), '2');
    assert.equal(treeFigure(api, 'All variants', 'Win rate'), '50%');
    assert.equal(treeFigure(api, 'FreeCell', 'Current streak'), '1 lost');
  });

  it('lists recent games that open their deal again', () => {
    const tree = api.statisticsTree;
    const recentRoot = tree.getChildren().find((node) => tree.getTreeItem(node).label === 'Recent games');
    assert.ok(recentRoot);
    const recent = tree.getChildren(recentRoot).map((node) => tree.getTreeItem(node));
    assert.equal(recent.length, 2);
    assert.equal(recent[0].label, 'FreeCell #3');
    assert.deepEqual(recent[0].command?.arguments, [3, 'freecell']);
    assert.equal(recent[1].command, undefined, 'an imported deal has no number to open');
    // A screen reader hears the game, not only the tooltip's date (VS Code reads the tooltip when
    // there is no accessible label); and a figure's row says its value.
    assert.match(recent[0].accessibilityInformation?.label ?? '', /^FreeCell #3, abandoned · 1 move · \d+:\d\d, \S/);
    const all = tree.getChildren().find((node) => tree.getTreeItem(node).label === 'All variants');
    assert.ok(all);
    const best = tree.getChildren(all).map((node) => tree.getTreeItem(node)).find((item) => item.label === 'Best time');
    assert.match(best?.accessibilityInformation?.label ?? '', /^Best time: \d+:\d\d\. Fastest win without help$/);
    assert.equal(tree.getTreeItem(all).accessibilityInformation?.label, 'All variants, 2 played · 50% won');
  });

  it('updates live when another window records a game', async () => {
    const before = api.statistics.all.length;
    // Another window is another extension host writing the same file: write it from outside.
    const otherWindow = new HistoryFile(api.statistics.history.dir);
    await otherWindow.append({
      schema: 2,
      id: `other-window-${Date.now()}`,
      variant: 'seahaven',
      deal: 77,
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      endedAt: new Date().toISOString(),
      durationMs: 60_000,
      moves: 80,
      result: 'won',
      withHelp: false,
      provedLost: false,
      extensionVersion: 'other',
    });
    await until('the other window\'s game in this window', () => api.statistics.all.length === before + 1);
    assert.equal(treeFigure(api, 'Seahaven Towers', 'Won'), '1');
    await vscode.commands.executeCommand('bakersGame.resetStatistics', 'seahaven', true);
  });

  it('suggests the export file in the workspace folder', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs with a workspace folder open');
    const asked: Array<vscode.SaveDialogOptions | undefined> = [];
    // The command asks the same vscode.window the test sees (one API object per extension).
    const window: { showSaveDialog: typeof vscode.window.showSaveDialog } = vscode.window;
    const showSaveDialog = window.showSaveDialog;
    // Answered as Escape would be: nothing lands in the workspace folder, where the UI suite
    // exports through the real dialog later.
    window.showSaveDialog = (options) => {
      asked.push(options);
      return Promise.resolve(undefined);
    };
    try {
      assert.equal(await vscode.commands.executeCommand('bakersGame.exportStatistics', 'csv'), false);
      assert.equal(await vscode.commands.executeCommand('bakersGame.exportStatistics', 'json'), false);
    } finally {
      window.showSaveDialog = showSaveDialog;
    }
    assert.deepEqual(
      asked.map((options) => options?.defaultUri?.toString()),
      ['csv', 'json'].map((format) => vscode.Uri.joinPath(folder.uri, `bakers-game-history.${format}`).toString()),
    );
  });

  it('exports the history as CSV', async () => {
    const target = vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'bakers-game-export-')), 'history.csv'));
    assert.equal(await vscode.commands.executeCommand('bakersGame.exportStatistics', 'csv', target), true);
    // One row per game: a line break inside a quoted cell (an imported deal's board) does not end a row.
    const lines = readFileSync(target.fsPath, 'utf8').trim().split(/\n(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    assert.equal(lines[0], 'id,variant,deal,startedAt,endedAt,durationMs,moves,result,withHelp,provedLost,extensionVersion,par,turns,helpTurns,board');
    assert.equal(lines.length, 3);
    assert.ok(lines.some((line) => line.includes('KH\nKC')), "the imported deal's board in one quoted cell");
  });

  it('resets, and the undo brings everything back', async () => {
    assert.equal(await vscode.commands.executeCommand('bakersGame.resetStatistics', 'freecell', true), 1);
    assert.equal(api.statistics.all.length, 1);
    assert.equal(await vscode.commands.executeCommand('bakersGame.resetStatistics', 'all', true), 1);
    assert.deepEqual(api.statisticsTree.getChildren(), []);
    assert.equal(await vscode.commands.executeCommand('bakersGame.undoResetStatistics'), true);
    assert.equal(api.statistics.all.length, 1);
    assert.equal(await vscode.commands.executeCommand('bakersGame.undoResetStatistics'), true);
    assert.equal(api.statistics.all.length, 2);
  });
});

/** A `globalState` of its own for a test's service; `failing` as a storage that refuses. */
class TestMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  failing = false;

  keys(): readonly string[] {
    return [...this.values.keys()];
  }

  get<T>(key: string, defaultValue?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : defaultValue;
  }

  update(key: string, value: unknown): Thenable<void> {
    if (this.failing) return Promise.reject(new Error('storage refused'));
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
    return Promise.resolve();
  }
}

function endedGame(id: string): EndedGame {
  const now = new Date().toISOString();
  return {
    saved: { version: 1, id, variant: 'bakers-game', deal: 7, turns: [], undone: [], elapsedMs: 1000, startedAt: now, updatedAt: now },
    result: 'abandoned',
    moves: 3,
  };
}

describe('statistics when the disk cannot be written', () => {
  let log: vscode.LogOutputChannel;
  const services: StatisticsService[] = [];

  before(() => {
    log = vscode.window.createOutputChannel("Baker's Game (test)", { log: true });
  });
  after(() => {
    services.forEach((service) => service.dispose());
    log.dispose();
  });

  /** A service whose history folder lies under a file, so cannot be made until `unblock`. */
  function blockedService(state: vscode.Memento): { service: StatisticsService; dir: string; unblock: () => void } {
    const blocker = join(mkdtempSync(join(tmpdir(), 'bakers-game-blocked-')), 'blocker');
    writeFileSync(blocker, 'a file where the folder should be');
    const dir = join(blocker, 'history');
    const service = new StatisticsService(new HistoryFile(dir), state, log, 'test');
    services.push(service);
    return {
      service,
      dir,
      unblock: () => {
        rmSync(blocker);
        mkdirSync(blocker);
      },
    };
  }

  it('record resolves true with the game kept waiting, counts it, and writes it with the next game', async () => {
    const state = new TestMemento();
    const { service, dir, unblock } = blockedService(state);
    assert.equal(await service.record(endedGame('waiting-1')), true);
    assert.deepEqual(state.keys(), [`${WAITING_PREFIX}waiting-1`]);
    assert.deepEqual(service.all.map((record) => record.id), ['waiting-1']);
    unblock();
    assert.equal(await service.record(endedGame('waiting-2')), true);
    assert.deepEqual((await new HistoryFile(dir).read()).records.map((record) => record.id), ['waiting-1', 'waiting-2']);
    assert.deepEqual(state.keys(), []);
  });

  it('record resolves false, and does not throw, when neither the history nor globalState can be written', async () => {
    const state = new TestMemento();
    state.failing = true;
    const { service } = blockedService(state);
    assert.equal(await service.record(endedGame('lost-1')), false);
    assert.deepEqual(service.all, []);
  });
});

describe('recent games in the Statistics tree', () => {
  const record = (moves: number, result: GameRecord['result']): GameRecord => ({
    schema: 2,
    id: `recent-${moves}-${result}`,
    variant: 'bakers-game',
    deal: 100 + moves,
    startedAt: '2026-01-01T10:00:00.000Z',
    endedAt: new Date(Date.UTC(2026, 0, 1, 11, 0, moves)).toISOString(),
    durationMs: 65_000,
    moves,
    result,
    withHelp: false,
    provedLost: false,
    extensionVersion: 'test',
  });

  /** The descriptions of the Recent games rows of a tree over `records`, newest first. */
  function recentDescriptions(records: readonly GameRecord[]): string[] {
    // Only what the tree reads of the service: its records and its change event.
    const service = { all: records, onDidChange: () => new vscode.Disposable(() => undefined) } as unknown as StatisticsService;
    const tree = new StatisticsTreeProvider(service);
    try {
      const recentRoot = tree.getChildren().find((node) => tree.getTreeItem(node).label === 'Recent games');
      assert.ok(recentRoot);
      return tree.getChildren(recentRoot).map((node) => String(tree.getTreeItem(node).description));
    } finally {
      tree.dispose();
    }
  }

  it('says "1 move" for one move and "moves" for any other count', () => {
    // 21 ends in 1 but is plural in English: the singular is for exactly one.
    const descriptions = recentDescriptions([record(1, 'abandoned'), record(2, 'won'), record(21, 'lost')]);
    assert.deepEqual(descriptions, ['lost · 21 moves · 1:05', 'won · 2 moves · 1:05', 'abandoned · 1 move · 1:05']);
  });
});

describe('ending games: recorded before they are forgotten, and exactly once', () => {
  let api: BakersGameApi;

  useSettings({ autoPlay: 'off' });

  before(async () => {
    api = await activated();
  });

  after(() => {
    api.controller.setRecorder((ended) => api.statistics.record(ended));
  });

  it('keeps the game in progress, and starts nothing, when its record cannot be written anywhere', async () => {
    await vscode.commands.executeCommand('bakersGame.openDeal', 7, 'bakers-game');
    playAnyMove(api, false);
    const session = api.controller.currentSession!;
    const recorded: string[] = [];
    api.controller.setRecorder((ended) => {
      recorded.push(ended.saved.id);
      return Promise.resolve(false);
    });
    assert.equal(await vscode.commands.executeCommand('bakersGame.openDeal', 8, 'bakers-game'), false, 'no new game');
    assert.deepEqual(recorded, [session.id]);
    assert.equal(api.controller.currentSession, session, 'the game stays on the board');
    assert.equal(api.controller.currentPanel!.lastView!.dealNumber, 7);
    assert.ok(api.store.ids().includes(session.id), 'and stays stored');

    // Once the history can be written again, the same step ends it, counts it once, and forgets it.
    api.controller.setRecorder((ended) => api.statistics.record(ended));
    const before = api.statistics.all.filter((record) => record.id === session.id).length;
    assert.equal(before, 0);
    assert.equal(await vscode.commands.executeCommand('bakersGame.openDeal', 8, 'bakers-game'), true);
    assert.equal(api.controller.currentPanel!.lastView!.dealNumber, 8);
    await until('the game in the history', () => api.statistics.all.some((record) => record.id === session.id));
    assert.equal(api.statistics.all.filter((record) => record.id === session.id).length, 1);
    assert.equal(api.store.ids().includes(session.id), false, 'forgotten once written');
  });

  it('counts a game whose tab was closed when another deal starts', async () => {
    await vscode.commands.executeCommand('bakersGame.openDeal', 9, 'bakers-game');
    playAnyMove(api, false);
    const session = api.controller.currentSession!;
    api.controller.currentPanel!.panel.dispose();
    assert.equal(api.controller.currentPanel, undefined, 'the tab closed');
    assert.equal(api.controller.currentSession, session, 'still the window\'s game');
    assert.match(api.statusBar.text, /Baker's Game #9 · 1 move/);
    assert.equal(await vscode.commands.executeCommand('bakersGame.openDeal', 11, 'bakers-game'), true);
    await until('the closed game in the history', () => api.statistics.all.some((record) => record.id === session.id));
    const record = api.statistics.all.find((candidate) => candidate.id === session.id);
    assert.equal(record?.result, 'abandoned');
    assert.equal(record?.moves, 1);
  });
});
