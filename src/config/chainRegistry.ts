// Chains from settings: user, workspace and every workspace folder, merged and validated.
import * as vscode from 'vscode';
import { Settings } from '../constants';
import {
  describeSource,
  resolveChains,
  validateEntry,
  type ChainEntry,
  type ChainSource,
  type EvmOnlyChain,
  type RawChainList,
  type ResolvedChain,
} from './model/chainConfig';
import { knownChainOf, type KnownChain } from './model/chainAbilities';
import type { RpcTarget } from '../evm/model/rpcTarget';

export class ChainRegistry implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private cache: ResolvedChain[] | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${Settings.section}.${Settings.chains}`) || e.affectsConfiguration(`${Settings.section}.${Settings.defaultChain}`)) {
          this.cache = undefined;
          this.emitter.fire();
        }
      }),
      // Granted trust makes the workspace's defaultChain and chains count.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.emitter.fire()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.cache = undefined;
        this.emitter.fire();
      }),
    );
  }

  /** Every entry, valid or not, in settings order. */
  all(): readonly ResolvedChain[] {
    this.cache ??= resolveChains(readRawLists(), vscode.l10n);
    return this.cache;
  }

  /** Every chain that can be used, whatever reaches it, in settings order, with what each can answer. */
  known(): KnownChain[] {
    return this.all().flatMap((r) => knownChainOf(r, vscode.l10n) ?? []);
  }

  /** The usable chain of this name (a web API or an EVM JSON-RPC), if there is one. */
  find(name: string): KnownChain | undefined {
    const key = name.trim().toLowerCase();
    return this.known().find((c) => c.name.toLowerCase() === key);
  }

  /** The chains with a web API (an EVM-only entry is never among them: see evmOnly()). */
  valid(): ChainEntry[] {
    return this.all().flatMap((r) => (r.valid === true ? [r.chain] : []));
  }

  /** The chains known only by their EVM JSON-RPC, in settings order. */
  evmOnly(): EvmOnlyChain[] {
    return this.all().flatMap((r) => (r.valid === 'evmOnly' ? [r.chain] : []));
  }

  /** The EVM-only chains that may be asked, the default chain first when it is one of them. */
  evmLookupOrder(): EvmOnlyChain[] {
    const name = this.defaultChainName()?.toLowerCase();
    const all = this.evmOnly().filter((c) => this.isContactable(c));
    const first = all.find((c) => c.name.toLowerCase() === name);
    return first ? [first, ...all.filter((c) => c !== first)] : all;
  }

  /**
   * The EVM JSON-RPC of the usable chain of this name, whatever reaches it (a node's own or its
   * entry's, or the only thing an EVM-only entry has); undefined when there is none or the chain
   * may not be contacted (Restricted Mode).
   */
  async jsonRpcOf(name: string): Promise<RpcTarget | undefined> {
    const key = name.trim().toLowerCase();
    const node = this.get(name);
    if (node) return this.isContactable(node) ? (await import('../evm/model/rpcTarget.js')).evmRpcTarget(node) : undefined;
    const evmOnly = this.evmOnly().find((c) => c.name.toLowerCase() === key);
    if (!evmOnly || !this.isContactable(evmOnly)) return undefined;
    const url = new URL(evmOnly.evmJsonRpcUrl);
    return { url: url.href, host: url.host, source: 'entry' };
  }

  get(name: string): ChainEntry | undefined {
    const key = name.trim().toLowerCase();
    return this.valid().find((c) => c.name.toLowerCase() === key);
  }

  /**
   * The `defaultChain` setting. In Restricted Mode only the user's own value counts: a workspace
   * could otherwise put a chain of its own first in every lookup.
   */
  defaultChainName(): string | undefined {
    const config = vscode.workspace.getConfiguration(Settings.section);
    const value = vscode.workspace.isTrusted ? config.get<unknown>(Settings.defaultChain, '') : config.inspect<unknown>(Settings.defaultChain)?.globalValue;
    const name = typeof value === 'string' ? value.trim() : '';
    return name || undefined;
  }

  /**
   * Whether the chain's node may be contacted at all: a chain from workspace or folder settings
   * points at a host the workspace chose (localhost included), so in Restricted Mode it is listed
   * but never asked until the workspace is trusted.
   */
  isContactable(chain: { source: ChainSource }): boolean {
    return chain.source.scope === 'user' || vscode.workspace.isTrusted;
  }

  /** The settings scope a chain came from, when chains come from more than one scope (else undefined: nothing to tell apart). */
  sourceNote(chain: { source: ChainSource }): string | undefined {
    const scopes = new Set([...this.valid(), ...this.evmOnly()].map((c) => `${c.source.scope}\n${c.source.folderUri ?? ''}`));
    return scopes.size > 1 ? describeSource(chain.source, vscode.l10n) : undefined;
  }

  /** The default chain when it names a valid one, else the first valid chain. */
  defaultChain(): ChainEntry | undefined {
    const name = this.defaultChainName();
    return (name ? this.get(name) : undefined) ?? this.valid()[0];
  }

  /** The default chain first, then the others in settings order (the hover asks them in turn); only chains that may be contacted. */
  lookupOrder(): ChainEntry[] {
    const first = this.defaultChain();
    const order = first ? [first, ...this.valid().filter((c) => c !== first)] : this.valid();
    return order.filter((c) => this.isContactable(c));
  }

  /** Adds a chain to the settings of the given scope. */
  async add(
    entry: { name: string; nodeUrl: string; chainId: string; evmJsonRpcUrl?: string; explorerUrl?: string },
    target: vscode.ConfigurationTarget = vscode.ConfigurationTarget.Global,
  ): Promise<void> {
    // A Rebased entry without a chain ID follows the node's chain: the key is left out.
    const { name, nodeUrl, chainId, ...web } = entry;
    await this.append(chainId === '' ? { name, nodeUrl, ...web } : { name, nodeUrl, chainId, ...web }, target);
  }

  /** Adds a chain known only by its EVM JSON-RPC (no nodeUrl) to the settings of the given scope. */
  async addEvmOnly(
    entry: { name: string; evmJsonRpcUrl: string; evmChainId?: number; chainId?: string; explorerUrl?: string },
    target: vscode.ConfigurationTarget = vscode.ConfigurationTarget.Global,
  ): Promise<void> {
    await this.append({ ...entry }, target);
  }

  private async append(entry: Record<string, unknown>, target: vscode.ConfigurationTarget): Promise<void> {
    const config = vscode.workspace.getConfiguration(Settings.section);
    const inspect = config.inspect<unknown[]>(Settings.chains);
    const current = target === vscode.ConfigurationTarget.Global ? inspect?.globalValue : inspect?.workspaceValue;
    const list = Array.isArray(current) ? [...current] : [];
    list.push(entry);
    await config.update(Settings.chains, list, target);
  }

  /** Removes exactly this entry from the settings it came from (not every entry of its name). */
  async removeEntry(entry: ResolvedChain): Promise<boolean> {
    const source = entry.valid === false ? entry.invalid.source : entry.chain.source;
    const { config, current, target } = chainListOf(source);
    if (!Array.isArray(current)) return false;
    let index: number;
    if (entry.valid === true) {
      const c = entry.chain;
      index = current.findIndex((e, i) => {
        const r = validateEntry(e, source, i);
        return r.valid === true && r.chain.name.toLowerCase() === c.name.toLowerCase() && r.chain.nodeUrl === c.nodeUrl && r.chain.chainId === c.chainId;
      });
    } else if (entry.valid === 'evmOnly') {
      const c = entry.chain;
      index = current.findIndex((e, i) => {
        const r = validateEntry(e, source, i);
        return r.valid === 'evmOnly' && r.chain.name.toLowerCase() === c.name.toLowerCase() && r.chain.evmJsonRpcUrl === c.evmJsonRpcUrl;
      });
    } else {
      // The index from when it was read (-1: the value is not a list at all); check it is still the same entry.
      const i = entry.invalid.index;
      const r = i >= 0 && i < current.length ? validateEntry(current[i], source, i) : undefined;
      index = r && (r.valid === false ? r.invalid.name : r.chain.name) === entry.invalid.name ? i : -1;
    }
    if (index < 0) return false;
    await config.update(
      Settings.chains,
      current.filter((_, i) => i !== index),
      target,
    );
    return true;
  }

  /** After a removal: a default that named the chain would name nothing, so it is reset where it is set. */
  async clearDefaultIfNamed(name: string): Promise<void> {
    if (this.get(name)) return; // another entry of that name is still there
    const config = vscode.workspace.getConfiguration(Settings.section);
    const inspect = config.inspect<string>(Settings.defaultChain);
    const key = name.trim().toLowerCase();
    const same = (v: unknown) => typeof v === 'string' && v.trim().toLowerCase() === key;
    if (same(inspect?.workspaceValue)) await config.update(Settings.defaultChain, undefined, vscode.ConfigurationTarget.Workspace);
    if (same(inspect?.globalValue)) await config.update(Settings.defaultChain, undefined, vscode.ConfigurationTarget.Global);
  }

  /**
   * Resolves once `done()` holds after a settings write: the configuration change event may come
   * after `update()` resolves. Gives up quietly after `timeoutMs`.
   */
  async settled(done: () => boolean, timeoutMs = 3000): Promise<void> {
    if (done()) return;
    await new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      };
      const sub = this.onDidChange(() => {
        if (done()) finish();
      });
      const timer = setTimeout(finish, timeoutMs);
    });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}

function readRawLists(): RawChainList[] {
  const lists: RawChainList[] = [];
  const inspect = vscode.workspace.getConfiguration(Settings.section).inspect<unknown>(Settings.chains);
  lists.push({ source: { scope: 'user' }, value: inspect?.globalValue });
  lists.push({ source: { scope: 'workspace' }, value: inspect?.workspaceValue });
  const folders = vscode.workspace.workspaceFolders ?? [];
  // In a single-folder workspace, folder settings are the workspace settings: don't list them twice.
  if (folders.length > 1 || vscode.workspace.workspaceFile) {
    for (const folder of folders) {
      const value = vscode.workspace.getConfiguration(Settings.section, folder.uri).inspect<unknown>(Settings.chains)?.workspaceFolderValue;
      lists.push({ source: { scope: 'folder', folder: folder.name, folderUri: folder.uri.toString() }, value });
    }
  }
  return lists;
}

/** The `waspChain.chains` list of the settings scope an entry came from, and where to write it back. */
export function chainListOf(source: ChainSource): { config: vscode.WorkspaceConfiguration; current: unknown; target: vscode.ConfigurationTarget } {
  const scopeUri = source.folderUri ? vscode.Uri.parse(source.folderUri) : undefined;
  const config = vscode.workspace.getConfiguration(Settings.section, scopeUri);
  const inspect = config.inspect<unknown>(Settings.chains);
  switch (source.scope) {
    case 'user':
      return { config, current: inspect?.globalValue, target: vscode.ConfigurationTarget.Global };
    case 'workspace':
      return { config, current: inspect?.workspaceValue, target: vscode.ConfigurationTarget.Workspace };
    case 'folder':
      return { config, current: inspect?.workspaceFolderValue, target: vscode.ConfigurationTarget.WorkspaceFolder };
  }
}
