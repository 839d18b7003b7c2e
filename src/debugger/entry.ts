// The command and the configuration provider of Debug Transaction, loaded on their first use
// (./register.ts registers them): the argument checked, the chain chosen by what chains can do,
// the user asked for what is missing; a refusal is said and nothing runs.
import * as vscode from 'vscode';
import type { KnownChain } from '../config/model/chainAbilities';
import {
  asksForTransaction,
  canDebug,
  checkLaunchArgs,
  commandArgument,
  chooseChain,
  hashProblem,
  launchConfiguration,
  normalHash,
  starterConfigurations,
  type DebugLaunchArgs,
  type DebugLaunchConfiguration,
} from './model/launchArgs';
import type { ChainSource } from '../config/model/chainConfig';
import type { ChainRegistry } from '../config/chainRegistry';
import type { AbiIndex } from '../evm/model/abiIndex';

/** The configured chains, as the debugger reads them. */
export interface DebugChains {
  known(): KnownChain[];
  defaultChainName(): string | undefined;
  isContactable(chain: { source: ChainSource }): boolean;
}

export interface DebuggerDeps {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly chains: DebugChains & Pick<ChainRegistry, 'jsonRpcOf'>;
  /** The workspace's ABIs (names for code no build record matches). */
  readonly abis: { current(): Promise<AbiIndex> };
}

/** The configuration to start, or what went wrong in words (none when the user closed a prompt: nothing to say). */
type Resolved = { ok: true; config: DebugLaunchConfiguration } | { ok: false; problem?: string };

export class DebugEntry implements vscode.DebugConfigurationProvider {
  constructor(private readonly deps: DebuggerDeps) {}

  /** The command: its argument (or the user's answers) checked, then a session started; false when none was. */
  async run(arg: unknown): Promise<boolean> {
    const resolved = await this.resolve(commandArgument(arg instanceof vscode.Uri ? undefined : arg));
    if (!resolved.ok) {
      this.refuse(resolved.problem);
      return false;
    }
    return vscode.debug.startDebugging(this.folderOf(resolved.config.chain), resolved.config);
  }

  provideDebugConfigurations(): vscode.DebugConfiguration[] {
    return this.starters(true);
  }

  /** launch.json's starter carries a hash to fill in; the Run view's dynamic ones ask for it when run. */
  starters(withHash: boolean): vscode.DebugConfiguration[] {
    return starterConfigurations(this.usable(), { withHash }, vscode.l10n) as vscode.DebugConfiguration[];
  }

  /**
   * F5: with no launch.json the configuration is empty and the user is asked, as the command asks;
   * a malformed hash or a chain that is not configured aborts (undefined) with a message, before
   * any request.
   */
  async resolveDebugConfiguration(
    _folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): Promise<vscode.DebugConfiguration | undefined> {
    const resolved = await this.resolve(config);
    if (!resolved.ok) {
      this.refuse(resolved.problem);
      return undefined;
    }
    // The user's own name for a launch.json entry stays.
    const name = typeof config.name === 'string' && config.name.trim() !== '' ? config.name : resolved.config.name;
    return { ...config, ...resolved.config, name };
  }

  private async resolve(raw: Record<string, unknown>): Promise<Resolved> {
    let given: Record<string, unknown> = raw;
    if (asksForTransaction(raw)) {
      const transaction = await askTransaction();
      if (transaction === undefined) return { ok: false };
      given = { ...raw, transaction };
    }
    const checked = checkLaunchArgs({ transaction: given.transaction, chain: given.chain, frame: given.frame, stopOnEntry: given.stopOnEntry }, vscode.l10n);
    if (!checked.ok) return { ok: false, problem: checked.problem };
    const chain = await this.chainFor(checked.value);
    if (!chain.ok) return chain;
    return { ok: true, config: launchConfiguration({ ...checked.value, chain: chain.name }, vscode.l10n) };
  }

  /** The chain named (it must be configured, reachable and able to serve a replay), else the default one, else the only one, else asked. */
  private async chainFor(args: DebugLaunchArgs): Promise<{ ok: true; name: string } | { ok: false; problem?: string }> {
    if (args.chain !== undefined) {
      const key = args.chain.toLowerCase();
      const chain = this.deps.chains.known().find((c) => c.name.toLowerCase() === key);
      if (!chain) return { ok: false, problem: vscode.l10n.t('No chain named "{0}" is configured in waspChain.chains.', args.chain) };
      if (!this.deps.chains.isContactable(chain))
        return { ok: false, problem: vscode.l10n.t('{0} comes from this workspace\u2019s settings: trust the workspace to debug on it.', chain.name) };
      if (!canDebug(chain))
        return { ok: false, problem: vscode.l10n.t('{0} cannot serve a transaction\u2019s traces, which the debugger replays.', chain.name) };
      return { ok: true, name: chain.name };
    }
    const choice = chooseChain(this.usable(), this.deps.chains.defaultChainName());
    if ('pick' in choice) return { ok: true, name: choice.pick.name };
    if ('none' in choice)
      return { ok: false, problem: vscode.l10n.t('No configured chain can serve an EVM transaction and its traces: add one with Chain: Add Chain.') };
    const picked = await vscode.window.showQuickPick(
      choice.ask.map((c) => ({ label: c.name, ...(c.reach === undefined ? {} : { detail: c.reach }) })),
      { title: vscode.l10n.t('Debug Transaction'), placeHolder: vscode.l10n.t('The chain the transaction was mined on') },
    );
    return picked === undefined ? { ok: false } : { ok: true, name: picked.label };
  }

  /** The chains a session may run on now: those that can serve it and may be contacted. */
  private usable(): KnownChain[] {
    return this.deps.chains.known().filter((c) => canDebug(c) && this.deps.chains.isContactable(c));
  }

  /** The workspace folder whose settings define the chain, else the first one (launch.json's variables resolve there). */
  private folderOf(chainName: string): vscode.WorkspaceFolder | undefined {
    const chain = this.deps.chains.known().find((c) => c.name === chainName);
    const uri = chain?.source.folderUri;
    const own = uri === undefined ? undefined : vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(uri));
    return own ?? vscode.workspace.workspaceFolders?.[0];
  }

  private refuse(problem: string | undefined): void {
    if (problem === undefined) return;
    this.deps.log.info(`Debug Transaction refused: ${problem}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('Debug Transaction: {0}', problem));
  }
}

/** The hash, asked: the editor's selection offered when it is one; a malformed one is refused as it is typed. */
async function askTransaction(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).slice(0, 200) : '';
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Debug Transaction'),
    prompt: vscode.l10n.t('The hash of a mined EVM transaction (0x followed by 64 hex digits)'),
    placeHolder: '0x…',
    ignoreFocusOut: true,
    ...(hashProblem(selected) === undefined ? { value: normalHash(selected) } : {}),
    // Nothing is said while the box is empty: Enter on it cancels.
    validateInput: (v) => (v.trim() === '' ? undefined : hashProblem(v, vscode.l10n)),
  });
  return typed === undefined || typed.trim() === '' ? undefined : typed;
}
