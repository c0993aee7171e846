import {
  applyMove,
  describeRefusal,
  findVariant,
  formatBoard,
  parseBoard,
  parseDealNumber,
  parseMove,
  VARIANTS,
  type Position,
  type Variant,
} from '../../engine';
import { dealtPosition } from '../dealt';
import { parseOptions, UsageError, type CliIo, type OptionSpec } from './io';

/** One subcommand of `bakers-game`: its name, a usage line, a summary, and what it does (returns the exit code). */
export interface Command {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  /** The options it takes, with what each does (its `--help` lists them). */
  readonly options: OptionSpec;
  readonly run: (args: readonly string[], io: CliIo) => number | Promise<number>;
}

function variantOption(options: Map<string, string>): Variant {
  const found = findVariant(options.get('variant') ?? 'bakers-game');
  if (!found.ok) throw new UsageError(describeRefusal(found.refusal));
  return found.value;
}

function dealNumberArg(text: string): number {
  const parsed = parseDealNumber(text);
  if (!parsed.ok) throw new UsageError(describeRefusal(parsed.refusal));
  return parsed.value;
}

/** `deal <N> [--variant <id>]`: the start position as board text. */
export const dealCommand: Command = {
  name: 'deal',
  usage: 'deal <N> [--variant <id>]',
  summary: 'print deal N as board text (fc-solve format)',
  options: { variant: { type: 'string', help: 'the game (see `bakers-game variants`); default bakers-game' } },
  run(args, io) {
    const { options, positional } = parseOptions(args, dealCommand.options);
    if (positional.length !== 1) throw new UsageError('deal needs exactly one deal number');
    const variant = variantOption(options);
    io.out(formatBoard(dealtPosition(variant.id, dealNumberArg(positional[0]))));
    return 0;
  },
};

/** `variants`: every variant id with its name. */
export const variantsCommand: Command = {
  name: 'variants',
  usage: 'variants',
  summary: 'list the variant ids and names',
  options: {},
  run(args, io) {
    if (args.length > 0) throw new UsageError('variants takes no arguments');
    const width = Math.max(...VARIANTS.map((variant) => variant.id.length));
    io.out(VARIANTS.map((variant) => `${variant.id.padEnd(width)}  ${variant.name}\n`).join(''));
    return 0;
  },
};

/** `replay`: plays long-notation moves from stdin and prints the final board; exit 1 on the first illegal move. */
export const replayCommand: Command = {
  name: 'replay',
  usage: 'replay --variant <id> (--deal <N> | --board <file>) < moves',
  summary: 'replay long-notation moves (t3-t8, t3-c1, c1-f, 4:t3-t8) read from stdin and print the final board',
  options: {
    variant: { type: 'string', help: 'the game (see `bakers-game variants`); default bakers-game' },
    deal: { type: 'string', help: 'start from this deal number' },
    board: { type: 'string', help: 'start from the board in this file (fc-solve format)' },
  },
  run(args, io) {
    const { options, positional } = parseOptions(args, replayCommand.options);
    if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"`);
    const variant = variantOption(options);
    const dealText = options.get('deal');
    const boardFile = options.get('board');
    if ((dealText === undefined) === (boardFile === undefined)) throw new UsageError('replay needs either --deal <N> or --board <file>');
    let position: Position;
    if (dealText !== undefined) {
      position = dealtPosition(variant.id, dealNumberArg(dealText));
    } else {
      let text: string;
      try {
        text = io.readFile(boardFile!);
      } catch (error) {
        throw new UsageError(`cannot read ${boardFile}: ${(error as Error).message}`);
      }
      const parsed = parseBoard(text, variant.id);
      if (!parsed.ok) {
        io.err(`bakers-game: ${boardFile}: ${describeRefusal(parsed.refusal)}\n`);
        return 1;
      }
      position = parsed.value;
    }
    const tokens = io.readStdin().split(/\s+/).filter(Boolean);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      const request = parseMove(token);
      const applied = request.ok ? applyMove(position, request.value) : request;
      if (!applied.ok) {
        io.err(`bakers-game: move ${i + 1} "${token}": ${describeRefusal(applied.refusal)}\n`);
        return 1;
      }
      position = applied.value.position;
    }
    io.out(formatBoard(position));
    return 0;
  },
};
