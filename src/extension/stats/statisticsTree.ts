import * as vscode from 'vscode';
import { formatDuration } from '../gameClock';
import { variantName as localVariantName } from '../i18n/variantText';
import type { GameRecord } from './gameRecord';
import { byEndTime, statisticsByVariant, type Statistics } from './statistics';
import type { StatisticsService } from './statisticsService';

/** How many finished games the Recent games section lists. */
const RECENT_COUNT = 20;

type StatsNode =
  | { readonly kind: 'group'; readonly id: string; readonly label: string; readonly stats: Statistics }
  | { readonly kind: 'figure'; readonly id: string; readonly label: string; readonly value: string; readonly icon: string; readonly tooltip: string }
  | { readonly kind: 'recent-root' }
  | { readonly kind: 'recent'; readonly record: GameRecord };

function variantName(id: string): string {
  return localVariantName(id, vscode.l10n.t);
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

function streakText(streak: number): string {
  if (streak > 0) return vscode.l10n.t('{0} won', streak);
  if (streak < 0) return vscode.l10n.t('{0} lost', -streak);
  return '–';
}

function figures(groupId: string, stats: Statistics): StatsNode[] {
  const none = '–';
  const rows: Array<[string, string, string, string]> = [
    ['played', vscode.l10n.t('Played'), String(stats.played), 'play'],
    ['won', vscode.l10n.t('Won'), String(stats.won), 'pass'],
    ['rate', vscode.l10n.t('Win rate'), percent(stats.winRate), 'graph'],
    ['streak', vscode.l10n.t('Current streak'), streakText(stats.currentStreak), 'flame'],
    ['best-streak', vscode.l10n.t('Best winning streak'), String(stats.bestWinningStreak), 'star-full'],
    ['worst-streak', vscode.l10n.t('Worst losing streak'), String(stats.worstLosingStreak), 'error'],
    ['best-time', vscode.l10n.t('Best time'), stats.bestTimeMs === undefined ? none : formatDuration(stats.bestTimeMs), 'watch'],
    ['fewest-moves', vscode.l10n.t('Fewest moves'), stats.fewestMoves === undefined ? none : String(stats.fewestMoves), 'symbol-number'],
    ['average-time', vscode.l10n.t('Average time of wins'), stats.averageWinTimeMs === undefined ? none : formatDuration(stats.averageWinTimeMs), 'history'],
    ['help', vscode.l10n.t('Won with help'), String(stats.wonWithHelp), 'lightbulb'],
    ['at-par', vscode.l10n.t('Wins at par or better'), String(stats.winsAtPar), 'target'],
    ['over-par', vscode.l10n.t('Average moves over par'), stats.averageOverPar === undefined ? none : overPar(stats.averageOverPar), 'symbol-operator'],
  ];
  const tooltips: Record<string, string> = {
    played: vscode.l10n.t('Finished games: won, lost, and abandoned after at least one move'),
    'best-time': vscode.l10n.t('Fastest win without help'),
    'fewest-moves': vscode.l10n.t('Shortest win without help'),
    'average-time': vscode.l10n.t('Average time of the wins without help'),
    help: vscode.l10n.t('Wins after a hint, a copied solution or the solver’s moves; they count as wins'),
    'at-par': vscode.l10n.t('Wins without help in no more moves than the par: the shortest solution the solver found for the deal'),
    'over-par': vscode.l10n.t('Over the wins without help whose par is known: moves played minus the par'),
  };
  return rows.map(([key, label, value, icon]) => ({ kind: 'figure', id: `${groupId}/${key}`, label, value, icon, tooltip: tooltips[key] ?? label }));
}

/** Moves over par with one decimal and a sign: "+12.5", "−1.0". */
function overPar(value: number): string {
  const text = Math.abs(value).toFixed(1);
  return value < 0 ? `−${text}` : `+${text}`;
}

/**
 * "1 move" or "{0} moves": vscode.l10n has no plural forms, so the singular is its own message
 * (the same two the status bar uses, so each language translates them once).
 */
export function movesText(moves: number): string {
  return moves === 1 ? vscode.l10n.t('1 move') : vscode.l10n.t('{0} moves', moves);
}

/** How a finished game ended, as Recent games and the Review Game pick say it ("won with help", "lost (proved)"). */
export function recordResultText(record: GameRecord): string {
  if (record.result === 'won') return record.withHelp ? vscode.l10n.t('won with help') : vscode.l10n.t('won');
  if (record.result === 'lost') return record.provedLost ? vscode.l10n.t('lost (proved)') : vscode.l10n.t('lost');
  return vscode.l10n.t('abandoned');
}

/**
 * The Statistics view: all variants together, each variant played, and the recent games (a
 * click opens that deal again). Empty history shows the view's welcome content instead.
 */
export class StatisticsTreeProvider implements vscode.TreeDataProvider<StatsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly service: StatisticsService) {
    this.subscription = service.onDidChange(() => this.changed.fire());
  }

  getChildren(element?: StatsNode): StatsNode[] {
    const records = this.service.all;
    if (!element) {
      if (records.length === 0) return [];
      const { all, perVariant } = statisticsByVariant(records);
      const variants = [...perVariant.entries()].sort((a, b) => b[1].played - a[1].played || a[0].localeCompare(b[0]));
      return [
        { kind: 'group', id: 'all', label: vscode.l10n.t('All variants'), stats: all },
        ...variants.map(([variant, stats]): StatsNode => ({ kind: 'group', id: `variant/${variant}`, label: variantName(variant), stats })),
        { kind: 'recent-root' },
      ];
    }
    if (element.kind === 'group') return figures(element.id, element.stats);
    if (element.kind === 'recent-root') return byEndTime(records).slice(-RECENT_COUNT).reverse().map((record) => ({ kind: 'recent', record }));
    return [];
  }

  getTreeItem(element: StatsNode): vscode.TreeItem {
    switch (element.kind) {
      case 'group': {
        const item = new vscode.TreeItem(element.label, element.id === 'all' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
        item.id = element.id;
        item.description = vscode.l10n.t('{0} played · {1} won', element.stats.played, percent(element.stats.winRate));
        // Name and figures apart for a listener (they ran together: "All variants 3 played"; a play-test).
        item.accessibilityInformation = { label: `${element.label}, ${item.description}` };
        item.iconPath = new vscode.ThemeIcon(element.id === 'all' ? 'layers' : 'symbol-misc');
        item.contextValue = element.id === 'all' ? 'statsAll' : 'statsVariant';
        return item;
      }
      case 'figure': {
        const item = new vscode.TreeItem(element.label, vscode.TreeItemCollapsibleState.None);
        item.id = element.id;
        item.description = element.value;
        item.tooltip = element.tooltip;
        // A screen reader is read the tooltip instead of the row when there is one: say the row
        // (the figure and its value) first (a play-test found the value never said).
        item.accessibilityInformation = { label: element.tooltip === element.label ? `${element.label}: ${element.value}` : `${element.label}: ${element.value}. ${element.tooltip}` };
        item.iconPath = new vscode.ThemeIcon(element.icon);
        return item;
      }
      case 'recent-root': {
        const item = new vscode.TreeItem(vscode.l10n.t('Recent games'), vscode.TreeItemCollapsibleState.Expanded);
        item.id = 'recent';
        item.iconPath = new vscode.ThemeIcon('history');
        return item;
      }
      case 'recent': {
        const { record } = element;
        const deal = record.deal === null ? vscode.l10n.t('imported deal') : `#${record.deal}`;
        const name = `${variantName(record.variant)} ${deal}`;
        const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
        item.id = `recent/${record.id}`;
        item.description = `${recordResultText(record)} · ${movesText(record.moves)} · ${formatDuration(record.durationMs)}`;
        const ended = new Date(record.endedAt).toLocaleString();
        item.tooltip = `${ended}\n${item.description}`;
        // Read instead of the tooltip, which names no game (a play-test heard the date first).
        item.accessibilityInformation = { label: `${name}, ${item.description}, ${ended}` };
        item.iconPath = new vscode.ThemeIcon(record.result === 'won' ? 'pass' : record.result === 'lost' ? 'error' : 'circle-slash');
        // Schema-2 records keep their moves: Review (inline and in the context menu) replays them.
        item.contextValue = record.turns !== undefined ? 'recentGameReviewable' : 'recentGame';
        if (record.deal !== null) {
          item.command = { command: 'bakersGame.openDeal', title: vscode.l10n.t('Play this deal again'), arguments: [record.deal, record.variant] };
        }
        return item;
      }
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
