import * as assert from 'node:assert/strict';
import { formatBoard, gameFromPosition, legalMoves, newGame, playMove, undo, type Game } from '../../../src/engine';
import { GameStore, type KeyValueStore } from '../../../src/extension/gameStore';
import { restoreSavedGame, toSavedGame } from '../../../src/extension/savedGame';

function played(variant: string, deal: number, moves: number): Game {
  const dealt = newGame(variant, deal, { autoplay: true });
  assert.ok(dealt.ok);
  let game = dealt.value;
  for (let i = 0; i < moves; i++) {
    const move = legalMoves(game.position).find((candidate) => candidate.to.kind !== 'foundation') ?? legalMoves(game.position)[0];
    if (!move) break;
    const next = playMove(game, move);
    assert.ok(next.ok);
    game = next.value;
  }
  return game;
}

const META = { id: 'g1', elapsedMs: 1234, startedAt: '2026-01-01T00:00:00.000Z' };

class MapStore implements KeyValueStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    // A copy, as VS Code's storage may hand out.
    const value = this.values.get(key);
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as T);
  }
  update(key: string, value: unknown): Thenable<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }
}

describe('saved games', () => {
  it('restore exactly, with the undo and redo lists', () => {
    let game = played('freecell', 11982, 6);
    game = undo(undo(game));
    const saved = toSavedGame(game, META, new Date('2026-01-02T00:00:00.000Z'));
    const restored = restoreSavedGame(JSON.parse(JSON.stringify(saved)), true);
    assert.ok(restored.ok, restored.ok ? '' : restored.reason);
    assert.equal(formatBoard(restored.game.position), formatBoard(game.position));
    assert.equal(restored.game.done.length, game.done.length);
    assert.equal(restored.game.undone.length, 2);
    assert.deepEqual(restored.saved, saved);
  });

  it('restore an imported deal from its board text', () => {
    const dealt = newGame('seahaven', 9, {});
    assert.ok(dealt.ok);
    const imported = gameFromPosition(dealt.value.position);
    assert.ok(imported.ok);
    const saved = toSavedGame(imported.value, META, new Date());
    assert.equal(typeof saved.board, 'string');
    const restored = restoreSavedGame(saved, false);
    assert.ok(restored.ok);
    assert.equal(restored.game.dealNumber, null);
  });

  const good = toSavedGame(played('bakers-game', 1, 3), META, new Date('2026-01-02T00:00:00.000Z'));
  const damaged: Array<[string, unknown, RegExp]> = [
    ['not an object', 'hello', /not an object/],
    ['a newer version', { ...good, version: 2 }, /version 2/],
    ['an unknown variant', { ...good, variant: 'klondike' }, /unknown variant "klondike"/],
    ['a bad deal number', { ...good, deal: 0 }, /not a deal number/],
    ['moves that are not text', { ...good, turns: [1, 2] }, /not lists of text/],
    ['an unreadable move', { ...good, turns: ['t1-zz'] }, /played turn 1/],
    // Not 'f-t1' (no such move in the notation: refused as unreadable before the rules are asked).
    ['an illegal move', { ...good, turns: ['t1-t2'] }, /^turn 1, move 1 of the saved game does not apply \(build-same-suit\)$/],
    ['a negative time', { ...good, elapsedMs: -1 }, /not a duration/],
    ['no id', { ...good, id: '' }, /no id/],
  ];
  it('keep what the solver proved along the line, and leave out a damaged record of it, keeping the game', () => {
    const proved = { ...good, proved: 'w-wl' };
    const kept = restoreSavedGame(JSON.parse(JSON.stringify(proved)), false);
    assert.ok(kept.ok);
    assert.equal(kept.saved.proved, 'w-wl');
    for (const bad of [42, 'wxl', 'w'.repeat(good.turns.length + 2), ['w']]) {
      const restored = restoreSavedGame({ ...good, proved: bad }, false);
      assert.ok(restored.ok, `a game with proved ${JSON.stringify(bad)} was refused`);
      assert.equal(restored.saved.proved, undefined, `proved ${JSON.stringify(bad)} was kept`);
      assert.equal(restored.game.done.length, good.turns.length);
    }
  });

  it('keep the help taken, with its turns, and count a damaged mark of it as help', () => {
    const helped = toSavedGame(played('bakers-game', 1, 3), { ...META, withHelp: true, helpTurns: [1, 3] }, new Date());
    assert.equal(helped.withHelp, true);
    assert.deepEqual(helped.helpTurns, [1, 3]);
    const kept = restoreSavedGame(JSON.parse(JSON.stringify(helped)), false);
    assert.ok(kept.ok);
    assert.equal(kept.saved.withHelp, true);
    assert.deepEqual(kept.saved.helpTurns, [1, 3]);
    // Without help nothing is written, as in the games stored before help was.
    assert.equal('withHelp' in good, false);
    assert.equal('helpTurns' in good, false);
    const none = restoreSavedGame(good, false);
    assert.ok(none.ok);
    assert.equal(none.saved.withHelp, undefined);
    // A mark that cannot be read still counts as help (a helped win must not enter the best
    // times); turns that do not fit the line are left out, the game kept.
    for (const [withHelp, helpTurns] of [[false, [1]], ['yes', undefined], [true, [0]], [true, [2, 1]], [true, [4]], [true, [1.5]], [true, 'all']] as const) {
      const restored = restoreSavedGame({ ...good, withHelp, helpTurns }, false);
      assert.ok(restored.ok, `a game with help ${JSON.stringify([withHelp, helpTurns])} was refused`);
      assert.equal(restored.saved.withHelp, true, `help ${JSON.stringify([withHelp, helpTurns])} was dropped`);
      const fits = Array.isArray(helpTurns) && withHelp === false;
      assert.deepEqual(restored.saved.helpTurns, fits ? helpTurns : undefined);
      assert.equal(restored.game.done.length, good.turns.length);
    }
  });

  for (const [name, value, reason] of damaged) {
    it(`refuse ${name} with a reason`, () => {
      const restored = restoreSavedGame(value, false);
      assert.equal(restored.ok, false);
      if (!restored.ok) assert.match(restored.reason, reason);
    });
  }

  it('the store returns the latest good game and sets damaged ones aside, reporting each once', async () => {
    const memento = new MapStore();
    const reports: string[] = [];
    const store = new GameStore(memento, (reason) => reports.push(reason));
    await store.save({ ...good, id: 'old', updatedAt: '2026-01-01T00:00:00.000Z' });
    await store.save({ ...good, id: 'new', updatedAt: '2026-01-03T00:00:00.000Z' });
    memento.values.set('bakersGame.savedGames', [
      { ...good, id: 'broken', variant: 'klondike', updatedAt: '2026-01-04T00:00:00.000Z' },
      ...(memento.get<unknown[]>('bakersGame.savedGames') ?? []),
    ]);
    const latest = await store.latest(true, new Set());
    assert.equal(latest?.saved.id, 'new');
    assert.equal(reports.length, 1);
    assert.equal(store.damaged().length, 1);
    assert.match(store.damaged()[0].reason, /klondike/);
    const again = await store.latest(true, new Set(['new']));
    assert.equal(again?.saved.id, 'old');
    assert.equal(reports.length, 1);
    await store.remove('new');
    await store.remove('old');
    assert.equal(await store.latest(true, new Set()), undefined);
  });
});
