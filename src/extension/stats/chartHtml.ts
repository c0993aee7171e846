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

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML of the statistics chart webview: the board page's policy (nothing remote, scripts
 * only with the nonce, styles only from the extension's own files, no inline style).
 */
export function chartHtml(parts: ChartHtmlParts): string {
  const csp = [
    "default-src 'none'",
    `style-src ${parts.cspSource}`,
    `font-src ${parts.cspSource}`,
    `script-src 'nonce-${parts.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(parts.styleUri)}">
<title>${escapeAttribute(parts.title)}</title>
</head>
<body>
<main><sol-chart></sol-chart></main>
<script type="module" nonce="${escapeAttribute(parts.nonce)}" src="${escapeAttribute(parts.scriptUri)}"></script>
</body>
</html>`;
}
