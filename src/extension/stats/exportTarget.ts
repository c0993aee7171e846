/** The file formats Export Statistics writes. */
export type ExportFormat = 'csv' | 'json';

/**
 * The little of a URI the suggestion needs; `vscode.Uri` has it. Kept structural so this
 * module needs no VS Code at run time and its choice can be tested in plain Node.
 */
export interface UriLike<U> {
  /** The path part (always with forward slashes, also on Windows). */
  readonly path: string;
  with(change: { path: string }): U;
}

/** The file name Export Statistics suggests for a format. */
export function exportFileName(format: ExportFormat): string {
  return `bakers-game-history.${format}`;
}

/**
 * Where the save dialog of Export Statistics starts: the file in the first workspace folder,
 * else in the user's home folder. A bare file name is not enough: code-server's save dialog
 * reads it as a file at the disk's root, where a plain Enter fails for want of permission.
 *
 * @param format - the chosen format, which names the file's extension
 * @param workspaceFolders - `vscode.workspace.workspaceFolders` (undefined or empty without a folder)
 * @param home - the home folder's URI (`vscode.Uri.file(os.homedir())`; in a browser, where there is none, the
 *   extension's storage folder)
 */
export function defaultExportUri<U extends UriLike<U>>(
  format: ExportFormat,
  workspaceFolders: readonly { readonly uri: U }[] | undefined,
  home: U,
): U {
  const folder = workspaceFolders?.[0]?.uri ?? home;
  // Joined on the URI's own path, not with fsPath: a folder of a remote or virtual workspace
  // keeps its scheme and authority (what vscode.Uri.joinPath does).
  return folder.with({ path: `${folder.path.replace(/\/+$/, '')}/${exportFileName(format)}` });
}
