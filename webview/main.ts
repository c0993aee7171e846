import './components/solBoard';
import { hostApi } from './hostApi';

// The board element is in the page already; once its class is defined it listens for the
// host, so only now is it safe to say we are ready.
hostApi().postMessage({ type: 'ready' });
