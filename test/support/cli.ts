import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: this helper is bundled into test files at various depths under out/. */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The built command-line tool. */
export const CLI = join(repositoryRoot(), 'dist', 'cli.js');

/** Runs `bakers-game` with arguments and standard input, as a user would. */
export function runCli(args: string[], input = '', timeoutMillis = 30_000): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: timeoutMillis });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
