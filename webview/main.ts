import { SolBoard } from './components/solBoard';
import { hostApi } from './hostApi';

// Defining the element (by the import above) upgrades the `<sol-board>` already in the page;
// its connectedCallback has then added the message listener, so only now is it safe to say
// we are ready.
const api = hostApi();
for (const board of document.querySelectorAll('sol-board')) {
  if (board instanceof SolBoard) board.post = (message) => api.postMessage(message);
}
api.postMessage({ type: 'ready' });
