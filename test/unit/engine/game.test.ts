import * as assert from 'node:assert/strict';
import {
  autoplay,
  canRedo,
  canUndo,
  dealPosition,
  formatMoves,
  gameFromPosition,
  gameMoves,
  gameStatus,
  isSafeHome,
  getVariant,
  moveCount,
  newGame,
  parseBoard,
  parseMove,
  playMove,
  redo,
  restart,
  restoreGame,
  samePosition,
  setAutoplay,
  undo,
  type Game,
  type Position,
  type VariantId,
} from '../../../src/engine';
import { cards, position } from './fixtures';

function board(variant: VariantId, lines: string[]): Position {
  const parsed = parseBoard(lines.join('\n'), variant);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  return parsed.value;
}

function play(game: Game, ...tokens: string[]): Game {
  for (const token of tokens) {
    const request = parseMove(token);
    assert.ok(request.ok, token);
    const result = playMove(game, request.value);
    assert.ok(result.ok, `${token}: ${JSON.stringify(result)}`);
    game = result.value;
  }
  return game;
}

describe('engine/autoplay', () => {
  // [variant, foundation heights C D H S, card, safe?]
  const table: Array<[VariantId, [number, number, number, number], string, boolean]> = [
    ['bakers-game', [0, 0, 5, 0], '6H', true],
    ['freecell', [0, 0, 0, 0], '2H', true],
    ['freecell', [1, 0, 2, 1], '3H', true],
    ['freecell', [1, 0, 2, 0], '3H', false],
    ['freecell', [4, 3, 5, 4], '6H', true],
    ['freecell', [4, 3, 5, 3], '6H', false],
    ['freecell', [4, 2, 5, 4], '6H', false],
    ['bakers-dozen', [3, 3, 3, 4], '5S', true],
    ['bakers-dozen', [3, 2, 3, 4], '5S', false],
    ['good-measure', [0, 0, 0, 0], '2C', true],
    ['spanish-patience', [0, 0, 0, 0], 'AH', true],
    ['spanish-patience', [0, 0, 0, 0], '2H', false],
  ];
  for (const [variant, heights, card, safe] of table) {
    it(`${variant}: ${card} with foundations C${heights[0]} D${heights[1]} H${heights[2]} S${heights[3]} is ${safe ? 'safe' : 'not safe'}`, () => {
      const start = position(variant, [], [], heights.map((h) => Array.from({ length: h }, () => 'AC').join(' ')));
      assert.equal(isSafeHome(getVariant(variant), start, cards(card)[0]), safe);
    });
  }

  it('plays every safe card, columns first then cells, until none is left', () => {
    const start = position('bakers-game', ['2H AH', '3H', 'KS', 'KD', 'KC', 'QD', 'QC', 'QS'], ['AS', null, null, '2S']);
    const result = autoplay(start);
    assert.equal(formatMoves(result.moves, 'bakers-game'), 't1-f t1-f t2-f c1-f c4-f');
  });

  it('Spanish Patience sends only Aces', () => {
    const start = position('spanish-patience', ['AH', '2C', ...Array<string>(11).fill('KD')]);
    assert.equal(formatMoves(autoplay(start).moves, 'spanish-patience'), 't1-f1');
  });
});

describe('engine/game', () => {
  const nearlyWon = (): Position =>
    board('bakers-game', ['Foundations: H-J C-K D-K S-Q', 'Freecells: KH - - -', 'QH', 'KS']);

  it('starts from the deal, counts moves, undoes and redoes without limit', () => {
    const started = newGame('bakers-game', 1);
    assert.ok(started.ok);
    let game = started.value;
    assert.equal(gameStatus(game), 'playing');
    assert.ok(!canUndo(game) && !canRedo(game));
    game = play(game, 't6-c1', 't6-c2', 't6-f', 't6-f', 'c2-f');
    assert.equal(moveCount(game), 5);
    assert.equal(formatMoves(gameMoves(game), 'bakers-game'), 't6-c1 t6-c2 t6-f t6-f c2-f');
    let back = game;
    for (let i = 0; i < 5; i++) back = undo(back);
    assert.ok(samePosition(back.position, started.value.position));
    assert.equal(undo(back), back, 'nothing more to undo');
    let forward = back;
    for (let i = 0; i < 5; i++) forward = redo(forward);
    assert.ok(samePosition(forward.position, game.position));
    assert.equal(redo(forward), forward, 'nothing more to redo');
    // A new move after an undo drops the redo list.
    const branched = play(undo(undo(game)), 't1-c3');
    assert.ok(!canRedo(branched));
    assert.equal(formatMoves(gameMoves(branched), 'bakers-game'), 't6-c1 t6-c2 t6-f t1-c3');
  });

  it('refuses an illegal move and leaves the game as it was', () => {
    const started = newGame('bakers-game', 1);
    assert.ok(started.ok);
    const result = playMove(started.value, { from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 1 }, count: 1 });
    assert.deepEqual(result, { ok: false, refusal: { code: 'build-same-suit', params: { card: '6S', target: '9C', needs: '7S' } } });
    assert.equal(moveCount(started.value), 0);
  });

  it('refuses unknown variants, bad deal numbers and broken imported positions', () => {
    const unknown = newGame('klondike', 1);
    assert.equal(unknown.ok ? 'ok' : unknown.refusal.code, 'unknown-variant');
    const bad = newGame('bakers-game', 0);
    assert.equal(bad.ok ? 'ok' : bad.refusal.code, 'bad-deal-number');
    const dealt = dealPosition('bakers-game', 1);
    assert.ok(dealt.ok);
    const broken = gameFromPosition({ ...dealt.value, columns: dealt.value.columns.slice(0, 7) });
    assert.equal(broken.ok ? 'ok' : broken.refusal.code, 'wrong-column-count');
    const short = gameFromPosition({ ...dealt.value, columns: [[], ...dealt.value.columns.slice(1)] });
    assert.equal(short.ok ? 'ok' : short.refusal.code, 'card-count');
  });

  it('auto-plays after a move: each auto move in the list, undone and redone with its move', () => {
    const started = gameFromPosition(nearlyWon(), { autoplay: true });
    assert.ok(started.ok);
    const game = play(started.value, 't1-f');
    assert.equal(formatMoves(gameMoves(game), 'bakers-game'), 't1-f t2-f c1-f');
    assert.equal(moveCount(game), 1);
    assert.equal(gameStatus(game), 'won');
    const undone = undo(game);
    assert.ok(samePosition(undone.position, started.value.position));
    assert.deepEqual(gameMoves(undone), []);
    assert.ok(samePosition(redo(undone).position, game.position));
    // Without auto-play the same move is one move and the game goes on.
    const manual = play(setAutoplay(started.value, false), 't1-f');
    assert.equal(formatMoves(gameMoves(manual), 'bakers-game'), 't1-f');
    assert.equal(gameStatus(manual), 'playing');
  });

  it('restart re-derives the deal from its number, and an imported game from its start', () => {
    const started = newGame('freecell', 617);
    assert.ok(started.ok);
    const played = play(started.value, 't1-c1');
    // A damaged start in a saved game does not survive a restart.
    const tampered: Game = { ...played, start: played.position };
    const fresh = restart(tampered);
    const dealt = dealPosition('freecell', 617);
    assert.ok(dealt.ok);
    assert.ok(samePosition(fresh.position, dealt.value));
    assert.equal(moveCount(fresh), 0);
    const imported = gameFromPosition(nearlyWon());
    assert.ok(imported.ok);
    assert.ok(samePosition(restart(play(imported.value, 't1-f')).position, nearlyWon()));
  });

  it('says stuck when no legal move is left', () => {
    // Tops are Kings, Jacks, Nines and a Seven: nothing builds, no Ace is free, no empty column may be filled.
    const tops = ['KC', 'KD', 'KH', 'KS', 'JC', 'JD', 'JH', 'JS', '9C', '9D', '9H', '9S', '7C'];
    const rest = Array.from({ length: 52 }, (_, card) => card).filter((card) => !cards(tops.join(' ')).includes(card));
    const columns = tops.map((top, i) => [...rest.slice(i * 3, i * 3 + 3), ...cards(top)]);
    const stuck = gameFromPosition({ variant: 'bakers-dozen', columns, cells: [], foundations: [[], [], [], []] });
    assert.ok(stuck.ok, JSON.stringify(stuck));
    assert.equal(gameStatus(stuck.value), 'stuck');
  });

  it('restores a saved game turn by turn, and refuses a saved move that does not apply', () => {
    const started = gameFromPosition(nearlyWon(), { autoplay: true });
    assert.ok(started.ok);
    const turns = [['t1-f', 't2-f', 'c1-f'].map((token) => {
      const parsed = parseMove(token);
      assert.ok(parsed.ok);
      return parsed.value;
    })];
    const restored = restoreGame(started.value, turns);
    assert.ok(restored.ok);
    assert.equal(gameStatus(restored.value), 'won');
    assert.equal(moveCount(restored.value), 1);
    const broken = restoreGame(started.value, [[turns[0][2]]]);
    assert.deepEqual(broken, { ok: false, refusal: { code: 'bad-saved-move', params: { turn: 1, move: 1, reason: 'not-playable-home' } } });
  });
});
