import * as vscode from 'vscode';
import type { RecordFs } from '../stats/recordFolder';

function isMissing(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
}

/**
 * A {@link RecordFs} on `vscode.workspace.fs` below `base` (the extension's `globalStorageUri`):
 * the browser's storage in vscode.dev, the server's disk under code-server, a local folder on a
 * desktop. Works the same in every extension host.
 */
export function workspaceRecordFs(base: vscode.Uri, fs: vscode.FileSystem = vscode.workspace.fs): RecordFs {
  const at = (path: string): vscode.Uri => vscode.Uri.joinPath(base, ...path.split('/'));
  return {
    async read(path) {
      try {
        return await fs.readFile(at(path));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async write(path, data) {
      const uri = at(path);
      await fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await fs.writeFile(uri, data);
    },
    async list(folder) {
      try {
        return (await fs.readDirectory(at(folder))).filter(([, type]) => (type & vscode.FileType.File) !== 0).map(([name]) => name);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
    async remove(path) {
      try {
        await fs.delete(at(path));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async rename(from, to) {
      await fs.rename(at(from), at(to), { overwrite: true });
    },
  };
}
