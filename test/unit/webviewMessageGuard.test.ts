import * as assert from 'node:assert/strict';
import { checkWebviewMessage } from '../../src/extension/webviewMessageGuard';

describe('checkWebviewMessage', () => {
  it('accepts a ready message and keeps only its known fields', () => {
    assert.deepEqual(checkWebviewMessage({ type: 'ready', extra: 1 }), { ok: true, message: { type: 'ready' } });
  });

  const rejected: Array<[string, unknown, RegExp]> = [
    ['null', null, /not an object/],
    ['an array', [{ type: 'ready' }], /not an object/],
    ['a string', 'ready', /not an object/],
    ['a message without type', { kind: 'ready' }, /no string "type"/],
    ['a numeric type', { type: 7 }, /no string "type"/],
    ['an unknown type', { type: 'cheat' }, /unknown message type "cheat"/],
  ];
  for (const [name, value, reason] of rejected) {
    it(`rejects ${name} with a reason`, () => {
      const result = checkWebviewMessage(value);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.reason, reason);
    });
  }
});
