import * as assert from 'node:assert/strict';
import { formatBoard, gameFromPosition, legalMoves, newGame, parseBoard, type Game } from '../../../src/engine';
import { BoardCore } from '../../../src/extension/boardCore';
import { ENGLISH_WORDS } from '../../../src/extension/englishWords';
import { GameSession, ViewNumbering } from '../../../src/extension/gameSession';
import { restoreSavedGame } from '../../../src/extension/savedGame';
import { englishOnly } from '../../../src/extension/i18n/translate';
import { solve } from '../../../src/solver';

const SETTINGS = { fourColourDeck: false, animations: true };

function deal(variant: string, number: number, autoplay = false): Game {
  const game = newGame(variant, number, { autoplay });
  assert.ok(game.ok);
  return game.value;
}

describe('GameSession', () => {
  it('plays a legal move made on the current view and numbers the next view', () => {
    const session = new GameSession(deal('bakers-game', 1), 'id', '2026-01-01T00:00:00.000Z');
    const view = session.view(SETTINGS, ENGLISH_WORDS);
    const move = view.legalMoves[0];
    assert.deepEqual(session.playFromWebview({ type: 'move', seq: view.seq, ...move }, englishOnly), { ok: true });
    const next = session.view(SETTINGS, ENGLISH_WORDS);
    assert.equal(next.seq, view.seq + 1);
    assert.equal(next.moveCount, 1);
    assert.ok(next.lastMove?.spoken.includes('from column'));
  });

  it('says the cards auto-play sends home with the move (Undo says "Undone: " and the same words)', () => {
    // Good Measure #95200542 (a play-test): the 10♣ from column 4 to column 7 uncovers A♠ and 2♠,
    // which auto-play sends home; a screen reader heard only the 10♣.
    const session = new GameSession(deal('good-measure', 95200542, true), 'id', '2026-01-01T00:00:00.000Z');
    const view = session.view(SETTINGS, ENGLISH_WORDS);
    assert.deepEqual(session.playFromWebview({ type: 'move', seq: view.seq, from: { kind: 'tableau', index: 3 }, to: { kind: 'tableau', index: 6 }, count: 1 }, englishOnly), { ok: true });
    const spoken = 'ten of clubs from column 4 to column 7, and to the foundations: ace of spades, two of spades';
    assert.equal(session.view(SETTINGS, ENGLISH_WORDS).lastMove?.spoken, spoken);
    // A long run home is counted: the solution played with auto-play sends five or more at once.
    const solved = solve(session.game.position, { maxNodes: 200_000 });
    assert.ok(solved.moves);
    const sentences: string[] = [];
    for (const move of solved.moves) {
      if (session.game.position.foundations.every((pile) => pile.length === 13)) break;
      const shown = session.view(SETTINGS, ENGLISH_WORDS);
      if (!session.playFromWebview({ type: 'move', seq: shown.seq, ...move }, englishOnly).ok) continue;
      sentences.push(session.view(SETTINGS, ENGLISH_WORDS).lastMove?.spoken ?? '');
    }
    assert.ok(sentences.some((sentence) => /, and ([5-9]|\d\d) cards to the foundations$/.test(sentence)), sentences.join(' | '));
  });

  it('refuses a stale move and an illegal one, in words, and changes nothing', () => {
    const session = new GameSession(deal('bakers-game', 1), 'id', '2026-01-01T00:00:00.000Z');
    const game = session.game;
    const move = legalMoves(game.position)[0];
    const stale = session.playFromWebview({ type: 'move', seq: 7, ...move }, englishOnly);
    assert.deepEqual(stale.ok ? undefined : stale.stale, true);
    // Deal 1, column 1 ends in 6S; column 2 ends in 3H... a 6♠ only goes on the 7♠.
    const illegal = session.playFromWebview({ type: 'move', seq: session.sequence, from: { kind: 'tableau', index: 0 }, to: { kind: 'tableau', index: 1 }, count: 1 }, englishOnly);
    assert.equal(illegal.ok, false);
    if (!illegal.ok) {
      assert.equal(illegal.stale, false);
      assert.match(illegal.message, /can only go on/);
    }
    assert.equal(session.game, game);
  });

  it('refuses a move made on another game, even with the current number', () => {
    const session = new GameSession(deal('bakers-game', 1), 'this-game', '2026-01-01T00:00:00.000Z');
    const move = legalMoves(session.game.position)[0];
    const other = session.playFromWebview({ type: 'move', seq: session.sequence, gameId: 'other-game', ...move }, englishOnly);
    assert.deepEqual(other.ok ? undefined : other.stale, true);
    assert.deepEqual(session.playFromWebview({ type: 'move', seq: session.sequence, gameId: 'this-game', ...move }, englishOnly), { ok: true });
  });

  it('keeps its view number when undo or redo has nothing to do, so the next move is not stale', () => {
    const session = new GameSession(deal('bakers-game', 1), 'id', '2026-01-01T00:00:00.000Z');
    const before = session.sequence;
    assert.equal(session.undo(), false);
    assert.equal(session.redo(), false);
    assert.equal(session.sequence, before);
    const move = legalMoves(session.game.position)[0];
    assert.deepEqual(session.playFromWebview({ type: 'move', seq: before, ...move }, englishOnly), { ok: true });
  });

  it('numbers the views of games that share a numbering above all earlier ones', () => {
    const numbering = new ViewNumbering();
    const first = new GameSession(deal('bakers-game', 1), 'a', '2026-01-01T00:00:00.000Z', 0, Date.now, numbering);
    const move = legalMoves(first.game.position)[0];
    first.playFromWebview({ type: 'move', seq: first.sequence, ...move }, englishOnly);
    first.undo();
    const second = new GameSession(deal('bakers-game', 2), 'b', '2026-01-01T00:00:00.000Z', 0, Date.now, numbering);
    assert.ok(second.sequence > first.sequence, `${second.sequence} > ${first.sequence}`);
  });

  it('once counted as lost, shows its end and takes no move, undo or redo', () => {
    const session = new GameSession(deal('bakers-game', 10), 'id', '2026-01-01T00:00:00.000Z');
    const move = legalMoves(session.game.position)[0];
    assert.deepEqual(session.playFromWebview({ type: 'move', seq: session.sequence, ...move }, englishOnly), { ok: true });
    const before = session.sequence;
    session.markCountedLost();
    assert.ok(session.sequence > before, 'a new view number: the board must redraw');
    const view = session.view(SETTINGS, ENGLISH_WORDS);
    assert.equal(view.status, 'lost');
    assert.deepEqual(view.legalMoves, []);
    assert.equal(view.canUndo, false);
    const game = session.game;
    const refused = session.playFromWebview({ type: 'move', seq: session.sequence, ...legalMoves(game.position)[0] }, englishOnly);
    assert.deepEqual(refused.ok ? undefined : refused.message, 'This game has ended. Start a new game or play the same deal again.');
    assert.equal(session.undo(), false);
    assert.equal(session.redo(), false);
    assert.equal(session.game, game);
  });

    it('once won, takes no undo or redo: the game has been counted', () => {
    const text = 'Foundations: H-Q C-K D-K S-K\nFreecells: - - - -\nKH\n';
    const parsed = parseBoard(text, 'bakers-game');
    assert.ok(parsed.ok);
    const dealt = gameFromPosition(parsed.value);
    assert.ok(dealt.ok);
    const session = new GameSession(dealt.value, 'won', '2026-01-01T00:00:00.000Z');
    const win = { type: 'move', seq: session.sequence, from: { kind: 'tableau', index: 0 }, to: { kind: 'foundation', index: 2 }, count: 1 } as const;
    assert.deepEqual(session.playFromWebview(win, englishOnly), { ok: true });
    assert.equal(session.status, 'won');
    assert.equal(session.hasEnded, true);
    assert.equal(session.view(SETTINGS, ENGLISH_WORDS).canUndo, false);
    assert.equal(session.undo(), false);
    assert.equal(session.status, 'won');
  });

    it('undoes, redoes and restarts to the dealt position', () => {
    const session = new GameSession(deal('freecell', 617), 'id', '2026-01-01T00:00:00.000Z');
    const start = formatBoard(session.game.position);
    const move = legalMoves(session.game.position)[0];
    session.playFromWebview({ type: 'move', seq: session.sequence, ...move }, englishOnly);
    assert.equal(session.hasMoves, true);
    assert.equal(session.undo(), true);
    assert.equal(formatBoard(session.game.position), start);
    assert.equal(session.undo(), false);
    assert.equal(session.view(SETTINGS, ENGLISH_WORDS).redone, undefined);
    assert.equal(session.redo(), true);
    // The view after a redo says so (the board announces "Redone:"); the next change does not.
    assert.equal(session.view(SETTINGS, ENGLISH_WORDS).redone, true);
    session.restart();
    assert.equal(session.view(SETTINGS, ENGLISH_WORDS).redone, undefined);
    assert.equal(formatBoard(session.game.position), start);
    assert.equal(session.game.done.length, 0);
    session.playFromWebview({ type: 'move', seq: session.sequence, ...move }, englishOnly);
    assert.equal(session.view(SETTINGS, ENGLISH_WORDS).redone, undefined);
  });

  it('stores the game as deal and moves', () => {
    const session = new GameSession(deal('bakers-game', 3), 'abc', '2026-01-01T00:00:00.000Z', 4200);
    const move = legalMoves(session.game.position)[0];
    assert.deepEqual(session.playFromWebview({ type: 'move', seq: session.sequence, ...move }, englishOnly), { ok: true });
    const saved = session.toSaved(new Date('2026-01-02T00:00:00.000Z'));
    assert.equal(saved.id, 'abc');
    assert.equal(saved.deal, 3);
    assert.equal(saved.turns.length, 1);
    assert.equal(saved.elapsedMs, 4200);
    assert.equal(saved.board, undefined);
  });

  /** A session on Baker's Game deal 1, and a way to play its first legal move through the webview's channel. */
  function sessionOfDealOne(): { session: GameSession; play: () => void } {
    const session = new GameSession(deal('bakers-game', 1), 'id', '2026-01-01T00:00:00.000Z');
    const play = (): void => {
      const move = legalMoves(session.game.position)[0];
      assert.deepEqual(session.playFromWebview({ type: 'move', seq: session.sequence, ...move }, englishOnly), { ok: true });
    };
    return { session, play };
  }

  it('a loss proved for a position holds for every position played from it, and not before it', () => {
    const { session, play } = sessionOfDealOne();
    session.recordVerdict(session.game.position, 'winnable');
    play();
    const lost = session.game.position;
    assert.equal(session.currentVerdict(), undefined, 'nothing is known of a position after a winnable one');
    session.recordVerdict(lost, 'lost');
    play();
    play();
    assert.equal(session.currentVerdict(), 'lost');
    assert.equal(session.lostAtMove(), 1, 'the move played from the last winnable position lost the game');
    // A later proof of its own counts first (and the look back stops at the nearest proof).
    session.recordVerdict(session.game.position, 'winnable');
    assert.equal(session.currentVerdict(), 'winnable');
    assert.ok(session.undo());
    assert.equal(session.currentVerdict(), 'lost');
    assert.ok(session.undo());
    assert.equal(formatBoard(session.game.position), formatBoard(lost));
    assert.equal(session.currentVerdict(), 'lost');
    assert.ok(session.undo());
    assert.equal(session.currentVerdict(), 'winnable', 'the position before the loss is still winnable');
  });

  it('knows a deal lost from its start (no move lost it), before and after moves', () => {
    const { session, play } = sessionOfDealOne();
    assert.equal(session.lostFromStart(), false);
    session.recordVerdict(session.game.position, 'lost');
    assert.equal(session.lostFromStart(), true);
    play();
    play();
    assert.equal(session.lostFromStart(), true);
    assert.equal(session.lostAtMove(), undefined, 'no move lost it');
    assert.equal(sessionOfDealOne().session.lostFromStart(), false, 'another game of the deal knows nothing yet');
  });

  it('names the move that lost only when the position after it was proved lost; Undo to Winnable still knows where to go back', () => {
    const { session, play } = sessionOfDealOne();
    session.recordVerdict(session.game.position, 'winnable');
    play();
    const undecided = session.game.position;
    play();
    // Move 1's position was never decided (the badge gave up there), move 2's was proved lost.
    session.recordVerdict(session.game.position, 'lost');
    assert.equal(session.currentVerdict(), 'lost');
    assert.equal(session.lostAtMove(), undefined, 'the game was lost at move 1 or move 2: which one is not known');
    assert.equal(session.lastWinnableMove(), 1);
    play();
    assert.equal(session.lostAtMove(), undefined);
    assert.equal(session.lastWinnableMove(), 1);
    // Once move 1's position is proved lost too, move 1 lost the game.
    session.recordVerdict(undecided, 'lost');
    assert.equal(session.lostAtMove(), 1);
    // And when it is winnable, move 2 did.
    session.recordVerdict(undecided, 'winnable');
    assert.equal(session.lostAtMove(), 2);
    assert.equal(session.lastWinnableMove(), 2);
  });

  it('keeps what was proved along its line in the stored game: restored, it names the losing move and knows where to go back', () => {
    const { session, play } = sessionOfDealOne();
    session.recordVerdict(session.game.position, 'winnable');
    play();
    session.recordVerdict(session.game.position, 'winnable');
    play();
    session.recordVerdict(session.game.position, 'lost');
    play();
    play();
    assert.ok(session.undo());
    const saved = session.toSaved(new Date('2026-01-02T00:00:00.000Z'));
    assert.equal(saved.proved, 'wwl');
    const restored = restoreSavedGame(JSON.parse(JSON.stringify(saved)), false);
    assert.ok(restored.ok, restored.ok ? '' : restored.reason);
    // As the board puts a stored game on the table.
    const again = new BoardCore({ playerActed: () => {}, changed: () => {}, resend: () => {}, refused: () => {} }, englishOnly, () => 'new').begin(restored.game, restored.saved);
    assert.equal(again.id, saved.id);
    assert.equal(again.currentVerdict(), 'lost');
    assert.equal(again.lostAtMove(), 2);
    assert.equal(again.lastWinnableMove(), 2);
    // The undone turn is in the line too: redone, it is lost (played from a lost position).
    assert.ok(again.redo());
    assert.equal(again.currentVerdict(), 'lost');
    // Nothing proved: no field at all.
    assert.equal(sessionOfDealOne().session.toSaved(new Date()).proved, undefined);
  });
});
