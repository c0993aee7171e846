import type { ReviewHostApi } from '../../src/protocol/reviewMessages';
import { SolReview } from '../components/solReview';

declare function acquireVsCodeApi(): ReviewHostApi;

// The review page: the `<sol-review>` element (defined by the import) draws what the host sends
// and asks it for positions; only once it listens is it safe to say we are ready.
const api = acquireVsCodeApi();
for (const review of document.querySelectorAll('sol-review')) {
  if (review instanceof SolReview) review.post = (message) => api.postMessage(message);
}
api.postMessage({ type: 'ready' });
