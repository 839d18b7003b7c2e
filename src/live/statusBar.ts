// The live feed's status bar item, shown only while a feed is open (or reconnecting): the latest
// block of the default chain (else the first chain with one), and whether every feed is connected.
// Its tooltip names each node, its state and the chains subscribed. A click shows the Live view.
import * as vscode from 'vscode';
import type { ChainRegistry } from '../config/chainRegistry';
import { formatBigInt } from '../core/format';
import { markdownText } from '../core/text';
import type { LiveHub } from './hub';

export class LiveStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly hub: Pick<LiveHub, 'states' | 'onDidChange' | 'latestBlock'>,
    private readonly chains: Pick<ChainRegistry, 'defaultChain'>,
    showCommand: string,
  ) {
    this.item = vscode.window.createStatusBarItem('waspChain.live', vscode.StatusBarAlignment.Left, 9);
    this.item.name = vscode.l10n.t('Wasp Chain: Live Feed');
    this.item.command = { command: showCommand, title: vscode.l10n.t('Show Live View'), arguments: [] };
    this.subscriptions.push(
      this.item,
      hub.onDidChange(() => this.update()),
    );
    this.update();
  }

  update(): void {
    const states = this.hub.states().filter((s) => s.status !== undefined && s.status.phase !== 'idle');
    if (states.length === 0) {
      this.item.hide();
      return;
    }
    const connected = states.every((s) => s.status?.phase === 'open');
    const chains = states.flatMap((s) => s.chains);
    const preferred = this.chains.defaultChain();
    const withBlock = [...(preferred ? [preferred] : []), ...chains].find((c) => chains.includes(c) && this.hub.latestBlock(c) !== undefined);
    const block = withBlock ? this.hub.latestBlock(withBlock) : undefined;
    const icon = connected ? '$(radio-tower)' : '$(debug-disconnect)';
    this.item.text = block ? `${icon} #${formatBigInt(BigInt(block.blockIndex))}` : icon;
    this.item.backgroundColor = connected ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
    const md = new vscode.MarkdownString('', true);
    md.isTrusted = false;
    for (const s of states) {
      const st = s.status;
      const phase =
        st?.phase === 'open' ? vscode.l10n.t('connected') : st?.phase === 'backoff' ? vscode.l10n.t('disconnected, reconnecting') : vscode.l10n.t('connecting');
      md.appendMarkdown(`**${markdownText(st?.url ?? s.node, 200)}**: ${markdownText(phase)}  \n`);
      for (const c of s.chains) {
        const b = this.hub.latestBlock(c);
        md.appendMarkdown(`${markdownText(c.name, 80)}${b ? `: ${markdownText(vscode.l10n.t('block {0}', formatBigInt(BigInt(b.blockIndex))))}` : ''}  \n`);
      }
      if (st && st.topics.length > 0) md.appendMarkdown(`${markdownText(vscode.l10n.t('Subscribed: {0}', st.topics.join(', ')), 1000)}  \n`);
    }
    md.appendMarkdown(`\n\n${markdownText(vscode.l10n.t('Click to show the Live view.'))}`);
    this.item.tooltip = md;
    const label =
      block && withBlock
        ? vscode.l10n.t(
            'Live feed {0}, {1} block {2}',
            connected ? vscode.l10n.t('connected') : vscode.l10n.t('reconnecting'),
            withBlock.name,
            block.blockIndex,
          )
        : vscode.l10n.t('Live feed {0}', connected ? vscode.l10n.t('connected') : vscode.l10n.t('reconnecting'));
    this.item.accessibilityInformation = { label };
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
