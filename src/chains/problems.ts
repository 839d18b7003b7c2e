// Invalid `waspChain.chains` entries (and a default chain that names none) are reported once as
// something the user can act on: a warning with "Open Settings". The same set of problems is
// not reported again; a new or changed set is. The tree shows them all the time regardless.
import * as vscode from 'vscode';
import { describeSource, type ChainScope, type InvalidChainEntry } from '../config/model/chainConfig';
import type { ChainRegistry } from '../config/chainRegistry';
import { notificationText } from '../core/text';

export class ChainProblemsReporter implements vscode.Disposable {
  private lastSignature = '';
  /** How many times a problem set was reported (tests read it). */
  reports = 0;
  /** The text of the last report. */
  lastMessage: string | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly deps: {
      readonly chains: Pick<ChainRegistry, 'onDidChange' | 'all' | 'defaultChainName' | 'find'>;
      readonly log: Pick<vscode.LogOutputChannel, 'warn'>;
    },
  ) {
    this.subscription = deps.chains.onDidChange(() => this.check());
    this.check();
  }

  check(): void {
    const invalid = this.deps.chains.all().flatMap((r) => (r.valid ? [] : [r.invalid]));
    const named = this.deps.chains.defaultChainName();
    // A chain known only by its JSON-RPC may be the default too.
    const badDefault = named !== undefined && !this.deps.chains.find(named) ? named : undefined;
    const signature = JSON.stringify([invalid.map((i) => [i.source.scope, i.source.folderUri ?? '', i.index, i.name, i.problems]), badDefault ?? null]);
    if (invalid.length === 0 && badDefault === undefined) {
      // Fixed: the same problem coming back later is worth a new report.
      this.lastSignature = '';
      return;
    }
    if (signature === this.lastSignature) return;
    this.lastSignature = signature;
    this.reports++;
    for (const i of invalid) this.deps.log.warn(`waspChain.chains: entry "${i.name}" in ${describeSource(i.source)} is invalid: ${i.problems.join(' ')}`);
    if (badDefault !== undefined) this.deps.log.warn(`waspChain.defaultChain names "${badDefault}", which is not a valid configured chain.`);
    // Names come from settings (a workspace's, too): shown as text, never as a link.
    const message = notificationText(this.message(invalid, badDefault));
    this.lastMessage = message;
    const open = vscode.l10n.t('Open Settings');
    const scope: ChainScope = invalid[0]?.source.scope ?? 'user';
    void vscode.window.showWarningMessage(message, open).then(
      (choice) => {
        if (choice === open) void vscode.commands.executeCommand(SETTINGS_COMMANDS[scope]);
      },
      () => undefined,
    );
  }

  private message(invalid: InvalidChainEntry[], badDefault: string | undefined): string {
    const parts: string[] = [];
    const [first] = invalid;
    if (first && invalid.length === 1) {
      parts.push(vscode.l10n.t('The chain "{0}" in {1} is invalid: {2}', first.name, describeSource(first.source, vscode.l10n), first.problems.join(' ')));
    } else if (invalid.length > 1) {
      const names = invalid.map((i) => `"${i.name}" (${describeSource(i.source, vscode.l10n)})`).join(', ');
      parts.push(vscode.l10n.t('{0} chain entries are invalid: {1}. The Chains view lists their problems.', invalid.length, names));
    }
    if (badDefault !== undefined) parts.push(vscode.l10n.t('waspChain.defaultChain names "{0}", which is not a valid configured chain.', badDefault));
    return parts.join(' ');
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** Array settings are edited in JSON: open the file the (first) bad entry lives in. */
const SETTINGS_COMMANDS: Record<ChainScope, string> = {
  user: 'workbench.action.openSettingsJson',
  workspace: 'workbench.action.openWorkspaceSettingsFile',
  folder: 'workbench.action.openFolderSettingsFile',
};
