import * as assert from 'node:assert/strict';
import { homeMoveOn, isWon, legalMoves, newGame, performMove, playMove, type Game } from '../../../src/engine';
import { BoardCore } from '../../../src/extension/boardCore';
import { movedCard } from '../../../src/extension/boardView';
import { solve } from '../../../src/solver/solve';
import { englishOnly } from '../../../src/extension/i18n/translate';

function deal(number: number): Game {
  const game = newGame('bakers-game', number, { autoplay: false });
  assert.ok(game.ok);
  return game.value;
}

/** A core whose hooks write down what it asked for, in order. */
function recordingCore(): { core: BoardCore; said: string[] } {
  const said: string[] = [];
  let ids = 0;
  const core = new BoardCore(
    {
      playerActed: () => said.push('acted'),
      changed: () => said.push('changed'),
      resend: () => said.push('resend'),
      refused: (message) => said.push(`refused: ${message}`),
    },
    englishOnly,
    () => `game-${++ids}`,
  );
  return { core, said };
}

describe('BoardCore', () => {
  it('numbers a new game\'s first view above every view of the game before it', () => {
    const { core } = recordingCore();
    const first = core.begin(deal(1));
    for (let n = 0; n < 3; n++) core.move({ type: 'move', seq: first.sequence, ...legalMoves(first.game.position)[0] });
    const second = core.begin(deal(2));
    assert.notEqual(second.id, first.id);
    assert.ok(second.sequence > first.sequence, `${second.sequence} > ${first.sequence}`);
  });

  it('answers a refused move with the refusal and then the current view', () => {
    const { core, said } = recordingCore();
    const session = core.begin(deal(1));
    const move = legalMoves(session.game.position)[0];
    core.move({ type: 'move', seq: session.sequence - 1, ...move });
    assert.deepEqual(said.map((entry) => entry.replace(/:.*/, '')), ['acted', 'refused', 'resend']);
    said.length = 0;
    core.move({ type: 'move', seq: session.sequence, from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 1 }, count: 1 });
    assert.deepEqual(said.map((entry) => entry.replace(/:.*/, '')), ['acted', 'refused', 'resend'], 'an illegal move too');
  });

  it('answers undo and redo with nothing to do with a word for the player and the current view, unchanged', () => {
    // Silent before: a screen reader heard nothing at all.
    const { core, said } = recordingCore();
    const session = core.begin(deal(1));
    const seq = session.sequence;
    core.undo();
    core.redo();
    assert.deepEqual(said, ['acted', 'refused: Nothing to undo.', 'resend', 'acted', 'refused: Nothing to redo.', 'resend']);
    assert.equal(session.sequence, seq);
  });

  it('puts a stored game back with its id, start and time', () => {
    const { core } = recordingCore();
    const session = core.begin(deal(5), { id: 'stored', startedAt: '2026-01-01T00:00:00.000Z', elapsedMs: 5000 });
    assert.equal(session.id, 'stored');
    assert.equal(session.startedAt, '2026-01-01T00:00:00.000Z');
    assert.ok(session.clock.elapsedMillis() >= 5000);
    assert.equal(core.session, session);
  });

  it('puts a stored game back with the help taken, so that its win counts as won with help', () => {
    const { core } = recordingCore();
    let game = deal(5);
    for (let i = 0; i < 3; i++) {
      const played = playMove(game, legalMoves(game.position).find((move) => move.to.kind !== 'foundation')!);
      assert.ok(played.ok);
      game = played.value;
    }
    const stored = { id: 'stored', startedAt: '2026-01-01T00:00:00.000Z', elapsedMs: 0 };
    const helped = core.begin(game, { ...stored, withHelp: true, helpTurns: [2, 9] });
    assert.equal(helped.withHelp, true);
    assert.deepEqual(helped.helpTurns(), [2], 'a turn beyond the line is not marked');
    assert.equal(helped.toSaved(new Date()).withHelp, true);
    const plain = core.begin(game, stored);
    assert.equal(plain.withHelp, false);
    assert.deepEqual(plain.helpTurns(), []);
    // A copied solution marks the game, and no one move.
    plain.tookSolution();
    assert.equal(plain.withHelp, true);
    assert.deepEqual(plain.helpTurns(), []);
    assert.equal(plain.toSaved(new Date()).withHelp, true);
  });

  it("plays a Spanish Patience solution to the win although auto-play put the Aces on other piles than the solution did", () => {
    // Deal 31: the solution puts Ace 1 on pile 3 and Ace 0 on pile 4, auto-play the other way
    // round; the solution's "onto pile 4" then named a pile that does not take the card.
    const dealt = newGame('spanish-patience', 31, { autoplay: true });
    assert.ok(dealt.ok);
    const { core } = recordingCore();
    const session = core.begin(dealt.value);
    const solved = solve(session.game.position);
    assert.equal(solved.verdict, 'solvable');
    let expected = session.game.position;
    let refused = 0;
    let retargeted = 0;
    for (const move of solved.moves!) {
      if (isWon(session.game.position)) break;
      // As Play Solution does: a card auto-play sent home already needs no move.
      const card = movedCard(move, expected);
      expected = performMove(expected, move);
      if (card !== undefined && session.game.position.foundations.some((pile) => pile.includes(card))) continue;
      if (homeMoveOn(session.game.position, move) !== move) retargeted++;
      if (!core.playSolverMove(move)) refused++;
    }
    assert.equal(refused, 0);
    assert.ok(retargeted > 0, 'the deal no longer shows the case');
    assert.equal(isWon(session.game.position), true);
  });

  it('leaves a solver move as it is where the board takes it', () => {
    const dealt = newGame('spanish-patience', 31, { autoplay: false });
    assert.ok(dealt.ok);
    for (const move of legalMoves(dealt.value.position)) assert.equal(homeMoveOn(dealt.value.position, move), move);
  });
});
