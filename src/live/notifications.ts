// "A request touching my contracts failed": with waspChain.live.notifyFailures on (off by default),
// a failed receipt from the feed whose sender or EVM recipient the workspace names raises a
// warning, grouped (model/failureGroups.ts) so that a burst is one notification with its count.
// Open Receipt opens the latest; Show Live View reveals the list when there were several.
import * as vscode from 'vscode';
import type { ChainEntry } from '../config/model/chainConfig';
import { Commands, Settings } from '../constants';
import { shortId } from '../core/format';
import { notificationText } from '../core/text';
import type { FeedEntry } from './model/feed';
import { FailureGroups, type FailureGroup } from './model/failureGroups';
import { within } from '../core/detached';
import { realTimers } from './model/timers';
import type { EvmExplainer } from '../transactions/evmExplainer';
import { failureHeadline, type CustomErrorReading } from '../transactions/model/failureHeadline';
import { buildReceiptView } from '../transactions/model/receiptView';

export interface Failure {
  chainName: string;
  entry: FeedEntry;
  /** The failure in one line (model/failureHeadline.ts). */
  headline: string;
}

/** How long a notification waits for the ABIs to name a custom error (ms). */
const DECODE_MS = 1000;

/** A failed entry's headline: its custom error named by the workspace's ABIs when they answer in time. */
export async function failureText(entry: FeedEntry, evm: Pick<EvmExplainer, 'explain'>): Promise<string> {
  const view = buildReceiptView(entry.receipt, vscode.l10n);
  let custom: CustomErrorReading | undefined;
  if (view.error?.revertData !== undefined) {
    try {
      const [explained, { customErrorReading }] = await Promise.all([
        within(evm.explain(entry.receipt, view), DECODE_MS, undefined),
        import('../transactions/model/evmExplain.js'),
      ]);
      custom = customErrorReading(explained);
    } catch {
      // The ABIs are extra: the node's words stand.
    }
  }
  return failureHeadline(view.error, vscode.l10n, custom);
}

/** What one notification said (tests read it). */
export interface FailureNotice {
  group: FailureGroup<Failure>;
  message: string;
}

export const NOTIFY_SETTING = 'live.notifyFailures';

export function notifyFailuresOn(): boolean {
  return vscode.workspace.getConfiguration(Settings.section).get<unknown>(NOTIFY_SETTING, false) === true;
}

export class FailureNotifier implements vscode.Disposable {
  private readonly groups = new FailureGroups<Failure>((group) => this.notify(group), realTimers);
  private readonly emitter = new vscode.EventEmitter<FailureNotice>();
  /** Fires as each notification is shown. */
  readonly onDidNotify = this.emitter.event;

  constructor(private readonly showView: () => Thenable<unknown>) {}

  /** A failed receipt touching the workspace arrived on a chain. */
  add(entry: FeedEntry, chain: ChainEntry, headline: string): void {
    this.groups.add({ chainName: chain.name, entry, headline });
  }

  dispose(): void {
    this.groups.dispose();
    this.emitter.dispose();
  }

  private notify(group: FailureGroup<Failure>): void {
    const { latest } = group;
    const open = vscode.l10n.t('Open Receipt');
    const show = vscode.l10n.t('Show Live View');
    const message =
      group.count === 1
        ? vscode.l10n.t(
            'A request touching your contracts failed: {0} ({1} on {2}, block {3}).',
            latest.headline,
            shortId(latest.entry.requestId, 10, 6),
            latest.chainName,
            latest.entry.blockIndex,
          )
        : vscode.l10n.t('{0} requests touching your contracts failed on {1}; the latest: {2}', group.count, group.chains.join(', '), latest.headline);
    this.emitter.fire({ group, message });
    const items = group.count === 1 ? [open] : [open, show];
    void vscode.window.showWarningMessage(notificationText(message), ...items).then(async (picked) => {
      if (picked === open) await vscode.commands.executeCommand(Commands.showReceipt, { requestId: latest.entry.requestId, chainName: latest.chainName });
      else if (picked === show) await this.showView();
    });
  }
}
