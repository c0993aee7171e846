import { SolBoard } from './components/solBoard';
import type { HostToWebviewMessage } from '../src/protocol/webviewMessages';
import { hostApi } from './hostApi';

// Defining the element (by the import above) upgrades the `<sol-board>` already in the page;
// its connectedCallback has then added the message listener, so only now is it safe to say
// we are ready.
const api = hostApi();
for (const board of document.querySelectorAll('sol-board')) {
  if (board instanceof SolBoard) board.post = (message) => api.postMessage(message);
}
// Remember which game this tab shows: VS Code hands this state back to the host's serializer
// after a reload, so every window gets its own game back.
window.addEventListener('message', (event: MessageEvent<HostToWebviewMessage>) => {
  const message = event.data;
  if (message?.type === 'state' && typeof message.view.gameId === 'string') api.setState({ gameId: message.view.gameId });
});
// Whether the player is on the board: the host's keybindings (Ctrl+Z, F2…) act only then. The
// page's window loses the focus to anything else of the workbench: an editor, a view, the
// palette, a dialog.
window.addEventListener('focus', () => api.postMessage({ type: 'focus', focused: true }));
window.addEventListener('blur', () => api.postMessage({ type: 'focus', focused: false }));
api.postMessage({ type: 'ready' });
if (document.hasFocus()) api.postMessage({ type: 'focus', focused: true });
