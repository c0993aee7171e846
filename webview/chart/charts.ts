import { svg, type SVGTemplateResult } from 'lit';
import type { Bucket, ChartStrings, DayCount, RatePoint, StreakRun } from '../../src/protocol/chartMessages';

/** The drawing area of every chart, in SVG user units; the SVG scales to the page's width. */
export const WIDTH = 640;
export const HEIGHT = 200;
const LEFT = 44;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 26;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
/** Above this many games the rolling win rate is drawn as a line only, without a point per game. */
const MAX_POINTS = 300;

function gridLine(y: number, label: string): SVGTemplateResult {
  return svg`<line class="grid" x1=${LEFT} x2=${WIDTH - RIGHT} y1=${y} y2=${y}></line>
    <text class="tick" x=${LEFT - 6} y=${y} text-anchor="end" dominant-baseline="middle">${label}</text>`;
}

/** The first and last games under the line's ends (one game: under its point, in the middle). */
function xLabels(first: string, last: string): SVGTemplateResult {
  const y = HEIGHT - 8;
  if (last === first) return svg`<text class="tick" x=${LEFT + PLOT_W / 2} y=${y} text-anchor="middle">${first}</text>`;
  return svg`<text class="tick" x=${LEFT} y=${y} text-anchor="start">${first}</text>
    <text class="tick" x=${WIDTH - RIGHT} y=${y} text-anchor="end">${last}</text>`;
}

/** Where the `index`-th of `count` bars goes: its left edge and width. */
function band(index: number, count: number): { x: number; width: number } {
  const slot = PLOT_W / count;
  const width = Math.max(1, Math.min(slot * 0.75, 48));
  return { x: LEFT + index * slot + (slot - width) / 2, width };
}

/** About half a label's width, in user units, per character (the ticks are 11 units high). */
const HALF_CHARACTER = 3.4;

/**
 * A label centred under the bar at `index` of `count` (at the plot's ends they read as labels of
 * nothing when the bars are few and wide apart; a play-test), moved in only as far as keeps it
 * on the chart.
 */
function barLabel(text: string, index: number, count: number): SVGTemplateResult {
  const { x, width } = band(index, count);
  const half = text.length * HALF_CHARACTER;
  const middle = Math.min(Math.max(x + width / 2, half), WIDTH - half);
  return svg`<text class="tick" x=${middle} y=${HEIGHT - 8} text-anchor="middle">${text}</text>`;
}

/** The first and the last bar's labels (one for one bar). */
function barLabels(first: string, last: string, count: number): SVGTemplateResult {
  return count <= 1 ? barLabel(first, 0, 1) : svg`${barLabel(first, 0, count)}${barLabel(last, count - 1, count)}`;
}

/** The rolling win rate as a line over the games, a point per game coloured by its result. */
export function rollingChart(points: readonly RatePoint[], strings: ChartStrings): SVGTemplateResult {
  const n = points.length;
  const x = (game: number): number => (n === 1 ? LEFT + PLOT_W / 2 : LEFT + ((game - 1) / (n - 1)) * PLOT_W);
  const y = (rate: number): number => TOP + (1 - rate) * PLOT_H;
  const line = points.map((p) => `${x(p.game).toFixed(1)},${y(p.rate).toFixed(1)}`).join(' ');
  return svg`${gridLine(y(1), '100%')}${gridLine(y(0.5), '50%')}${gridLine(y(0), '0%')}
    <polyline class="line" points=${line}></polyline>
    ${n <= MAX_POINTS
      ? points.map(
          (p) => svg`<circle class=${`point ${p.won ? 'won' : 'lost'}`} cx=${x(p.game)} cy=${y(p.rate)} r="3"><title>${strings.game} ${p.game}: ${Math.round(p.rate * 100)}%</title></circle>`,
        )
      : ''}
    ${xLabels('1', String(n))}`;
}

/** Wins (below) and losses (stacked above) per day with games. */
export function daysChart(days: readonly DayCount[], strings: ChartStrings): SVGTemplateResult {
  const max = Math.max(1, ...days.map((d) => d.won + d.lost));
  const h = (count: number): number => (count / max) * PLOT_H;
  const bottom = TOP + PLOT_H;
  return svg`${gridLine(TOP, String(max))}${gridLine(bottom, '0')}
    ${days.map((day, index) => {
      const { x, width } = band(index, days.length);
      const title = `${day.day}: ${strings.won} ${day.won}, ${strings.lost} ${day.lost}`;
      return svg`<g><title>${title}</title>
        ${day.won > 0 ? svg`<rect class="bar won" x=${x} width=${width} y=${bottom - h(day.won)} height=${h(day.won)}></rect>` : ''}
        ${day.lost > 0 ? svg`<rect class="bar lost" x=${x} width=${width} y=${bottom - h(day.won) - h(day.lost)} height=${h(day.lost)}></rect>` : ''}
      </g>`;
    })}
    ${barLabels(days[0]?.day ?? '', days[days.length - 1]?.day ?? '', days.length)}`;
}

/** A distribution: one bar per range. */
export function bucketChart(buckets: readonly Bucket[], strings: ChartStrings): SVGTemplateResult {
  const max = Math.max(1, ...buckets.map((b) => b.count));
  const bottom = TOP + PLOT_H;
  return svg`${gridLine(TOP, String(max))}${gridLine(bottom, '0')}
    ${buckets.map((bucket, index) => {
      const { x, width } = band(index, buckets.length);
      const height = (bucket.count / max) * PLOT_H;
      return svg`<rect class="bar dist" x=${x} width=${width} y=${bottom - height} height=${height}><title>${bucket.label}: ${strings.wins} ${bucket.count}</title></rect>`;
    })}
    ${barLabels(buckets[0]?.label ?? '', buckets[buckets.length - 1]?.label ?? '', buckets.length)}`;
}

/** The runs of wins (up) and losses (down), in order. */
export function streaksChart(runs: readonly StreakRun[], strings: ChartStrings): SVGTemplateResult {
  const max = Math.max(1, ...runs.map((r) => r.length));
  const middle = TOP + PLOT_H / 2;
  const h = (length: number): number => (length / max) * (PLOT_H / 2);
  // Losses go down from the middle line: their side's tick says so with a minus sign.
  return svg`${gridLine(TOP, String(max))}${gridLine(middle, '0')}${gridLine(TOP + PLOT_H, `\u2212${max}`)}
    ${runs.map((run, index) => {
      const { x, width } = band(index, runs.length);
      const height = h(run.length);
      return svg`<rect class=${`bar ${run.won ? 'won' : 'lost'}`} x=${x} width=${width} y=${run.won ? middle - height : middle} height=${height}><title>${run.won ? strings.won : strings.lost}: ${run.length}</title></rect>`;
    })}
    ${barLabels('1', String(runs.length), runs.length)}`;
}
