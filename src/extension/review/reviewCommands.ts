import * as vscode from 'vscode';
import { formatDuration } from '../gameClock';
import { QUICK_INPUT_OPTIONS } from '../quickInput';
import type { GameRecord } from '../stats/gameRecord';
import { byEndTime } from '../stats/statistics';
import type { StatisticsService } from '../stats/statisticsService';
import { movesText, recordResultText } from '../stats/statisticsTree';
import { recordTitle, type ReviewPanel } from './reviewPanel';

/** How many recent games the quick pick offers. */
const PICK_COUNT = 30;

/** The record a command argument names: a record id (the board's end panel), or a Recent games tree item. */
function recordFrom(argument: unknown, records: readonly GameRecord[]): GameRecord | undefined {
  const id =
    typeof argument === 'string'
      ? argument
      : typeof argument === 'object' && argument !== null && 'record' in argument
        ? (argument as { record?: { id?: unknown } }).record?.id
        : undefined;
  return typeof id === 'string' ? records.find((record) => record.id === id) : undefined;
}

/** The Review Game pick's items: the recent games kept move by move, newest first, said as Recent games says them. */
export function reviewPickItems(records: readonly GameRecord[]): (vscode.QuickPickItem & { record: GameRecord })[] {
  const reviewable = byEndTime(records).filter((record) => record.turns !== undefined).slice(-PICK_COUNT).reverse();
  return reviewable.map((record) => ({
    label: recordTitle(record),
    description: `${recordResultText(record)} · ${movesText(record.moves)} · ${formatDuration(record.durationMs)}`,
    detail: new Date(record.endedAt).toLocaleString(),
    record,
  }));
}

async function pickRecord(service: StatisticsService): Promise<GameRecord | undefined> {
  const items = reviewPickItems(service.all);
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No finished game to review yet: games are kept move by move from this version on.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(items, { ...QUICK_INPUT_OPTIONS, title: vscode.l10n.t('Review Game'), placeHolder: vscode.l10n.t('Which game?') });
  return picked?.record;
}

/** `Solitaire: Review Game…`: the game named (by the tree or the board's end panel), else a quick pick of recent games. */
export function registerReviewCommands(service: StatisticsService, review: ReviewPanel): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('bakersGame.reviewGame', async (argument: unknown) => {
      await service.load();
      const record = recordFrom(argument, service.all) ?? (await pickRecord(service));
      return record ? review.open(record) : false;
    }),
  ];
}
