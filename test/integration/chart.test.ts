import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BakersGameApi } from '../../src/extension/extension';
import type { GameRecord } from '../../src/extension/stats/gameRecord';
import { HistoryFile } from '../../src/extension/stats/historyFile';
import { activated, until } from './helpers';

function record(index: number, variant: GameRecord['variant'], result: GameRecord['result']): GameRecord {
  const endedAt = new Date(Date.now() - (10 - index) * 60_000);
  return {
    schema: 2,
    id: `chart-test-${Date.now()}-${index}`,
    variant,
    deal: 500 + index,
    startedAt: new Date(endedAt.getTime() - 120_000).toISOString(),
    endedAt: endedAt.toISOString(),
    durationMs: 120_000 + index * 1000,
    moves: 90 + index,
    result,
    withHelp: false,
    provedLost: false,
    extensionVersion: 'test',
  };
}

describe('the statistics chart inside VS Code', () => {
  let api: BakersGameApi;

  before(async () => {
    api = await activated();
    await vscode.commands.executeCommand('bakersGame.resetStatistics', 'all', true);
  });

  after(async () => {
    api.chart.currentPanel?.dispose();
    await vscode.commands.executeCommand('bakersGame.resetStatistics', 'all', true);
  });

  it('the command opens the chart tab, whose page loads and gets the empty history', async () => {
    await vscode.commands.executeCommand('bakersGame.showStatisticsChart');
    const panel = api.chart.currentPanel;
    assert.ok(panel, 'a chart tab is open');
    assert.equal(panel.viewType, 'bakersGame.statisticsChart');
    assert.equal(panel.title, 'Statistics Chart');
    // `ready` comes from the real page: dist/chart.js loaded and ran under the page's CSP.
    await api.chart.whenReady();
    await until('the chart data', () => api.chart.lastData !== undefined);
    assert.deepEqual(api.chart.lastData?.series, []);
    assert.match(api.chart.lastData?.strings.empty ?? '', /No games yet/);
  });

  it('shows the recorded games, and updates live when a game is recorded', async () => {
    const history = new HistoryFile(api.statistics.history.dir);
    await history.append(record(1, 'freecell', 'won'));
    await history.append(record(2, 'freecell', 'lost'));
    await history.append(record(3, 'bakers-game', 'won'));
    await until('three games in the chart', () => api.chart.lastData?.series[0]?.played === 3);
    const data = api.chart.lastData!;
    assert.deepEqual(data.series.map((s) => [s.id, s.played, s.won]), [
      ['all', 3, 2],
      ['freecell', 2, 1],
      ['bakers-game', 1, 1],
    ]);
    assert.deepEqual(data.series[0].rolling.map((p) => p.won), [true, false, true]);
    assert.equal(data.series[0].moves.reduce((sum, b) => sum + b.count, 0), 2);
    assert.equal(data.series[1].name, 'FreeCell');
    await history.append(record(4, 'bakers-game', 'abandoned'));
    await until('the fourth game in the chart', () => api.chart.lastData?.series[0]?.played === 4);
    assert.equal(api.chart.lastData!.series[0].currentStreak, -1);
  });

  it('a second call brings the open tab forward instead of opening another', async () => {
    const first = api.chart.currentPanel;
    await vscode.commands.executeCommand('bakersGame.showStatisticsChart');
    assert.equal(api.chart.currentPanel, first);
    first?.dispose();
    assert.equal(api.chart.currentPanel, undefined);
  });
});
