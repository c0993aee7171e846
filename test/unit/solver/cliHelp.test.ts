import * as assert from 'node:assert/strict';
import { COMMANDS, main } from '../../../src/solver/cli';
import type { CliIo } from '../../../src/solver/cli/io';

/** Runs the tool in-process and collects what it printed. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    out: (text) => (out += text),
    err: (text) => (err += text),
    readStdin: () => '',
    readFile: () => {
      throw new Error('no files here');
    },
  };
  const code = await main(args, io);
  return { code, out, err };
}

describe('bakers-game <command> --help (options read by util.parseArgs)', () => {
  for (const command of COMMANDS) {
    it(`${command.name} --help and -h print its usage and every option, and exit 0`, async () => {
      for (const flag of ['--help', '-h']) {
        const { code, out, err } = await run([command.name, flag]);
        assert.equal(code, 0);
        assert.equal(err, '');
        assert.ok(out.startsWith(`usage: bakers-game ${command.usage}\n`), out);
        for (const option of Object.keys(command.options)) assert.match(out, new RegExp(`^  --${option}\\b`, 'm'));
        assert.match(out, /^ {2}--help, -h +print this help$/m);
      }
    });
  }

  it('solve lists --moves as a flag and the others with a value', async () => {
    const { out } = await run(['solve', '--help']);
    assert.match(out, /^ {2}--moves {2,}print each solution/m);
    assert.match(out, /^ {2}--deals <value> {2,}a range of deal numbers/m);
  });

  const usage: Array<[string[], string]> = [
    [['solve', '--deal', '1', '--moves', '--moves'], '--moves given twice'],
    [['solve', '--deal', '1', '--deal', '2'], '--deal given twice'],
    [['solve', '--deal'], '--deal needs a value'],
    [['solve', '--deal', '1', '--moves=yes'], '--moves takes no value'],
    [['solve', '--deal', '1', '--fast'], 'unknown option --fast'],
    [['solve', '--deal', '1', '-x'], 'unknown option -x'],
    [['replay', '--board=a', '--variant=freecell', 'extra'], 'unexpected argument "extra"'],
  ];
  for (const [args, message] of usage) {
    it(`says "${message}" and exits 2 for: ${args.join(' ')}`, async () => {
      const { code, err } = await run(args);
      assert.equal(code, 2);
      assert.ok(err.startsWith(`bakers-game: ${message}\n`), err);
    });
  }

  it('reads --name=value as --name value', async () => {
    const { code, out } = await run(['deal', '--variant=freecell', '1']);
    assert.equal(code, 0);
    const { out: spaced } = await run(['deal', '--variant', 'freecell', '1']);
    assert.equal(out, spaced);
  });
});
