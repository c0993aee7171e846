import * as vscode from 'vscode';
import { findVariant } from '../../engine';
import { variantName } from '../i18n/variantText';
import { QUICK_INPUT_OPTIONS } from '../quickInput';
import { defaultExportUri, type ExportFormat } from './exportTarget';
import type { GameRecord } from './gameRecord';
import type { ResetScope } from './historyStore';
import type { StatisticsService } from './statisticsService';

const CSV_COLUMNS: ReadonlyArray<keyof GameRecord> = [
  'id', 'variant', 'deal', 'startedAt', 'endedAt', 'durationMs', 'moves', 'result', 'withHelp', 'provedLost', 'extensionVersion',
  'par', 'turns', 'helpTurns', 'board',
];

function csvCell(value: GameRecord[keyof GameRecord]): string {
  // Moves in one cell, one move (with its auto-play) after another, separated as in long notation.
  const text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The history as CSV, one row per game, with a header. */
export function historyCsv(records: readonly GameRecord[]): string {
  const rows = records.map((record) => CSV_COLUMNS.map((column) => csvCell(record[column])).join(','));
  return `${[CSV_COLUMNS.join(','), ...rows].join('\n')}\n`;
}

function scopeFrom(argument: unknown): ResetScope | undefined {
  if (argument === 'all') return 'all';
  if (typeof argument === 'string' && findVariant(argument).ok) return { variant: argument };
  return undefined;
}

async function askScope(service: StatisticsService): Promise<ResetScope | undefined> {
  const variants = [...new Set(service.all.map((record) => record.variant))];
  const items: Array<vscode.QuickPickItem & { scope: ResetScope }> = [
    { label: vscode.l10n.t('All variants'), scope: 'all' },
    ...variants.map((variant) => {
      const found = findVariant(variant);
      return { label: found.ok ? variantName(variant, vscode.l10n.t) : variant, description: variant, scope: { variant } };
    }),
  ];
  const picked = await vscode.window.showQuickPick(items, { ...QUICK_INPUT_OPTIONS, title: vscode.l10n.t('Reset Statistics'), placeHolder: vscode.l10n.t('Which statistics?') });
  return picked?.scope;
}

async function reset(service: StatisticsService, scopeArgument: unknown, confirmed: unknown): Promise<number | undefined> {
  const scope = scopeFrom(scopeArgument) ?? (await askScope(service));
  if (!scope) return undefined;
  if (confirmed !== true) {
    const yes = vscode.l10n.t('Reset');
    const found = scope === 'all' ? undefined : findVariant(scope.variant);
    const what = scope === 'all' ? vscode.l10n.t('all variants') : found?.ok ? variantName(scope.variant, vscode.l10n.t) : scope.variant;
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Reset the statistics of {0}? A backup is kept, and Undo Reset Statistics brings them back.', what),
      { modal: true },
      yes,
    );
    if (answer !== yes) return undefined;
  }
  const removed = await service.history.reset(scope);
  await service.load();
  const undo = vscode.l10n.t('Undo');
  void vscode.window.showInformationMessage(vscode.l10n.t('Games removed from the statistics: {0}.', removed), undo).then(async (answer) => {
    if (answer === undo) await vscode.commands.executeCommand('bakersGame.undoResetStatistics');
  });
  return removed;
}

async function exportHistory(service: StatisticsService, home: vscode.Uri | undefined, formatArgument: unknown, targetArgument: unknown): Promise<boolean> {
  let format: ExportFormat | undefined = formatArgument === 'csv' || formatArgument === 'json' ? formatArgument : undefined;
  if (!format) {
    const picked = await vscode.window.showQuickPick(
      [
        { label: 'CSV', description: vscode.l10n.t('for spreadsheets'), format: 'csv' as const },
        { label: 'JSON', description: vscode.l10n.t('every field of every game'), format: 'json' as const },
      ],
      { ...QUICK_INPUT_OPTIONS, title: vscode.l10n.t('Export Statistics') },
    );
    format = picked?.format;
  }
  if (!format) return false;
  const folders = vscode.workspace.workspaceFolders;
  // In a browser there is no home folder: the first workspace folder, else the dialog's own choice.
  const start = home ?? folders?.[0]?.uri;
  const target =
    targetArgument instanceof vscode.Uri
      ? targetArgument
      : await vscode.window.showSaveDialog({
          title: vscode.l10n.t('Export Statistics'),
          defaultUri: start ? defaultExportUri(format, folders, start) : undefined,
          filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
        });
  if (!target) return false;
  const text = format === 'csv' ? historyCsv(service.all) : `${JSON.stringify(service.all, null, 2)}\n`;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  vscode.window.setStatusBarMessage(vscode.l10n.t('Statistics exported to {0}', target.fsPath), 4000);
  return true;
}

/**
 * The statistics commands: reset (asks first, keeps a backup), undo reset, export, open the file.
 *
 * @param home - where Export Statistics starts without a workspace folder (the user's home
 *   folder on a desktop; `undefined` in a browser, which has none)
 */
export function registerStatisticsCommands(service: StatisticsService, home: vscode.Uri | undefined): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('bakersGame.resetStatistics', (scope: unknown, confirmed: unknown) => reset(service, scope, confirmed)),
    vscode.commands.registerCommand('bakersGame.undoResetStatistics', async () => {
      const restored = await service.history.undoReset();
      await service.load();
      if (!restored) void vscode.window.showInformationMessage(vscode.l10n.t('There is no reset to undo.'));
      return restored;
    }),
    vscode.commands.registerCommand('bakersGame.exportStatistics', (format: unknown, target: unknown) => exportHistory(service, home, format, target)),
    vscode.commands.registerCommand('bakersGame.openHistoryFile', async () => {
      const file = service.history.file;
      if (file === undefined) {
        // A folder of records (in a browser): the merged history, one JSON line per game, as an untitled document.
        const { records } = await service.history.read();
        if (records.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('No game has been recorded yet; the history will be {0}.', service.history.path));
          return;
        }
        const content = `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content, language: 'json' }), { preview: true });
        return;
      }
      const uri = vscode.Uri.file(file);
      try {
        await vscode.workspace.fs.stat(uri);
      } catch {
        void vscode.window.showInformationMessage(vscode.l10n.t('No game has been recorded yet; the history will be {0}.', service.history.path));
        return;
      }
      await vscode.window.showTextDocument(uri, { preview: true });
    }),
  ];
}
