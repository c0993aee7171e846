import type { BoardCommand, PileRefView, WebviewToHostMessage } from '../protocol/webviewMessages';

/** The outcome of checking one message from the webview. */
export type GuardResult =
  | { readonly ok: true; readonly message: WebviewToHostMessage }
  | { readonly ok: false; readonly reason: string };

const PILE_KINDS: ReadonlySet<string> = new Set(['tableau', 'cell', 'foundation']);
const COMMANDS: ReadonlySet<string> = new Set<BoardCommand>([
  'undo',
  'redo',
  'restart',
  'newGame',
  'sameDeal',
  'hint',
  'solve',
  'playSolution',
  'stopPlayback',
  'undoToWinnable',
  'acceptLoss',
  'review',
]);
/** Larger than any layout (13 columns, 8 cells); smaller numbers than this are checked by the engine. */
const MAX_PILE_INDEX = 63;
/** Game ids are UUIDs (36 characters); anything much longer is not one of ours. */
const MAX_GAME_ID_LENGTH = 64;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function pileRef(value: unknown): PileRefView | undefined {
  if (!isRecord(value)) return undefined;
  const { kind, index } = value;
  if (typeof kind !== 'string' || !PILE_KINDS.has(kind) || !isIntegerIn(index, 0, MAX_PILE_INDEX)) return undefined;
  return { kind: kind as PileRefView['kind'], index };
}

/**
 * Checks that an untrusted value from the webview is one of the messages the protocol
 * defines, and rebuilds it from exactly the fields it needs (nothing else passes). Never throws.
 */
export function checkWebviewMessage(value: unknown): GuardResult {
  if (!isRecord(value)) return { ok: false, reason: 'message is not an object' };
  const type = value['type'];
  if (typeof type !== 'string') return { ok: false, reason: 'message has no string "type"' };
  switch (type) {
    case 'ready':
      return { ok: true, message: { type: 'ready' } };
    case 'move': {
      const { seq, count } = value;
      const from = pileRef(value['from']);
      const to = pileRef(value['to']);
      if (!isIntegerIn(seq, 0, Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'move without a valid "seq"' };
      if (!from || !to) return { ok: false, reason: 'move with a malformed "from" or "to" pile' };
      if (!isIntegerIn(count, 1, 52)) return { ok: false, reason: 'move with a "count" outside 1..52' };
      const gameId = value['gameId'];
      if (gameId === undefined) return { ok: true, message: { type: 'move', seq, from, to, count } };
      if (typeof gameId !== 'string' || gameId.length === 0 || gameId.length > MAX_GAME_ID_LENGTH) return { ok: false, reason: 'move with a malformed "gameId"' };
      return { ok: true, message: { type: 'move', seq, gameId, from, to, count } };
    }
    case 'focus': {
      const focused = value['focused'];
      if (typeof focused !== 'boolean') return { ok: false, reason: 'focus message without a boolean "focused"' };
      return { ok: true, message: { type: 'focus', focused } };
    }
    case 'command': {
      const command = value['command'];
      if (typeof command !== 'string' || !COMMANDS.has(command)) {
        return { ok: false, reason: `unknown board command ${JSON.stringify(command)?.slice(0, 40)}` };
      }
      return { ok: true, message: { type: 'command', command: command as BoardCommand } };
    }
    default:
      return { ok: false, reason: `unknown message type ${JSON.stringify(type).slice(0, 40)}` };
  }
}
