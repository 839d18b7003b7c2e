// The status bar item of the default chain: its state icon and name; a click picks the default.
// It shows what the model knows and never loads anything itself (no request at startup).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { markdownText, plainLine } from '../core/text';
import type { ChainRegistry } from '../config/chainRegistry';
import type { ChainsModel } from './chainsModel';
import { stateCodicon } from './chainItems';

export class ChainStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    /** The default chain, as the settings name it. */
    private readonly deps: { readonly chains: Pick<ChainRegistry, 'onDidChange' | 'defaultChainName' | 'defaultChain' | 'find'> },
    private readonly model: ChainsModel,
  ) {
    this.item = vscode.window.createStatusBarItem('waspChain.defaultChain', vscode.StatusBarAlignment.Left, 10);
    this.item.name = vscode.l10n.t('Wasp Chain: Default Chain');
    this.item.command = { command: Commands.setDefaultChain, title: vscode.l10n.t('Set Default Chain'), arguments: [] };
    this.subscriptions.push(
      this.item,
      model.onDidChange(() => this.update()),
      deps.chains.onDidChange(() => this.update()),
    );
    this.update();
  }

  update(): void {
    const chains = this.deps.chains;
    const named = chains.defaultChainName();
    const chain = chains.defaultChain();
    if (!chain) {
      if (named === undefined) {
        this.item.hide();
        return;
      }
    }
    const md = new vscode.MarkdownString('', true);
    md.isTrusted = false;
    const known = named === undefined ? undefined : chains.find(named);
    const reached = known && !known.can.governance ? known : undefined;
    if (reached) {
      // No node state to show: what reaches the chain limits what it answers.
      this.item.text = `$(plug) ${labelText(reached.name)}`;
      this.item.backgroundColor = undefined;
      md.appendMarkdown(`**${vscode.l10n.t('Default chain')}:** ${markdownText(reached.name)}  \n`);
      md.appendMarkdown(markdownText(reached.reach ?? ''));
    } else if (named !== undefined && (!chain || chain.name.toLowerCase() !== named.toLowerCase())) {
      // The setting names no valid chain: say so rather than silently showing another one.
      this.item.text = `$(warning) ${labelText(named)}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      md.appendMarkdown(`${vscode.l10n.t('Default chain')}: `);
      md.appendMarkdown(markdownText(vscode.l10n.t('"{0}" is not a valid configured chain (waspChain.defaultChain).', named)));
    } else if (chain) {
      const snap = this.model.snapshotOf(chain.name);
      const state = snap?.state ?? 'loading';
      const known = snap !== undefined && snap.loadedAt !== undefined;
      this.item.text = `$(${known || snap?.busy ? stateCodicon(state, snap?.busy) : 'circle-outline'}) ${labelText(chain.name)}`;
      this.item.backgroundColor =
        state === 'needsToken' || state === 'expired' || state === 'migrated' || state === 'otherChain'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : state === 'unreachable' || state === 'nodeError'
            ? new vscode.ThemeColor('statusBarItem.errorBackground')
            : undefined;
      md.appendMarkdown(`**${named ? vscode.l10n.t('Default chain') : vscode.l10n.t('First chain (no default set)')}:** `);
      md.appendMarkdown(markdownText(chain.name));
      md.appendMarkdown('  \n');
      md.appendMarkdown(`**${vscode.l10n.t('State')}:** `);
      md.appendMarkdown(markdownText(known ? (snap?.decision.label ?? '') : vscode.l10n.t('not loaded yet (open the Chains view or run Chain: Refresh)')));
      md.appendMarkdown('  \n');
    }
    md.appendMarkdown(`\n\n${vscode.l10n.t('Click to pick the default chain.')}`);
    this.item.tooltip = md;
    this.item.accessibilityInformation = { label: vscode.l10n.t('Default chain {0}', reached?.name ?? chain?.name ?? named ?? '') };
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** A name in the status bar text: one line, invisible characters revealed, `$(…)` shown rather than drawn as an icon. */
function labelText(name: string): string {
  return plainLine(name, 60).replace(/\$\(/g, '\\$(');
}
