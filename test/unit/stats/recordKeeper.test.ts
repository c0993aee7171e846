import * as assert from 'node:assert/strict';
import type { GameRecord } from '../../../src/extension/stats/gameRecord';
import { LEGACY_WAITING_KEY, RecordKeeper, WAITING_PREFIX, type KeyValueState, type RecordSink } from '../../../src/extension/stats/recordKeeper';
import { sampleRecord } from './records';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The history file: the ids appended, in order; `failing` as a full disk. */
class FakeHistory implements RecordSink {
  readonly ids: string[] = [];
  failing = false;

  async append(record: GameRecord): Promise<void> {
    await tick();
    if (this.failing) throw new Error('ENOSPC: no space left on device');
    this.ids.push(record.id);
  }
}

/** One window's `globalState`, written one key at a time; `failing` as a storage that refuses. */
class MapState implements KeyValueState {
  readonly map = new Map<string, unknown>();
  failing = false;

  keys(): readonly string[] {
    return [...this.map.keys()];
  }

  get(key: string): unknown {
    return this.map.get(key);
  }

  async update(key: string, value: unknown): Promise<void> {
    await tick();
    if (this.failing) throw new Error('storage refused');
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, structuredClone(value));
  }
}

/**
 * `globalState` shared by windows as VS Code shares it: each window writes its whole copy as
 * one value, and the other windows replace their copy with it `syncMs` later.
 */
class SharedStorage {
  value: Record<string, unknown> = {};
  readonly windows: WindowState[] = [];

  constructor(readonly syncMs: number) {}

  window(): WindowState {
    const window = new WindowState(this);
    this.windows.push(window);
    return window;
  }
}

class WindowState implements KeyValueState {
  copy: Record<string, unknown>;

  constructor(private readonly storage: SharedStorage) {
    this.copy = structuredClone(storage.value);
  }

  keys(): readonly string[] {
    return Object.keys(this.copy).filter((key) => this.copy[key] !== undefined);
  }

  get(key: string): unknown {
    return this.copy[key];
  }

  async update(key: string, value: unknown): Promise<void> {
    this.copy[key] = structuredClone(value);
    const whole = structuredClone(this.copy);
    await tick();
    this.storage.value = whole;
    for (const other of this.storage.windows) {
      if (other !== this) setTimeout(() => (other.copy = structuredClone(whole)), this.storage.syncMs);
    }
  }
}

function keeper(history: RecordSink, state: KeyValueState, retryMs?: number): RecordKeeper {
  const made = new RecordKeeper(history, state, () => undefined, retryMs);
  keepers.push(made);
  return made;
}
const keepers: RecordKeeper[] = [];

describe('keeping finished games', () => {
  afterEach(() => keepers.splice(0).forEach((made) => made.dispose()));

  it('appends a game to the history and keeps nothing waiting', async () => {
    const history = new FakeHistory();
    const state = new MapState();
    const record = sampleRecord();
    assert.deepEqual(await keeper(history, state).keep(record), { kind: 'written' });
    assert.deepEqual(history.ids, [record.id]);
    assert.deepEqual(state.keys(), []);
  });

  it('keeps a game waiting while the history cannot be written, and appends it first with the next game', async () => {
    const history = new FakeHistory();
    const state = new MapState();
    const keeping = keeper(history, state);
    const [first, second, third] = [sampleRecord(), sampleRecord(), sampleRecord()];
    history.failing = true;
    assert.equal((await keeping.keep(first)).kind, 'waiting');
    const outcome = await keeping.keep(second);
    assert.equal(outcome.kind, 'waiting');
    assert.equal(outcome.kind === 'waiting' && outcome.waiting, 2);
    assert.deepEqual(keeping.waiting().map((record) => record.id), [first.id, second.id]);
    assert.deepEqual(state.keys(), [WAITING_PREFIX + first.id, WAITING_PREFIX + second.id]);
    history.failing = false;
    assert.deepEqual(await keeping.keep(third), { kind: 'written' });
    assert.deepEqual(history.ids, [first.id, second.id, third.id]);
    assert.deepEqual(state.keys(), []);
    assert.deepEqual(keeping.waiting(), []);
  });

  it('says so, and does not throw, when neither the history nor globalState can be written', async () => {
    const history = new FakeHistory();
    const state = new MapState();
    history.failing = true;
    state.failing = true;
    const outcome = await keeper(history, state).keep(sampleRecord());
    assert.equal(outcome.kind, 'lost');
    assert.match(outcome.kind === 'lost' ? `${String(outcome.error)} / ${String(outcome.stateError)}` : '', /ENOSPC.*storage refused/);
  });

  it('appends each waiting game once when two games end at once in one window', async () => {
    const history = new FakeHistory();
    const state = new MapState();
    const keeping = keeper(history, state);
    const waiting = [sampleRecord(), sampleRecord(), sampleRecord()];
    history.failing = true;
    for (const record of waiting) await keeping.keep(record);
    history.failing = false;
    const [a, b] = [sampleRecord(), sampleRecord()];
    const outcomes = await Promise.all([keeping.keep(a), keeping.keep(b)]);
    assert.deepEqual(outcomes, [{ kind: 'written' }, { kind: 'written' }]);
    assert.deepEqual(history.ids, [...waiting.map((record) => record.id), a.id, b.id]);
  });

  it('tries the history again on its own while games wait', async () => {
    const history = new FakeHistory();
    const state = new MapState();
    const record = sampleRecord();
    history.failing = true;
    assert.equal((await keeper(history, state, 50).keep(record)).kind, 'waiting');
    history.failing = false;
    await sleep(300);
    assert.deepEqual(history.ids, [record.id]);
    assert.deepEqual(state.keys(), []);
  });

  it('takes over the games an earlier version left waiting in one array', async () => {
    const history = new FakeHistory();
    const state = new MapState();
    const old = [sampleRecord(), sampleRecord()];
    state.map.set(LEGACY_WAITING_KEY, old);
    const record = sampleRecord();
    assert.deepEqual(await keeper(history, state).keep(record), { kind: 'written' });
    assert.deepEqual(history.ids, [...old.map((waiting) => waiting.id), record.id]);
    assert.deepEqual(state.keys(), []);
  });

  it('loses no game when two windows set games waiting at the same moment and then close', async () => {
    const storage = new SharedStorage(30);
    const history = new FakeHistory();
    const [one, two] = [storage.window(), storage.window()];
    const [first, second] = [keeper(history, one), keeper(history, two)];
    const [a, b] = [sampleRecord(), sampleRecord()];
    history.failing = true;
    // Each window writes its whole copy before hearing of the other's: one game's key is undone.
    assert.deepEqual((await Promise.all([first.keep(a), second.keep(b)])).map((outcome) => outcome.kind), ['waiting', 'waiting']);
    await sleep(100);
    assert.equal(Object.keys(storage.value).length, 1, 'the model undoes one window\'s write, as VS Code can');
    // Each window reads the history again (another window's write, a file event) and settles.
    await first.settle(new Set());
    await sleep(100);
    await second.settle(new Set());
    await sleep(100);
    first.dispose();
    second.dispose();
    // The disk is back; a third window is the first to record a game.
    history.failing = false;
    const c = sampleRecord();
    assert.deepEqual(await keeper(history, storage.window()).keep(c), { kind: 'written' });
    assert.deepEqual([...history.ids].sort(), [a.id, b.id, c.id].sort());
  });
});
