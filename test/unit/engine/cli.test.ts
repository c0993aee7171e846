import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, runCli } from '../../support/cli';
import { DEAL_1 } from './fixtures';

const run = (args: string[], input = '') => runCli(args, input, 10000);

describe('bakers-game CLI', function () {
  this.timeout(20000);
  let scratch = '';

  before(() => {
    assert.ok(existsSync(CLI), `${CLI} is missing: run node scripts/build.mjs first`);
    scratch = mkdtempSync(join(tmpdir(), 'bakers-game-cli-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('deal 1 prints the board; its column lines are make-microsoft-freecell-board -t 1', () => {
    const { status, stdout, stderr } = run(['deal', '1']);
    assert.equal(status, 0, stderr);
    assert.equal(stdout, ['Foundations: H-0 C-0 D-0 S-0', 'Freecells: - - - -', ...DEAL_1, ''].join('\n'));
  });

  it('deal 1 --variant seahaven prints the Seahaven layout', () => {
    const { status, stdout } = run(['deal', '1', '--variant', 'seahaven']);
    assert.equal(status, 0);
    assert.deepEqual(stdout.split('\n').slice(1, 3), ['Freecells: - 2H 6H -', 'JD 9S JS 4D 6D']);
  });

  it('variants lists every id with its name', () => {
    const { status, stdout } = run(['variants']);
    assert.equal(status, 0);
    const lines = stdout.trim().split('\n');
    assert.equal(lines.length, 13);
    assert.match(lines[0], /^bakers-game\s+Baker's Game$/);
    assert.ok(lines.some((line) => /^spanish-patience\s+Spanish Patience$/.test(line)));
  });

  it('replay plays legal moves from stdin and prints the final board', () => {
    const { status, stdout, stderr } = run(['replay', '--variant', 'bakers-game', '--deal', '1'], 't6-c1 t6-c2\nt6-f t6-f c2-f\n');
    assert.equal(status, 0, stderr);
    const lines = stdout.split('\n');
    assert.equal(lines[0], 'Foundations: H-0 C-2 D-0 S-A');
    assert.equal(lines[1], 'Freecells: 3D - - -');
    assert.equal(lines[7], '7H QC');
  });

  it('replay from a board file', () => {
    const file = join(scratch, 'board.txt');
    writeFileSync(file, DEAL_1.join('\n'));
    const { status, stdout } = run(['replay', '--variant', 'freecell', '--board', file], 't6-c');
    assert.equal(status, 0);
    assert.equal(stdout.split('\n')[1], 'Freecells: 3D - - -');
  });

  it('replay exits 1 on the first illegal move, naming its index, token and reason', () => {
    const { status, stdout, stderr } = run(['replay', '--variant', 'bakers-game', '--deal', '1'], 't6-c1 t1-t2 t3-c2');
    assert.equal(status, 1);
    assert.equal(stdout, '');
    assert.equal(stderr, 'bakers-game: move 2 "t1-t2": a 6♠ can only go on the 7♠\n');
    const garbled = run(['replay', '--deal', '1'], 't6-c1 hello');
    assert.equal(garbled.status, 1);
    assert.match(garbled.stderr, /move 2 "hello": "hello" is not a move/);
  });

  it('replay exits 1 on a broken board file, with the line and token', () => {
    const file = join(scratch, 'bad.txt');
    writeFileSync(file, DEAL_1.join('\n').replace('TC', 'XC'));
    const { status, stderr } = run(['replay', '--board', file], '');
    assert.equal(status, 1);
    assert.match(stderr, /line 8: "XC" is not a card/);
  });

  const usage: Array<[string[], RegExp]> = [
    [[], /no command given/],
    [['shuffle'], /unknown command "shuffle"/],
    [['deal'], /deal needs exactly one deal number/],
    [['deal', '0'], /"0" is not a deal number/],
    [['deal', '8589934592'], /is not a deal number/],
    [['deal', '1', '--variant', 'klondike'], /there is no variant called "klondike"/],
    [['deal', '1', '--colour', 'red'], /unknown option --colour/],
    [['deal', '1', '--variant'], /--variant needs a value/],
    [['variants', 'extra'], /variants takes no arguments/],
    [['replay', '--variant', 'bakers-game'], /either --deal <N> or --board <file>/],
    [['replay', '--deal', '1', '--board', 'x'], /either --deal <N> or --board <file>/],
    [['replay', '--board', '/nonexistent/board.txt'], /cannot read \/nonexistent\/board.txt/],
  ];
  for (const [args, message] of usage) {
    it(`exits 2 with the usage text for: ${args.join(' ') || '(nothing)'}`, () => {
      const { status, stdout, stderr } = run(args);
      assert.equal(status, 2);
      assert.equal(stdout, '');
      assert.match(stderr, message);
      assert.match(stderr, /usage:\n {2}bakers-game deal <N> \[--variant <id>\]/);
    });
  }

  it('help prints the usage on stdout', () => {
    const { status, stdout } = run(['help']);
    assert.equal(status, 0);
    assert.match(stdout, /bakers-game replay/);
  });
});
