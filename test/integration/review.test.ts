import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { legalMoves } from '../../src/engine';
import type { BakersGameApi } from '../../src/extension/extension';
import { lostGame } from '../support/lostGame';
import { activated, until, useSettings } from './helpers';

/** The deal lost on purpose: Baker's Game deal 1, winnable, lost by one move the solver proves. */
const DEAL = 1;
const VARIANT = 'bakers-game';

describe('review of a finished game inside VS Code', function () {
  this.timeout(120_000);
  let api: BakersGameApi;

  useSettings({ autoPlay: 'off' });

  before(async () => {
    api = await activated();
    await vscode.commands.executeCommand('bakersGame.resetStatistics', 'all', true);
  });

  after(() => {
    api.review.currentPanel?.dispose();
  });

  it('marks the move that lost the deal, opened from Recent games after the game was abandoned', async () => {
    // Built outside VS Code's view of things, played through the board like a player: the
    // solver's line of deal 1, then a move the solver proves loses it, then two more moves.
    const { game, losing } = lostGame(VARIANT, DEAL, 2, { maxNodes: 300_000 });
    assert.equal(await vscode.commands.executeCommand('bakersGame.openDeal', DEAL, VARIANT), true);
    for (const [index, turn] of game.done.entries()) {
      const session = api.controller.currentSession!;
      const [move] = turn.moves;
      api.controller.currentPanel!.receive({ type: 'move', seq: session.sequence, from: move.from, to: move.to, count: move.count });
      assert.equal(api.controller.currentSession!.game.done.length, index + 1, `move ${index + 1} taken`);
    }
    const played = game.done.length;
    await vscode.commands.executeCommand('bakersGame.newBakersGame');
    await until('the abandoned game in the history', () => api.statistics.all.some((record) => record.deal === DEAL && record.variant === VARIANT));

    // The Recent games row of that game, and what its inline Review button runs.
    const tree = api.statisticsTree;
    const recentRoot = tree.getChildren().find((node) => node.kind === 'recent-root');
    assert.ok(recentRoot, 'a Recent games group');
    const row = tree.getChildren(recentRoot).find((node) => node.kind === 'recent' && node.record.deal === DEAL);
    assert.ok(row, 'the game among Recent games');
    assert.equal(tree.getTreeItem(row).contextValue, 'recentGameReviewable', 'its row offers Review');
    assert.equal(await vscode.commands.executeCommand('bakersGame.reviewGame', row), true);
    assert.ok(api.review.currentPanel, 'a review tab');

    await api.review.analysed();
    await until('the last marks sent to the page', () => api.review.lastView?.progressText === '');
    const view = api.review.lastView!;
    assert.equal(view.total, played);
    // A game abandoned after the move that lost it counts as lost.
    assert.match(view.title, new RegExp(` · lost after ${played} moves( · |$)`));
    assert.equal(view.marks.length, played);
    assert.deepEqual(
      view.marks.filter((mark) => mark.kind === 'losing').map((mark) => mark.move),
      [losing],
      'the losing move, and only it, is marked as the move that lost the deal',
    );
    for (const mark of view.marks) {
      if (mark.move < losing) assert.ok(mark.kind === 'winnable' || mark.kind === 'detour', `move ${mark.move}: ${mark.kind}`);
      if (mark.move > losing) assert.equal(mark.kind, 'lost', `move ${mark.move}`);
    }
    assert.match(view.marks[losing - 1].spoken, new RegExp(`\\b${losing}\\b`), 'its spoken text names the move');

    // Stepping to the position before the losing move: the page is sent that position, and a better move exists.
    api.review.receive({ type: 'goto', index: losing - 1 });
    assert.equal(api.review.lastView?.index, losing - 1);
    assert.equal(api.review.lastView?.canShowBetter, true);
    api.review.receive({ type: 'better', show: true });
    const ghost = api.review.lastView?.ghost;
    assert.ok(ghost, 'the better move shown in a ghost');
    // The losing move's mark names that better move too (from the mark itself, "Show the better
    // move" shows the one after it, which a play-test took for this one's).
    const instead = ghost.spoken.replace(/^The better move: /, '');
    assert.notEqual(instead, ghost.spoken);
    assert.ok(view.marks[losing - 1].spoken.endsWith(`; better: ${instead}`), view.marks[losing - 1].spoken);
  });

  it('a game abandoned after one move is titled "after 1 move"', async () => {
    assert.equal(await vscode.commands.executeCommand('bakersGame.openDeal', 2, VARIANT), true);
    const session = api.controller.currentSession!;
    const [move] = legalMoves(session.game.position);
    api.controller.currentPanel!.receive({ type: 'move', seq: session.sequence, from: move.from, to: move.to, count: move.count });
    assert.equal(api.controller.currentSession!.game.done.length, 1);
    await vscode.commands.executeCommand('bakersGame.newBakersGame');
    await until('the abandoned game in the history', () => api.statistics.all.some((record) => record.deal === 2 && record.variant === VARIANT));
    const record = api.statistics.all.find((one) => one.deal === 2 && one.variant === VARIANT)!;
    assert.equal(await vscode.commands.executeCommand('bakersGame.reviewGame', record.id), true);
    await until('the review of deal 2', () => api.review.lastView?.title.includes('#2') === true);
    assert.match(api.review.lastView!.title, / · abandoned after 1 move( · |$)/);
  });
});
