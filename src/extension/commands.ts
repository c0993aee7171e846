import * as vscode from 'vscode';
import {
  VARIANTS,
  formatBoard,
  formatMoves,
  gameFromPosition,
  gameMoves,
  getVariant,
  isVariantId,
  parseDealNumber,
  type Variant,
  type VariantId,
} from '../engine';
import { dealNewGame } from './assist/dealer';
import type { SolverService } from './assist/solverService';
import type { BoardController } from './boardController';
import { dealGame, randomGameFactory } from './gameFactory';
import { QUICK_INPUT_OPTIONS } from './quickInput';
import { refusalText } from './i18n/refusalText';
import { variantDescription, variantName } from './i18n/variantText';
import { problemWithGame, readBoard } from './importBoard';
import { readSettings } from './settings';

const LAST_VARIANT_KEY = 'bakersGame.lastVariant';

/** The variant of the game on the board, else the default one. */
function currentVariant(controller: BoardController): VariantId {
  return controller.currentSession?.game.variant ?? readSettings().defaultVariant;
}

async function pickVariant(context: vscode.ExtensionContext): Promise<Variant | undefined> {
  const last = context.globalState.get<string>(LAST_VARIANT_KEY);
  const t = vscode.l10n.t;
  const items = VARIANTS.map((variant) => ({ label: variantName(variant.id, t), description: variant.id, detail: variantDescription(variant.id, t), variant }));
  // The last choice first, so New Game… then Enter repeats it.
  items.sort((a, b) => Number(b.variant.id === last) - Number(a.variant.id === last));
  const picked = await vscode.window.showQuickPick(items, {
    ...QUICK_INPUT_OPTIONS,
    title: vscode.l10n.t('New Game'),
    placeHolder: vscode.l10n.t('Choose a game'),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (picked) await context.globalState.update(LAST_VARIANT_KEY, picked.variant.id);
  return picked?.variant;
}

async function importDeal(controller: BoardController, argument: unknown): Promise<boolean> {
  const given = typeof argument === 'object' && argument !== null ? (argument as { text?: unknown; variant?: unknown }) : {};
  const preferred = typeof given.variant === 'string' && isVariantId(given.variant) ? given.variant : currentVariant(controller);
  let text = typeof given.text === 'string' ? given.text : await vscode.env.clipboard.readText();
  let read = readBoard(text, preferred, vscode.l10n.t);
  if (read.fits.length === 0 && typeof given.text !== 'string') {
    const openFile = vscode.l10n.t('Open File…');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('The clipboard holds no deal in fc-solve board format ({0}). Import from a file instead?', problemWithGame(read, preferred, vscode.l10n.t)),
      openFile,
    );
    if (answer !== openFile) return false;
    const files = await vscode.window.showOpenDialog({ canSelectMany: false, title: vscode.l10n.t('Import Deal') });
    if (!files?.[0]) return false;
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(files[0]));
    read = readBoard(text, preferred, vscode.l10n.t);
  }
  const { fits } = read;
  if (fits.length === 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t('This is not a deal for {0}: {1}', variantName(read.problemVariant, vscode.l10n.t), read.firstProblem));
    return false;
  }
  let position = fits[0];
  if (fits.length > 1 && typeof given.variant !== 'string') {
    const picked = await vscode.window.showQuickPick(
      fits.map((fit) => ({ label: variantName(fit.variant, vscode.l10n.t), description: fit.variant, position: fit })),
      // Found by the id it shows too, as in New Game's list (typing "bakers-dozen" emptied it; a play-test).
      { ...QUICK_INPUT_OPTIONS, title: vscode.l10n.t('Import Deal'), placeHolder: vscode.l10n.t('Which game is this deal for?'), matchOnDescription: true },
    );
    if (!picked) return false;
    position = picked.position;
  }
  const game = gameFromPosition(position, { autoplay: readSettings().autoPlay });
  if (!game.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('This deal cannot be played: {0}', refusalText(game.refusal, vscode.l10n.t)));
    return false;
  }
  return controller.start(game.value);
}

async function openDeal(controller: BoardController, dealArgument: unknown, variantArgument: unknown): Promise<boolean> {
  const variant = typeof variantArgument === 'string' && isVariantId(variantArgument) ? variantArgument : currentVariant(controller);
  let text: string | undefined = typeof dealArgument === 'number' || typeof dealArgument === 'string' ? String(dealArgument) : undefined;
  text ??= await vscode.window.showInputBox({
    ...QUICK_INPUT_OPTIONS,
    title: vscode.l10n.t('Open Deal Number ({0})', variantName(variant, vscode.l10n.t)),
    prompt: vscode.l10n.t('A deal number from 1 to 8,589,934,591 (the Microsoft FreeCell numbering)'),
    validateInput: (value) => {
      const parsed = parseDealNumber(value.trim());
      return parsed.ok ? undefined : refusalText(parsed.refusal, vscode.l10n.t);
    },
  });
  if (text === undefined) return false;
  const deal = parseDealNumber(text.trim());
  if (!deal.ok) {
    void vscode.window.showErrorMessage(refusalText(deal.refusal, vscode.l10n.t));
    return false;
  }
  return controller.start(dealGame(variant, deal.value, readSettings()));
}

async function copy(text: string | undefined, done: string): Promise<void> {
  if (text === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There is no game on the board.'));
    return;
  }
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(done, 3000);
}

/** Registers every command of the extension. */
export function registerCommands(context: vscode.ExtensionContext, controller: BoardController, solver: SolverService): vscode.Disposable[] {
  const register = (id: string, run: (...args: unknown[]) => unknown): vscode.Disposable => vscode.commands.registerCommand(id, run);
  const newGameOf = async (variant: string): Promise<boolean> => {
    const settings = readSettings();
    if (!settings.winnableOnly) return controller.start(randomGameFactory.randomGame(variant, settings));
    const dealt = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Looking for a winnable deal…') },
      () => dealNewGame(variant, settings, solver),
    );
    const started = await controller.start(dealt.game);
    if (started) {
      const number = dealt.game.dealNumber ?? 0;
      vscode.window.setStatusBarMessage(
        dealt.provedWinnable
          ? vscode.l10n.t('Deal #{0}: proved winnable by the solver', number)
          : vscode.l10n.t('Deal #{0}: no winnable deal was proved in time; this one is unproved', number),
        6000,
      );
    }
    return started;
  };
  return [
    register('bakersGame.newBakersGame', () => newGameOf('bakers-game')),
    register('bakersGame.newGame', async (variantArgument) => {
      const variant = typeof variantArgument === 'string' && isVariantId(variantArgument) ? getVariant(variantArgument) : await pickVariant(context);
      return variant ? newGameOf(variant.id) : false;
    }),
    register('bakersGame.openDeal', (deal, variant) => openDeal(controller, deal, variant)),
    register('bakersGame.restart', () => controller.restart()),
    register('bakersGame.undo', () => controller.undo()),
    register('bakersGame.redo', () => controller.redo()),
    register('bakersGame.importDeal', (argument) => importDeal(controller, argument)),
    register('bakersGame.copyDeal', () => {
      const game = controller.currentSession?.game;
      return copy(game && formatBoard(game.start), vscode.l10n.t('Deal copied as fc-solve board text'));
    }),
    register('bakersGame.copyMoves', () => {
      const game = controller.currentSession?.game;
      return copy(game && formatMoves(gameMoves(game), game.variant), vscode.l10n.t('Moves copied in long notation'));
    }),
    register('bakersGame.showBoard', () => controller.show()),
  ];
}
