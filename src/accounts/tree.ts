// The Accounts line under each loaded chain of the Chains tree, as far as activation needs it: the
// line itself, and a stand-in that loads the lists (accountsList.ts) when the first one opens.
// Until then no account is read and no list code is loaded.
import * as vscode from 'vscode';
import type { AccountsChild, AccountsNode, AccountsTreeNode, ChainParent } from '../chains/treeSlots';
import type { AccountsList, RecordSource } from './accountsList';
import type { PinnedAccounts } from './pins';
import type { AccountService } from './service';

export class AccountsTree implements AccountsChild, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private list: AccountsList | undefined;
  private loading: Promise<AccountsList> | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly service: AccountService,
    private readonly pins: PinnedAccounts,
    private readonly records: RecordSource,
  ) {
    this.subscriptions = [pins.onDidChange(() => this.emitter.fire())];
  }

  /** The lists, loading their code on first use. */
  lists(): Promise<AccountsList> {
    return (this.loading ??= import('./accountsList.js').then((m) => {
      this.list = new m.AccountsList(this.service, this.pins, this.records, () => this.emitter.fire());
      this.emitter.fire();
      return this.list;
    }));
  }

  node(parent: ChainParent): AccountsNode {
    return { kind: 'accounts', id: `${parent.id}/accounts`, chainName: parent.chainName, parent };
  }

  children(node: AccountsNode): AccountsTreeNode[] {
    if (this.list) return this.list.children(node);
    void this.lists();
    return [
      {
        kind: 'accountMessage',
        id: `${node.id}/~loading`,
        chainName: node.chainName,
        parent: node,
        text: vscode.l10n.t('Loading accounts…'),
        icon: 'loading~spin',
      },
    ];
  }

  item(node: AccountsTreeNode): vscode.TreeItem {
    if (node.kind === 'accounts') {
      const item = new vscode.TreeItem(vscode.l10n.t('Accounts'), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('account');
      item.contextValue = 'chainAccounts';
      item.tooltip = vscode.l10n.t("Pinned accounts and the workspace's deployed contracts on this chain, with their base-token balances");
      return item;
    }
    if (this.list) return this.list.item(node);
    const item = new vscode.TreeItem(node.kind === 'accountMessage' ? node.text : node.address);
    item.id = node.id;
    return item;
  }

  refresh(chainName?: string): void {
    this.list?.refresh(chainName);
  }

  /** Resolves once the lists loaded and no balance or record is being read (tests). */
  async whenIdle(): Promise<void> {
    await (await this.lists()).whenIdle();
  }

  dispose(): void {
    this.list?.dispose();
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}
