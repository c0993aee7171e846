import { LitElement, html, nothing, type SVGTemplateResult, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ChartData, ChartSeries, ChartStrings } from '../../src/protocol/chartMessages';
import { HEIGHT, WIDTH, bucketChart, daysChart, rollingChart, streaksChart } from './charts';

/** Fired when the player picks another variant; `detail` is the series id. */
export const SELECT_EVENT = 'sol-chart-select';

type TableRow = readonly (string | number)[];

/**
 * The statistics chart page: a variant picker and five charts, each with a heading, a sentence
 * that says what it shows (the SVG's accessible name) and the same figures as a table. Drawn in
 * the light DOM, styled by media/chart.css (the page's CSP allows no inline style).
 */
@customElement('sol-chart')
export class SolChart extends LitElement {
  @property({ attribute: false }) data: ChartData | undefined;
  /** The series shown: `all` or a variant id; the first series when it is not in the data. */
  @state() selected = 'all';

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private get series(): ChartSeries | undefined {
    const series = this.data?.series ?? [];
    return series.find((s) => s.id === this.selected) ?? series[0];
  }

  private pick(event: Event): void {
    this.selected = (event.target as HTMLSelectElement).value;
    this.dispatchEvent(new CustomEvent<string>(SELECT_EVENT, { detail: this.selected, bubbles: true }));
  }

  protected override render(): TemplateResult | typeof nothing {
    const data = this.data;
    if (!data) return nothing;
    const strings = data.strings;
    const series = this.series;
    if (!series) {
      return html`<h1>${strings.title}</h1><p class="empty" role="status" data-testid="empty">${strings.empty}</p>`;
    }
    return html`<h1>${strings.title}</h1>
      <label class="picker">${strings.variant}
        <select data-testid="variant" @change=${(event: Event) => this.pick(event)}>
          ${data.series.map((s) => html`<option value=${s.id} ?selected=${s.id === series.id}>${s.name}</option>`)}
        </select>
      </label>
      <div class="charts" data-series=${series.id}>
        ${this.chart('rolling', strings.rollingTitle, series.summaries.rolling, rollingChart(series.rolling, strings), [strings.game, strings.winRate],
          series.rolling.map((p) => [p.game, `${Math.round(p.rate * 100)}%`]), strings)}
        ${this.chart('days', strings.daysTitle, series.summaries.days, daysChart(series.days, strings), [strings.day, strings.won, strings.lost],
          series.days.map((d) => [d.day, d.won, d.lost]), strings)}
        ${this.chart('times', strings.timesTitle, series.summaries.times, series.times.length > 0 ? bucketChart(series.times, strings) : undefined,
          [strings.time, strings.wins], series.times.map((b) => [b.label, b.count]), strings)}
        ${this.chart('moves', strings.movesTitle, series.summaries.moves, series.moves.length > 0 ? bucketChart(series.moves, strings) : undefined,
          [strings.moves, strings.wins], series.moves.map((b) => [b.label, b.count]), strings)}
        ${this.chart('streaks', strings.streaksTitle, series.summaries.streaks, streaksChart(series.streaks, strings), [strings.streak, strings.won, strings.lost],
          series.streaks.map((r, i) => [i + 1, r.won ? r.length : '', r.won ? '' : r.length]), strings)}
      </div>`;
  }

  /** One chart: heading, sentence, the drawing (left out when there is nothing to draw), the table. */
  private chart(
    id: string,
    title: string,
    summary: string,
    drawing: SVGTemplateResult | undefined,
    headers: readonly string[],
    rows: readonly TableRow[],
    strings: ChartStrings,
  ): TemplateResult {
    const titleId = `chart-${id}-title`;
    const summaryId = `chart-${id}-summary`;
    return html`<section class="chart" data-chart=${id} aria-labelledby=${titleId}>
      <h2 id=${titleId}>${title}</h2>
      <p class="summary" id=${summaryId}>${summary}</p>
      ${drawing
        ? html`<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${titleId} ${summaryId}" focusable="false">${drawing}</svg>`
        : nothing}
      ${rows.length > 0
        ? html`<details>
            <summary>${strings.showTable}</summary>
            <table>
              <caption>${title}</caption>
              <thead><tr>${headers.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
              <tbody>${rows.map((row) => html`<tr>${row.map((cell, i) => (i === 0 ? html`<th scope="row">${cell}</th>` : html`<td>${cell}</td>`))}</tr>`)}</tbody>
            </table>
          </details>`
        : nothing}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-chart': SolChart;
  }
}
