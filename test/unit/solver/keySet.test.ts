import * as assert from 'node:assert/strict';
import { KeySet, clearTablePool, pooledTableBytes } from '../../../src/solver/keySet';
import { randomBelow } from './support';

/** `count` distinct random 4-word keys. */
function keys(seed: number, count: number): Uint32Array[] {
  const random = randomBelow(seed);
  const seen = new Set<string>();
  const out: Uint32Array[] = [];
  while (out.length < count) {
    const key = Uint32Array.of(random(2 ** 31) * 2 + random(2), random(2 ** 31), random(2 ** 31), random(2 ** 31) * 2 + random(2));
    if (seen.has(key.join())) continue;
    seen.add(key.join());
    out.push(key);
  }
  return out;
}

describe('the key set of the search', () => {
  it('sets made after others were released or outgrew their tables start empty (a used table has its tags zeroed, not its words)', () => {
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

describe("the key set's tags", () => {
  it('tells apart two keys with the same tag in the same slot', () => {
    // Two keys whose hashes agree on the tag's bits (the top 7) and on the first slot of a
    // 64-slot table (the low 6): a probe finds the tag of the one added and must compare the keys.
    const byClass = new Map<number, Uint32Array>();
    let pair: [Uint32Array, Uint32Array] | undefined;
    for (const key of keys(11, 200000)) {
      const hash = KeySet.hash(key, 4);
      const klass = ((hash >>> 25) << 6) | (hash & 63);
      const other = byClass.get(klass);
      if (other) {
        pair = [other, key];
        break;
      }
      byClass.set(klass, key);
    }
    assert.ok(pair, 'no two keys of one class');
    const [a, b] = pair;
    const set = new KeySet(4, 6);
    assert.equal(set.add(a), true);
    assert.equal(set.has(b), false);
    assert.equal(set.add(b), true);
    assert.equal(set.add(a), false);
    assert.equal(set.add(b), false);
    assert.equal(set.size, 2);
  });
});

describe('the key set, asked to stop while it grows', () => {
  it('stays in its table while the search stops, keeping every key, and grows anyway before it is three quarters full', () => {
    clearTablePool();
    const set = new KeySet(4, 16);
    const added = keys(7, 40000);
    // Half full (32768 keys) makes the table grow; a stop asked for midway through the
    // rehash of its 65536 slots leaves it where it was.
    let asked = 0;
    set.shouldStop = () => ++asked >= 2;
    for (const key of added.slice(0, 32769)) set.add(key);
    const bytes = KeySet.bytesFor(65536, 4);
    assert.equal(set.bytes, bytes, 'the table did not grow');
    assert.ok(asked >= 2, 'the stop was asked for during the rehash');
    for (const key of added.slice(32769, 40000)) set.add(key);
    assert.equal(set.bytes, bytes, 'nor with more keys while stopping');
    for (const key of added.slice(0, 40000)) assert.equal(set.has(key), true);
    assert.equal(set.size, 40000);
    // Three quarters full, it grows whatever the stop check says, so the table never fills.
    for (const key of keys(8, 9200)) set.add(key);
    assert.equal(set.bytes, 2 * bytes, 'it grew past three quarters');
    for (const key of added) assert.equal(set.has(key), true);
  });

  it('grows as usual when the check says go on', () => {
    const set = new KeySet(4, 10);
    let asked = 0;
    set.shouldStop = () => {
      asked++;
      return false;
    };
    // 1024 slots, doubled at 512, 1024 and 2048 keys.
    for (const key of keys(9, 3000)) set.add(key);
    assert.equal(set.bytes, KeySet.bytesFor(8192, 4));
    assert.ok(asked > 0);
  });
});
