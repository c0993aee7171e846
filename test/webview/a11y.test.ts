import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { BoardView } from '../../src/protocol/webviewMessages';
import { chartData, utcDay } from '../../src/extension/stats/chartData';
import { englishOnly } from '../../src/extension/i18n/translate';
import { chartPageForSuite, sampleHistory, type ChartPage } from './chartPage';
import { boardPageForSuite, type BoardPage } from './page';
import type { ThemeName } from './themes';
import { almostWon, deal, play, stuckGame, viewOf } from './views';

/** axe-core's own script, run in the page as DevTools runs it (the page's CSP forbids injected tags). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/**
 * The serious and critical violations axe-core finds on the page now (it looks into open shadow
 * roots, where the board's parts live).
 */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

const THEME_NAMES: readonly ThemeName[] = ['light', 'dark', 'high-contrast', 'high-contrast-light'];

describe('accessibility of the board, checked by axe-core in Chromium', function () {
  this.timeout(120_000);
  let board: BoardPage;
  let seq = 5000;

  boardPageForSuite((opened) => (board = opened), { width: 1200, height: 800 });

  const showAndCheck = async (what: string, view: BoardView): Promise<void> => {
    await board.show(view);
    for (const theme of THEME_NAMES) {
      await board.setTheme(theme);
      await board.settle();
      const found = await seriousViolations(board.page);
      console.log(`      ${what}, ${theme}: ${found.length} serious or critical`);
      assert.deepEqual(found, [], `${what} in the ${theme} theme`);
    }
  };

  for (const variant of ['bakers-game', 'eight-off', 'seahaven', 'bakers-dozen', 'good-measure', 'spanish-patience', 'freecell']) {
    it(`${variant}: the dealt board`, async () => {
      await showAndCheck(variant, viewOf(deal(variant, 3), { seq: ++seq }));
    });
  }

  it('the four-colour deck', async () => {
    await showAndCheck('four-colour deck', viewOf(deal('bakers-game', 3), { seq: ++seq, fourColourDeck: true }));
  });

  it('the board with a hint and the winnable badge', async () => {
    const game = deal('bakers-game', 1);
    const view = viewOf(game, { seq: ++seq });
    const move = view.legalMoves[0];
    assert.ok(move);
    await showAndCheck('hint and badge', { ...view, hint: { move, spoken: 'a hint' }, verdict: 'winnable' });
  });

  it('the lost badge with its buttons', async () => {
    await showAndCheck('lost badge', { ...viewOf(deal('bakers-game', 10), { seq: ++seq }), verdict: 'lost', lostAtMove: 1, winnableBefore: true });
  });

  it('the end panels: won, stuck, counted as lost', async () => {
    const won = play(almostWon(), { from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 });
    await showAndCheck('won panel', viewOf(won, { seq: ++seq }));
    await showAndCheck('stuck panel', viewOf(stuckGame(), { seq: ++seq }));
    await showAndCheck('counted-lost panel', viewOf(deal('bakers-game', 10), { seq: ++seq, countedLost: true }));
  });
});

describe('accessibility of the statistics chart, checked by axe-core in Chromium', function () {
  this.timeout(120_000);
  let chart: ChartPage;

  chartPageForSuite((opened) => (chart = opened));

  for (const [what, records] of [
    ['a history of seven games', sampleHistory()],
    ['an empty history', []],
  ] as const) {
    it(`the chart of ${what}, in every theme`, async () => {
      await chart.show(chartData([...records], englishOnly, utcDay));
      for (const theme of THEME_NAMES) {
        await chart.setTheme(theme);
        const found = await seriousViolations(chart.page);
        console.log(`      chart of ${what}, ${theme}: ${found.length} serious or critical`);
        assert.deepEqual(found, [], `the chart of ${what} in the ${theme} theme`);
      }
    });
  }
});
