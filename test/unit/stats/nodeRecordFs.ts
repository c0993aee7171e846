import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RecordFs } from '../../../src/extension/stats/recordFolder';

/** A {@link RecordFs} on Node's `fs` below `base`, as `vscode.workspace.fs` is on a disk; counts its reads. */
export function nodeRecordFs(base: string): RecordFs & { reads: number } {
  const at = (path: string): string => join(base, ...path.split('/'));
  const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';
  const fs = {
    reads: 0,
    async read(path: string) {
      fs.reads++;
      try {
        return new Uint8Array(await readFile(at(path)));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async write(path: string, data: Uint8Array) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), data);
    },
    async list(folder: string) {
      try {
        return (await readdir(at(folder), { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
    },
    async remove(path: string) {
      await rm(at(path), { force: true });
    },
    async rename(from: string, to: string) {
      await rename(at(from), at(to));
    },
  };
  return fs;
}
