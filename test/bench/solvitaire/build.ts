/**
 * Solvitaire (github.com/thecharlieblake/Solvitaire, C++) built from source into the git-ignored
 * `.cache/solvitaire/`, once: its sources, Debian's googletest instead of a download at configure
 * time (debian-googletest.patch) and our Spanish Patience foundations (spanish.patch), then
 * cmake and make. Needs cmake, g++, libboost-program-options-dev and libboost-system-dev.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Solvitaire commit the patches are made for. */
export const SOLVITAIRE_COMMIT = '23983059f1d3d67632d5a4f731c803c6b0c8c236';
const REPOSITORY = 'https://github.com/thecharlieblake/Solvitaire';
const PATCHES = ['debian-googletest.patch', 'spanish.patch'];

/** How to get Solvitaire when the benchmark cannot build it. */
export const HOW_TO_GET_SOLVITAIRE =
  `Solvitaire's sources: git clone ${REPOSITORY} (commit ${SOLVITAIRE_COMMIT.slice(0, 10)}), then pass ` +
  '--solvitaire-src DIR (a checkout, or a bare git directory) or set SOLVITAIRE_SRC; the Debian packages cmake, g++, ' +
  'libboost-program-options-dev and libboost-system-dev build it (googletest optional).';

function run(command: string, args: readonly string[], cwd: string, log: (line: string) => void): boolean {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.error || result.status !== 0) {
    log(`failed: ${result.error?.message ?? ''}${(result.stdout + result.stderr).slice(-3000)}`);
    return false;
  }
  return true;
}

/** Puts the sources of {@link SOLVITAIRE_COMMIT} into `dir` from a checkout or git directory, or by cloning. */
function fetchSources(source: string | undefined, dir: string, log: (line: string) => void): boolean {
  mkdirSync(dir, { recursive: true });
  if (source) {
    const gitDir = existsSync(join(source, '.git')) ? join(source, '.git') : source;
    if (existsSync(join(gitDir, 'HEAD'))) {
      return run('bash', ['-c', `git --git-dir='${gitDir}' archive ${SOLVITAIRE_COMMIT} | tar -x -C '${dir}'`], dir, log);
    }
    if (existsSync(join(source, 'CMakeLists.txt'))) return run('cp', ['-a', `${source}/.`, dir], dir, log);
    log(`${source}: neither a Solvitaire checkout nor a git directory`);
    return false;
  }
  const clone = join(dir, '..', 'git');
  return run('git', ['clone', '--quiet', REPOSITORY, clone], dir, log) && fetchSources(clone, dir, log);
}

/**
 * The path of the built `solvitaire` binary, building it when it is missing or was built with
 * other patches; `undefined` (after saying why and how to get it) when it cannot be built, and in
 * CI, which never builds it.
 */
export function ensureSolvitaire(root: string, source: string | undefined, log: (line: string) => void): string | undefined {
  const cache = join(process.env.BAKERS_GAME_CACHE || join(root, '.cache'), 'solvitaire');
  const binary = join(cache, 'build', 'bin', 'solvitaire');
  const patchDir = join(root, 'test', 'bench', 'solvitaire');
  const stamp = createHash('sha256')
    .update(SOLVITAIRE_COMMIT)
    .update(PATCHES.map((name) => readFileSync(join(patchDir, name), 'utf8')).join('\n'))
    .digest('hex');
  const stampFile = join(cache, 'build', 'stamp');
  if (existsSync(binary) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return binary;
  if (process.env.CI) {
    log(`Solvitaire is not built (CI never builds it). ${HOW_TO_GET_SOLVITAIRE}`);
    return undefined;
  }
  log(`building Solvitaire into ${cache} (a few minutes, once)`);
  const src = join(cache, 'src');
  const build = join(cache, 'build');
  rmSync(src, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
  mkdirSync(build, { recursive: true });
  const ok =
    fetchSources(source ?? process.env.SOLVITAIRE_SRC, src, log) &&
    PATCHES.every((name) => run('patch', ['-p1', '--forward', '-i', join(patchDir, name)], src, log)) &&
    run('cmake', ['-DCMAKE_BUILD_TYPE=Release', src], build, log) &&
    run('make', ['-j2', 'solvitaire'], build, log) &&
    existsSync(binary);
  if (!ok) {
    log(`could not build Solvitaire. ${HOW_TO_GET_SOLVITAIRE}`);
    return undefined;
  }
  writeFileSync(stampFile, stamp);
  return binary;
}
