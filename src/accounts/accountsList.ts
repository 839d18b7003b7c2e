// The lists under each chain's Accounts line (tree.ts loads this on the first one opened): the
// accounts pinned to that chain, then the addresses of the workspace's deployment records of that
// chain, each with its base-token balance. A balance is read when the line is shown (one shared,
// cached read per account) and again on Refresh; nothing polls. Labels are plain lines (names from
// the workspace revealed and clipped); a string tooltip is shown as text, never rendered.
import * as vscode from 'vscode';
import { checkEvmAddress } from '../api/ids';
import { Commands } from '../constants';
import { shortId } from '../core/format';
import { plainLine } from '../core/text';
import { errorSummary } from '../ui/errors';
import type { AccountMessageNode, AccountNode, AccountsNode, AccountsTreeNode } from '../chains/treeSlots';
import type { AddressLabel } from '../workspace/model/deployments';
import type { AccountService } from './service';
import type { PinnedAccounts } from './pins';

/** Deployment-record addresses listed at most per chain. */
export const MAX_RECORD_ACCOUNTS = 50;

/** The workspace's deployment records, as the tree lists them. */
export interface RecordSource {
  current(): Promise<{ recordsOn(evmChainId: bigint | undefined, max: number): AddressLabel[]; chainIdsOf(address: string): bigint[] }>;
}

type Balance = { kind: 'loading' } | { kind: 'ok'; amount: string; exact: string } | { kind: 'error'; message: string };

export class AccountsList implements vscode.Disposable {
  /** Balances by chain (lower-case) and address (lower-case). */
  private readonly balances = new Map<string, Balance>();
  /** The records' accounts of each chain (lower-case name), once read. */
  private readonly records = new Map<string, AddressLabel[] | 'loading'>();

  constructor(
    private readonly service: AccountService,
    private readonly pins: PinnedAccounts,
    private readonly recordSource: RecordSource,
    /** The tree redraws. */
    private readonly changed: () => void,
  ) {}

  children(node: AccountsNode): AccountsTreeNode[] {
    const pinned = this.pins.of(node.chainName).map((p) => p.address);
    const out: AccountsTreeNode[] = pinned.map((address) => this.accountNode(node, address, true, undefined));
    const records = this.recordsOf(node.chainName);
    if (records === 'loading')
      out.push({
        kind: 'accountMessage',
        id: `${node.id}/~loading`,
        chainName: node.chainName,
        parent: node,
        text: vscode.l10n.t('Reading the deployment records…'),
        icon: 'loading~spin',
      });
    else
      for (const r of records) {
        const check = checkEvmAddress(r.address);
        if (!check.ok || pinned.some((a) => a.toLowerCase() === r.address.toLowerCase())) continue;
        out.push(this.accountNode(node, check.address, false, r.name));
      }
    if (out.length === 0)
      out.push({
        kind: 'accountMessage',
        id: `${node.id}/~empty`,
        chainName: node.chainName,
        parent: node,
        text: vscode.l10n.t('No account: pin one from an address hover or Show Account'),
        icon: 'info',
      });
    return out;
  }

  item(node: AccountNode | AccountMessageNode): vscode.TreeItem {
    if (node.kind === 'accountMessage') {
      const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon(node.icon);
      item.contextValue = 'accountMessage';
      return item;
    }
    const balance = this.balanceOf(node);
    const label = node.name === undefined ? shortId(node.address, 8, 6) : plainLine(node.name, 60);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.description = balance.kind === 'ok' ? balance.amount : balance.kind === 'loading' ? vscode.l10n.t('reading…') : vscode.l10n.t('not read');
    const lines = [node.address];
    if (node.name !== undefined) lines.push(plainLine(node.name, 200));
    if (balance.kind === 'ok') lines.push(`${balance.amount} (${balance.exact})`);
    if (balance.kind === 'error') lines.push(plainLine(balance.message, 300));
    // A plain string tooltip is shown as text, never rendered.
    item.tooltip = lines.join('\n');
    item.iconPath = new vscode.ThemeIcon(node.pinned ? 'pinned' : 'file-code');
    item.contextValue = node.pinned ? 'account.pinned' : 'account';
    item.command = { command: Commands.showAccount, title: vscode.l10n.t('Show Account'), arguments: [{ address: node.address, chainName: node.chainName }] };
    return item;
  }

  refresh(chainName?: string): void {
    const chains = chainName === undefined ? undefined : chainName.toLowerCase();
    for (const key of [...this.balances.keys()]) if (chains === undefined || key.startsWith(`${chains}\n`)) this.balances.delete(key);
    for (const key of [...this.records.keys()]) if (chains === undefined || key === chains) this.records.delete(key);
    // The shared reads are forgotten too: the hover and the panel then read the new balances as well.
    this.service.forget();
    this.changed();
  }

  /** Resolves once no balance or record is being read (tests). */
  async whenIdle(timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ([...this.balances.values()].some((b) => b.kind === 'loading') || [...this.records.values()].some((r) => r === 'loading')) {
      if (Date.now() > until) throw new Error('the accounts tree did not settle');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private accountNode(parent: AccountsNode, address: string, pinned: boolean, name: string | undefined): AccountNode {
    return {
      kind: 'account',
      id: `${parent.id}/${address.toLowerCase()}`,
      chainName: parent.chainName,
      parent,
      address,
      pinned,
      ...(name === undefined ? {} : { name }),
    };
  }

  private recordsOf(chainName: string): AddressLabel[] | 'loading' {
    const key = chainName.toLowerCase();
    const known = this.records.get(key);
    if (known !== undefined) return known;
    this.records.set(key, 'loading');
    const chain = this.service.chain(chainName);
    const read = async (): Promise<AddressLabel[]> => {
      if (!chain) return [];
      const [book, evmChainId] = await Promise.all([this.recordSource.current(), this.service.evmChainId(chain).catch(() => undefined)]);
      return book.recordsOn(evmChainId, MAX_RECORD_ACCOUNTS);
    };
    void read()
      .catch(() => [])
      .then((list) => {
        if (this.records.get(key) !== 'loading') return;
        this.records.set(key, list);
        this.changed();
      });
    return 'loading';
  }

  private balanceOf(node: AccountNode): Balance {
    const key = `${node.chainName.toLowerCase()}\n${node.address.toLowerCase()}`;
    const known = this.balances.get(key);
    if (known) return known;
    const chain = this.service.chain(node.chainName);
    if (!chain) return { kind: 'error', message: vscode.l10n.t('No valid chain named "{0}" is configured', node.chainName) };
    const loading: Balance = { kind: 'loading' };
    this.balances.set(key, loading);
    void Promise.all([this.service.read(chain, node.address, { part: 'balance' }), import('../api/holdings.js')]).then(
      ([read, { baseHoldingText }]) => this.settle(key, loading, { kind: 'ok', ...baseHoldingText(read.holdings, vscode.l10n) }),
      (e: unknown) => this.settle(key, loading, { kind: 'error', message: errorSummary(e) }),
    );
    return loading;
  }

  private settle(key: string, was: Balance, now: Balance): void {
    if (this.balances.get(key) !== was) return;
    this.balances.set(key, now);
    this.changed();
  }

  dispose(): void {
    this.balances.clear();
    this.records.clear();
  }
}
