import * as vscode from 'vscode';

/**
 * The Statistics view of the Solitaire container. Empty until games are recorded; while it
 * is empty VS Code shows the view's welcome content (a "New Baker's Game" button).
 */
export class StatisticsTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(): vscode.TreeItem[] {
    return [];
  }

  refresh(): void {
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
