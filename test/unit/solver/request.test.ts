import * as assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import type { SolveDealsRequest } from '../../../src/protocol/solverMessages';
import { MAX_DEALS_PER_REQUEST, checkDealsRequest } from '../../../src/solver/request';

describe('checking a range-of-deals request from another thread', () => {
  const channel = new MessageChannel();
  after(() => channel.port1.close());
  const request = (changes: Record<string, unknown> = {}): SolveDealsRequest =>
    ({ type: 'solve-deals', id: 1, variant: 'bakers-game', first: 1, count: 10, next: new SharedArrayBuffer(4), port: channel.port2, ...changes }) as unknown as SolveDealsRequest;
  const refusal = (changes: Record<string, unknown>): string => {
    const checked = checkDealsRequest(request(changes));
    assert.equal(checked.ok, false, JSON.stringify(Object.keys(changes)));
    return checked.ok ? '' : checked.message;
  };

  it('accepts a good one: the counter is element 0 of the shared buffer, shortening as asked', () => {
    const next = new SharedArrayBuffer(8);
    const checked = checkDealsRequest(request({ next, shorten: false, budget: { maxNodes: 5 } }));
    assert.ok(checked.ok);
    assert.equal(checked.request.next.length, 1);
    assert.equal(checked.request.next.buffer, next);
    assert.equal(checked.request.shorten, false);
    assert.equal(checked.request.lastPassOnHost, false);
    const onHost = checkDealsRequest(request({ lastPassOnHost: true }));
    assert.ok(onHost.ok && onHost.request.lastPassOnHost);
    const notQuite = checkDealsRequest(request({ lastPassOnHost: 'yes' }));
    assert.ok(notQuite.ok && !notQuite.request.lastPassOnHost, 'only true leaves the pass to the host');
    assert.deepEqual(checked.request.budget, { maxNodes: 5 });
    const plain = checkDealsRequest(request());
    assert.ok(plain.ok);
    assert.equal(plain.request.shorten, undefined);
  });

  it('refuses each wrong field with a message naming it', () => {
    assert.match(refusal({ variant: 'chess' }), /unknown variant/);
    assert.match(refusal({ count: 0 }), /count/);
    assert.match(refusal({ count: 2.5 }), /count/);
    assert.match(refusal({ count: MAX_DEALS_PER_REQUEST + 1 }), /count/);
    assert.match(refusal({ first: 0 }), /deal numbers/);
    assert.match(refusal({ first: 8_589_934_591, count: 2 }), /deal numbers/);
    assert.match(refusal({ next: new ArrayBuffer(4) }), /SharedArrayBuffer/);
    assert.match(refusal({ next: new SharedArrayBuffer(3) }), /SharedArrayBuffer/);
    assert.match(refusal({ port: undefined }), /MessagePort/);
    assert.match(refusal({ port: { postMessage() {} } }), /MessagePort/);
    assert.match(refusal({ budget: { maxNodes: 0 } }), /positive/);
    assert.match(refusal({ budget: { depth: 3 } }), /unknown budget field/);
  });
});
