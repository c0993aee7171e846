import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: this helper is bundled into test files at various depths under out/. */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The built command-line tool. */
export const CLI = join(repositoryRoot(), 'dist', 'cli.js');

/**
 * The options the command's first line gives node (`#!/usr/bin/env -S node --flag …`), so that
 * tests and benchmarks run it with the Node that runs them, the way its `bin` runs.
 */
export function binNodeOptions(cli = CLI): string[] {
  const firstLine = readFileSync(cli, 'utf8').split('\n', 1)[0];
  const shebang = /^#!\/usr\/bin\/env (?:-S )?node((?: --[a-z][a-z0-9-]*(?:=\S+)?)*)$/.exec(firstLine);
  if (!shebang) throw new Error(`${cli}: unexpected first line "${firstLine}"`);
  return shebang[1].split(' ').filter((option) => option !== '');
}

/** Runs `bakers-game` with arguments and standard input, as a user would. */
export function runCli(args: string[], input = '', timeoutMillis = 30_000): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...binNodeOptions(), CLI, ...args], { input, encoding: 'utf8', timeout: timeoutMillis });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
