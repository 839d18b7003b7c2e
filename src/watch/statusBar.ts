// The status bar item of the watched requests: a spinner and their count while any is watched,
// hidden otherwise; a click lists them (open or cancel one, or cancel all).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { shortId } from '../core/format';
import { markdownText } from '../core/text';
import type { WatchInfo } from '../transactions/model/watchSet';

/** What the item reads of the watches. */
export interface WatchList {
  list(): Array<WatchInfo<{ requestId: string; chain: { name: string } }>>;
  onDidChange(listener: () => void): { dispose(): void };
}

export class WatchStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly subscription: { dispose(): void };

  constructor(private readonly set: WatchList) {
    this.item = vscode.window.createStatusBarItem('waspChain.watches', vscode.StatusBarAlignment.Left, 9);
    this.item.name = vscode.l10n.t('Wasp Chain: Watched Requests');
    this.item.command = { command: Commands.showWatches, title: vscode.l10n.t('Show Watched Requests'), arguments: [] };
    this.subscription = set.onDidChange(() => this.update());
    this.update();
  }

  update(): void {
    const watches = this.set.list();
    if (watches.length === 0) {
      this.item.hide();
      return;
    }
    this.item.text = `$(loading~spin) ${watches.length}`;
    const md = new vscode.MarkdownString('', true);
    md.isTrusted = false;
    const one = watches.length === 1;
    md.appendMarkdown(
      markdownText(one ? vscode.l10n.t('Watching 1 request for its receipt') : vscode.l10n.t('Watching {0} requests for their receipts', watches.length)),
    );
    for (const w of watches.slice(0, 10)) {
      // Chain names come from settings: escaped like any other text.
      md.appendMarkdown(`  \n${markdownText(`${shortId(w.target.requestId, 10, 6)} · ${w.target.chain.name}`, 200)}`);
    }
    this.item.tooltip = md;
    this.item.accessibilityInformation = { label: one ? vscode.l10n.t('Watching 1 request') : vscode.l10n.t('Watching {0} requests', watches.length) };
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
