import type { ChartHostApi, HostToChartMessage } from '../../src/protocol/chartMessages';
import { SELECT_EVENT, SolChart } from './solChart';

declare function acquireVsCodeApi(): ChartHostApi;

// The statistics chart page: draws what the host sends, remembers the variant picked (VS Code
// keeps a webview's state while its tab is hidden or the window reloads).
const api = acquireVsCodeApi();
const chart = document.querySelector('sol-chart');
if (chart instanceof SolChart) {
  const saved = api.getState() as { series?: unknown } | undefined;
  if (typeof saved?.series === 'string') chart.selected = saved.series;
  chart.addEventListener(SELECT_EVENT, (event) => api.setState({ series: (event as CustomEvent<string>).detail }));
  window.addEventListener('message', (event: MessageEvent<HostToChartMessage>) => {
    const message = event.data;
    if (message?.type !== 'chart') return;
    document.documentElement.lang = message.language;
    chart.data = message.data;
  });
}
api.postMessage({ type: 'ready' });
