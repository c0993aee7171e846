/**
 * Messages between the extension host and the statistics chart webview. Types only. The host
 * computes every figure and words every text (in the player's language); the page only draws.
 * The page's one message, `ready`, is checked by the host like any webview message.
 */

/** The rolling win rate after one game: the share of wins among the last `window` games. */
export interface RatePoint {
  /** 1-based number of the game, in the order the games ended. */
  readonly game: number;
  /** 0..1. */
  readonly rate: number;
  readonly won: boolean;
}

/** Games that ended on one day (the player's local calendar day, `YYYY-MM-DD`). */
export interface DayCount {
  readonly day: string;
  readonly won: number;
  /** Lost and abandoned games. */
  readonly lost: number;
}

/** One bar of a distribution: values in `[from, to)`. */
export interface Bucket {
  readonly from: number;
  readonly to: number;
  /** The range as printed (`2:00–4:00`, `80–89`). */
  readonly label: string;
  readonly count: number;
}

/** Games won (or not won) in a row, in the order they ended. */
export interface StreakRun {
  readonly won: boolean;
  readonly length: number;
}

/** The figures of one chart page's variant (or of all variants together). */
export interface ChartFigures {
  /** `all`, or a variant id. */
  readonly id: string;
  readonly played: number;
  readonly won: number;
  /** How many games the rolling win rate looks back over. */
  readonly window: number;
  readonly rolling: readonly RatePoint[];
  readonly days: readonly DayCount[];
  /** Durations of wins, in milliseconds. */
  readonly times: readonly Bucket[];
  /** Move counts of wins. */
  readonly moves: readonly Bucket[];
  readonly streaks: readonly StreakRun[];
  /** Positive: wins in a row up to the latest game; negative: losses. */
  readonly currentStreak: number;
  readonly bestWinningStreak: number;
  readonly worstLosingStreak: number;
}

/** One sentence per chart, for screen readers and as the chart's caption. */
export interface ChartSummaries {
  readonly rolling: string;
  readonly days: string;
  readonly times: string;
  readonly moves: string;
  readonly streaks: string;
}

/** A variant (or all of them) as the page shows it: its figures, its name and the sentences. */
export interface ChartSeries extends ChartFigures {
  readonly name: string;
  readonly summaries: ChartSummaries;
}

/** Every word the chart page shows, in the player's language. */
export interface ChartStrings {
  readonly title: string;
  readonly variant: string;
  readonly empty: string;
  readonly rollingTitle: string;
  readonly daysTitle: string;
  readonly timesTitle: string;
  readonly movesTitle: string;
  readonly streaksTitle: string;
  readonly showTable: string;
  readonly game: string;
  readonly winRate: string;
  readonly day: string;
  readonly won: string;
  readonly lost: string;
  readonly time: string;
  readonly moves: string;
  readonly wins: string;
  readonly streak: string;
  readonly noWins: string;
}

/** What the page draws. `series[0]` is all variants together; none at all when nothing was played. */
export interface ChartData {
  readonly series: readonly ChartSeries[];
  readonly strings: ChartStrings;
}

/** `language`: VS Code's display language (`en`, `de`…), for the page's `lang`. */
export type HostToChartMessage = { readonly type: 'chart'; readonly data: ChartData; readonly language: string };

export type ChartToHostMessage = { readonly type: 'ready' };

/** The part of `acquireVsCodeApi()` the chart page uses. */
export interface ChartHostApi {
  postMessage(message: ChartToHostMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
