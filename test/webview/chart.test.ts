import * as assert from 'node:assert/strict';
import { chartData, utcDay } from '../../src/extension/stats/chartData';
import { englishOnly } from '../../src/extension/i18n/translate';
import { chartPageForSuite, sampleHistory, sampleHistory as history, type ChartPage } from './chartPage';

const EXPECTED_FILL = {
  dark: { won: 'rgb(137, 209, 133)', lost: 'rgb(241, 76, 76)', dist: 'rgb(55, 148, 255)' },
  light: { won: 'rgb(56, 138, 52)', lost: 'rgb(229, 20, 0)', dist: 'rgb(26, 133, 255)' },
  'high-contrast': { won: 'rgb(137, 209, 133)', lost: 'rgb(241, 76, 76)', dist: 'rgb(55, 148, 255)' },
} as const;

describe('the statistics chart webview', function () {
  let chart: ChartPage;

  chartPageForSuite((opened) => (chart = opened));

  it('says it is ready once loaded', async () => {
    assert.deepEqual(await chart.posted(), [{ type: 'ready' }]);
  });

  it('shows a friendly message, and no chart, for an empty history', async () => {
    await chart.show(chartData([], englishOnly));
    const empty = chart.page.locator('sol-chart [data-testid="empty"]');
    assert.match((await empty.textContent()) ?? '', /No games yet/);
    assert.equal(await empty.getAttribute('role'), 'status');
    assert.equal(await chart.page.locator('sol-chart svg').count(), 0);
  });

  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    it(`draws points and bars for a history in the ${theme} theme, coloured from --vscode-charts-*`, async () => {
      await chart.setTheme(theme);
      await chart.show(chartData(history(), englishOnly, utcDay));
      const page = chart.page;
      assert.equal(await page.locator('sol-chart [data-series]').getAttribute('data-series'), 'all');
      // One point per game on the rolling win rate, coloured by its result.
      assert.equal(await page.locator('[data-chart="rolling"] circle.point').count(), 7);
      assert.equal(await page.locator('[data-chart="rolling"] circle.point.won').count(), 4);
      assert.equal(await page.locator('[data-chart="rolling"] polyline.line').count(), 1);
      // Three days with games: a won bar each day, a lost bar on each.
      assert.equal(await page.locator('[data-chart="days"] rect.won').count(), 3);
      assert.equal(await page.locator('[data-chart="days"] rect.lost').count(), 3);
      // Distributions of the 4 wins; every bar's height in proportion to its count.
      const timeBars = page.locator('[data-chart="times"] rect.dist');
      assert.ok((await timeBars.count()) >= 2);
      const heights = await timeBars.evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('height'))));
      assert.ok(heights.some((h) => h > 0));
      assert.ok((await page.locator('[data-chart="moves"] rect.dist').count()) >= 2);
      // Streaks W L W L W W L (abandoned counts as a loss) -> 6 runs.
      assert.equal(await page.locator('[data-chart="streaks"] rect.bar').count(), 6);
      // Colours come from the theme.
      const fill = (selector: string): Promise<string> => page.locator(selector).first().evaluate((element) => getComputedStyle(element).fill);
      assert.equal(await fill('[data-chart="days"] rect.won'), EXPECTED_FILL[theme].won);
      assert.equal(await fill('[data-chart="days"] rect.lost'), EXPECTED_FILL[theme].lost);
      assert.equal(await fill('[data-chart="moves"] rect.dist'), EXPECTED_FILL[theme].dist);
      const outline = await page.locator('[data-chart="moves"] rect.dist').first().evaluate((element) => getComputedStyle(element).stroke);
      if (theme === 'high-contrast') assert.equal(outline, 'rgb(111, 195, 223)');
      else assert.equal(outline, 'rgba(0, 0, 0, 0)');
      await chart.screenshot(theme);
    });
  }

  it('labels the first and last bars under their bars, and the losses\' side of the streaks with a minus', async () => {
    /** Each bar chart's bars (left and right edges) and its labels along the x axis (left and right edges, text). */
    const axis = (name: string): Promise<{ bars: Array<[number, number]>; labels: Array<[number, number, string]> }> =>
      chart.page.locator(`[data-chart="${name}"] svg`).evaluate((svg) => {
        const edges = (element: Element): [number, number] => {
          const box = (element as SVGGraphicsElement).getBBox();
          return [box.x, box.x + box.width];
        };
        const bars = [...svg.querySelectorAll('rect.bar')].map(edges);
        // The x axis's labels lie below the plot (the y axis's ticks beside it).
        const labels = [...svg.querySelectorAll('text.tick')]
          .filter((text) => Number(text.getAttribute('y')) > 180)
          .map((text) => [...edges(text), text.textContent ?? ''] as [number, number, string]);
        return { bars, labels };
      });
    // One win: its one bar of times and of moves, the label centred under it (it was at the plot's left end).
    await chart.show(chartData(sampleHistory().slice(0, 1), englishOnly, utcDay));
    for (const name of ['times', 'moves']) {
      const { bars, labels } = await axis(name);
      assert.equal(bars.length, 1);
      assert.equal(labels.length, 1);
      const middle = (labels[0][0] + labels[0][1]) / 2;
      assert.ok(Math.abs(middle - (bars[0][0] + bars[0][1]) / 2) < 1, `${name}: label at ${labels[0].join(' ')}, bar at ${bars[0].join('-')}`);
    }
    // Several bars: the first and the last label each under its bar, and on the chart.
    await chart.show(chartData(sampleHistory(), englishOnly, utcDay));
    for (const name of ['days', 'times', 'moves', 'streaks']) {
      const { bars, labels } = await axis(name);
      assert.ok(bars.length >= 2 && labels.length === 2, `${name}: ${bars.length} bars, ${labels.length} labels`);
      const sorted = [...bars].sort((a, b) => a[0] - b[0]);
      for (const [label, bar] of [[labels[0], sorted[0]], [labels[1], sorted[sorted.length - 1]]] as const) {
        const middle = (label[0] + label[1]) / 2;
        assert.ok(middle > bar[0] && middle < bar[1], `${name}: "${label[2]}" centred at ${middle}, its bar at ${bar.join('-')}`);
        assert.ok(label[0] >= 0 && label[1] <= 640, `${name}: "${label[2]}" runs off the chart (${label[0]}-${label[1]})`);
      }
    }
    const ticks = await chart.page.locator('[data-chart="streaks"] text.tick').allTextContents();
    assert.ok(ticks.some((tick) => /^\u2212\d+$/.test(tick)), `streak ticks: ${ticks.join(', ')}`);
  });

  it('gives every chart a heading, a sentence as its accessible name and a table', async () => {
    await chart.setTheme('dark');
    await chart.show(chartData(history(), englishOnly, utcDay));
    const sections = chart.page.locator('sol-chart section.chart');
    assert.equal(await sections.count(), 5);
    for (const id of ['rolling', 'days', 'times', 'moves', 'streaks']) {
      const section = chart.page.locator(`[data-chart="${id}"]`);
      const svg = section.locator('svg');
      assert.equal(await svg.getAttribute('role'), 'img');
      const name = await svg.evaluate((element) =>
        (element.getAttribute('aria-labelledby') ?? '').split(' ').map((ref) => document.getElementById(ref)?.textContent ?? '').join(' '),
      );
      assert.ok(name.length > 20, `${id} has an accessible name: ${name}`);
      assert.ok((await section.locator('table tbody tr').count()) > 0, `${id} has a table`);
    }
    const days = chart.page.locator('[data-chart="days"] tbody tr');
    assert.deepEqual(await days.first().locator('th, td').allTextContents(), ['2026-03-01', '1', '1']);
    assert.match((await chart.page.locator('#chart-streaks-summary').textContent()) ?? '', /Current streak: 1 lost; best winning streak: 2/);
  });

  it('switches to one variant with the picker, and remembers it in the page state', async () => {
    await chart.show(chartData(history(), englishOnly, utcDay));
    await chart.page.locator('sol-chart [data-testid="variant"]').selectOption('freecell');
    await chart.page.locator('sol-chart [data-series="freecell"]').waitFor();
    assert.equal(await chart.page.locator('[data-chart="rolling"] circle.point').count(), 3);
    assert.deepEqual(await chart.page.evaluate(() => (window as unknown as { __state: () => unknown }).__state()), { series: 'freecell' });
    // New data (a live update) keeps the variant picked.
    await chart.show(chartData(history().slice(0, 5), englishOnly, utcDay));
    assert.equal(await chart.page.locator('sol-chart [data-series]').getAttribute('data-series'), 'freecell');
    // The empty history after a reset: the message again.
    await chart.show(chartData([], englishOnly));
    assert.equal(await chart.page.locator('sol-chart [data-testid="empty"]').count(), 1);
  });
});
