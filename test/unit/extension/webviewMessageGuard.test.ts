import * as assert from 'node:assert/strict';
import { checkWebviewMessage } from '../../../src/extension/webviewMessageGuard';

describe('checkWebviewMessage', () => {
  it('accepts a ready message and keeps only its known fields', () => {
    assert.deepEqual(checkWebviewMessage({ type: 'ready', extra: 1 }), { ok: true, message: { type: 'ready' } });
  });

  it('accepts a well-formed move and rebuilds it from its fields only', () => {
    // JSON.parse makes "__proto__" an own key, as a posted message can carry it; in an object
    // literal it would set the prototype instead, and the test would not have the key at all.
    const posted: unknown = JSON.parse(
      '{"type":"move","seq":4,"from":{"kind":"tableau","index":2,"evil":true,"__proto__":{"polluted":true}},"to":{"kind":"cell","index":0},"count":1,"__proto__":{"polluted":true}}',
    );
    assert.ok(Object.hasOwn(posted as object, '__proto__'), 'the message carries an own __proto__ key');
    const result = checkWebviewMessage(posted);
    assert.deepEqual(result, { ok: true, message: { type: 'move', seq: 4, from: { kind: 'tableau', index: 2 }, to: { kind: 'cell', index: 0 }, count: 1 } });
    assert.ok(result.ok);
    assert.equal(Object.hasOwn(result.message, '__proto__'), false);
    assert.equal(Object.getPrototypeOf(result.message), Object.prototype);
    if (result.message.type === 'move') {
      assert.equal(Object.hasOwn(result.message.from, '__proto__'), false);
      assert.equal(Object.getPrototypeOf(result.message.from), Object.prototype);
    }
    assert.equal(({} as { polluted?: unknown }).polluted, undefined, 'Object.prototype untouched');
  });

  it('accepts the board commands', () => {
    for (const command of ['undo', 'redo', 'restart', 'newGame', 'sameDeal']) {
      assert.deepEqual(checkWebviewMessage({ type: 'command', command }), { ok: true, message: { type: 'command', command } });
    }
  });

  const move = { type: 'move', seq: 1, from: { kind: 'tableau', index: 0 }, to: { kind: 'cell', index: 0 }, count: 1 };
  const rejected: Array<[string, unknown, RegExp]> = [
    ['null', null, /not an object/],
    ['an array', [{ type: 'ready' }], /not an object/],
    ['a string', 'ready', /not an object/],
    ['a message without type', { kind: 'ready' }, /no string "type"/],
    ['a numeric type', { type: 7 }, /no string "type"/],
    ['an unknown type', { type: 'cheat' }, /unknown message type "cheat"/],
    ['a move with a text seq', { ...move, seq: '1' }, /valid "seq"/],
    ['a move with a negative seq', { ...move, seq: -1 }, /valid "seq"/],
    ['a move from an unknown pile kind', { ...move, from: { kind: 'stock', index: 0 } }, /malformed "from" or "to"/],
    ['a move to a fractional index', { ...move, to: { kind: 'cell', index: 0.5 } }, /malformed "from" or "to"/],
    ['a move to a huge index', { ...move, to: { kind: 'tableau', index: 1e9 } }, /malformed "from" or "to"/],
    ['a move without a target', { ...move, to: undefined }, /malformed "from" or "to"/],
    ['a move of no cards', { ...move, count: 0 }, /"count" outside 1..52/],
    ['a move of 53 cards', { ...move, count: 53 }, /"count" outside 1..52/],
    ['an unknown command', { type: 'command', command: 'win' }, /unknown board command "win"/],
    ['a command without a name', { type: 'command' }, /unknown board command/],
  ];
  for (const [name, value, reason] of rejected) {
    it(`rejects ${name} with a reason`, () => {
      const result = checkWebviewMessage(value);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.reason, reason);
    });
  }
});

describe('checkWebviewMessage: the game a move was made on, and focus', () => {
  const move = { type: 'move', seq: 3, from: { kind: 'tableau', index: 0 }, to: { kind: 'cell', index: 0 }, count: 1 };

  it('keeps the game id of a move', () => {
    assert.deepEqual(checkWebviewMessage({ ...move, gameId: 'a-game' }), { ok: true, message: { ...move, gameId: 'a-game' } });
  });

  it('rejects a move whose game id is not a short string', () => {
    for (const gameId of [7, '', 'x'.repeat(65), null, { id: 'a' }]) {
      const result = checkWebviewMessage({ ...move, gameId });
      assert.deepEqual(result, { ok: false, reason: 'move with a malformed "gameId"' }, JSON.stringify(gameId));
    }
  });

  it('accepts focus and blur, and nothing else under that type', () => {
    assert.deepEqual(checkWebviewMessage({ type: 'focus', focused: true, extra: 1 }), { ok: true, message: { type: 'focus', focused: true } });
    assert.deepEqual(checkWebviewMessage({ type: 'focus', focused: false }), { ok: true, message: { type: 'focus', focused: false } });
    assert.deepEqual(checkWebviewMessage({ type: 'focus', focused: 'yes' }), { ok: false, reason: 'focus message without a boolean "focused"' });
  });
});
