/** What the board page needs to know to load its script under a strict CSP. */
export interface BoardHtmlParts {
  /** The webview's `cspSource`, allowed for styles, fonts and images. */
  readonly cspSource: string;
  /** URI of `dist/webview.js` as the webview sees it. */
  readonly scriptUri: string;
  /** URI of `media/board.css` as the webview sees it. */
  readonly styleUri: string;
  readonly nonce: string;
  readonly title: string;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML of the board webview. Nothing remote, no inline script or style: scripts run only
 * with the nonce, styles come only from the extension's own files.
 */
export function boardHtml(parts: BoardHtmlParts): string {
  return strictPageHtml(parts, '<sol-board></sol-board>', [`img-src ${parts.cspSource} data:`]);
}

/**
 * A webview page under the extension's strict policy (nothing remote, scripts only with the
 * nonce, styles and fonts only from the extension's files, no inline style), with `body` as its
 * content and `extraPolicy` directives (say, images) added before the script's.
 */
export function strictPageHtml(parts: BoardHtmlParts, body: string, extraPolicy: readonly string[] = []): string {
  const csp = [
    "default-src 'none'",
    `style-src ${parts.cspSource}`,
    `font-src ${parts.cspSource}`,
    ...extraPolicy,
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
${body}
<script type="module" nonce="${escapeAttribute(parts.nonce)}" src="${escapeAttribute(parts.scriptUri)}"></script>
</body>
</html>`;
}
