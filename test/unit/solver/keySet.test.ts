import * as assert from 'node:assert/strict';
import { KeySet, clearTablePool, pooledTableBytes } from '../../../src/solver/search';
import { randomBelow } from './support';

/** `count` distinct random 4-word keys (top bit of the last word clear, as the search's are). */
function keys(seed: number, count: number): Uint32Array[] {
  const random = randomBelow(seed);
  const seen = new Set<string>();
  const out: Uint32Array[] = [];
  while (out.length < count) {
    const key = Uint32Array.of(random(2 ** 31) * 2 + random(2), random(2 ** 31), random(2 ** 31), random(2 ** 31));
    if (seen.has(key.join())) continue;
    seen.add(key.join());
    out.push(key);
  }
  return out;
}

describe('the key set of the search', () => {
  it('sets made after others were released or outgrew their tables start empty (used tables are zeroed)', () => {
    clearTablePool();
    const outgrown = new KeySet(4, 12);
    const early = keys(5, 3000);
    for (const key of early) outgrown.add(key);
    const pooled = pooledTableBytes();
    assert.ok(pooled > 0, 'the outgrown table went to the pool');
    const next = new KeySet(4, 12);
    assert.ok(pooledTableBytes() < pooled, 'the next set took the outgrown table');
    for (const key of early) assert.equal(next.has(key), false);
    const first = new KeySet(4, 12);
    const old = keys(3, 30000);
    for (const key of old) first.add(key);
    const copy = first.clone();
    first.release();
    assert.equal(first.size, 0);
    assert.equal(first.has(old[0]), false);
    // The copy keeps its keys after the original's tables went back to be used again.
    const fresh = new KeySet(4, 12);
    for (const key of old) assert.equal(fresh.has(key), false);
    for (const key of keys(4, 30000)) fresh.add(key);
    for (const key of old) assert.equal(copy.has(key), true);
    for (const key of old) assert.equal(fresh.has(key), false);
    // A released set is an empty set that still works.
    for (const key of old.slice(0, 5000)) assert.equal(first.add(key), true);
    for (const key of old.slice(0, 5000)) assert.equal(first.has(key), true);
  });

  it('finds every key added, through several growths, and no other', () => {
    const set = new KeySet(4, 4);
    const added = keys(1, 20000);
    for (const key of added) assert.equal(set.add(key), true);
    assert.equal(set.size, added.length);
    for (const key of added) assert.equal(set.add(key), false);
    const known = new Set(added.map((key) => key.join()));
    let absent = 0;
    for (const key of keys(2, 2000)) {
      assert.equal(set.has(key), known.has(key.join()));
      if (!known.has(key.join())) absent++;
    }
    assert.ok(absent > 1000);
  });
});
