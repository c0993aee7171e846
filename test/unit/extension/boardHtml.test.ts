import * as assert from 'node:assert/strict';
import { boardHtml } from '../../../src/extension/boardHtml';

describe('boardHtml', () => {
  const page = boardHtml({
    cspSource: 'vscode-webview://abc',
    scriptUri: 'vscode-webview://abc/dist/webview.js',
    styleUri: 'vscode-webview://abc/media/board.css',
    nonce: 'n0nce+/=',
    title: 'Baker\'s "Game"',
  });

  it('allows scripts only by nonce and nothing by default', () => {
    const csp = /Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-n0nce\+\/='/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
  });

  it('loads the bundled script with the nonce and the stylesheet from the extension', () => {
    assert.match(page, /<script type="module" nonce="n0nce\+\/=" src="vscode-webview:\/\/abc\/dist\/webview.js">/);
    assert.match(page, /<link rel="stylesheet" href="vscode-webview:\/\/abc\/media\/board.css">/);
  });

  it('escapes the title', () => {
    assert.match(page, /<title>Baker's &quot;Game&quot;<\/title>/);
  });
});
