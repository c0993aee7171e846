import { strictPageHtml } from '../boardHtml';

/** What the chart page needs to load its script under a strict CSP. */
export interface ChartHtmlParts {
  /** The webview's `cspSource`, allowed for styles and fonts. */
  readonly cspSource: string;
  /** URI of `dist/chart.js` as the webview sees it. */
  readonly scriptUri: string;
  /** URI of `media/chart.css` as the webview sees it. */
  readonly styleUri: string;
  readonly nonce: string;
  readonly title: string;
}

/**
 * The HTML of the statistics chart webview: the board page's policy (nothing remote, scripts
 * only with the nonce, styles only from the extension's own files, no inline style).
 */
export function chartHtml(parts: ChartHtmlParts): string {
  return strictPageHtml(parts, '<main><sol-chart></sol-chart></main>');
}
