// "Chain: Watch Request" and "Chain: Show Watched Requests". The watch command's argument comes
// from our hover and panel links, or a user: `{ requestId, chainName? }` or the ID alone; it is
// checked like any input (a request ID of a known form, a configured chain) before anything is sent.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { formatDuration, shortId } from '../core/format';
import { iconSafeLabel, notificationText, plainLine } from '../core/text';
import { classifyRequestId } from '../core/idShapes';
import { errorSummary } from '../ui/errors';
import type { WatchInfo } from '../transactions/model/watchSet';
import type { ReceiptsHandle, WatchService, WatchTarget } from './service';

export async function watchRequest(
  log: Pick<vscode.LogOutputChannel, 'info'>,
  receipts: ReceiptsHandle,
  watches: WatchService,
  arg: unknown,
): Promise<WatchInfo<WatchTarget> | undefined> {
  const o = typeof arg === 'string' ? { requestId: arg } : typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
  const raw =
    typeof o.requestId === 'string'
      ? o.requestId
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Watch Request'),
          prompt: vscode.l10n.t('A request ID: 0x + 64 hex digits (Rebased) or 0x + 68 hex digits (Stardust).'),
          placeHolder: '0x…',
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() === '' || classifyRequestId(v) ? undefined : vscode.l10n.t('Not a request ID.')),
        });
  if (raw === undefined || raw.trim() === '') return undefined;
  const id = classifyRequestId(raw);
  if (!id) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Not a request ID: {0}', plainLine(raw, 80))));
    return undefined;
  }
  const chainName = typeof o.chainName === 'string' && o.chainName.trim() !== '' ? o.chainName : undefined;
  let chain;
  try {
    // The named chain (its ID form checked), else the first chain of the lookup order that knows the form.
    chain = receipts.service.chainsFor(id, chainName)[0];
  } catch (e) {
    void vscode.window.showErrorMessage(notificationText(errorSummary(e)));
    return undefined;
  }
  if (!chain) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No configured chain takes this form of request ID.'));
    return undefined;
  }
  const watch = watches.watch(id, chain);
  if (watch) {
    log.info(`watch requested for ${id.id} on ${chain.name}`);
    void vscode.window.setStatusBarMessage(notificationText(vscode.l10n.t('Watching {0} on {1}', shortId(id.id, 10, 6), chain.name)), 4000);
  }
  return watch;
}

interface WatchPick extends vscode.QuickPickItem {
  key?: string;
  all?: boolean;
}

export async function showWatches(watches: WatchService): Promise<void> {
  const list = watches.set.list();
  if (list.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No request is watched. Hover a request ID that has no receipt yet, or run Chain: Watch Request.'));
    return;
  }
  const now = Date.now();
  const items: WatchPick[] = list.map((w) => ({
    key: w.key,
    label: `$(eye) ${shortId(w.target.requestId, 10, 6)}`,
    // A chain's name comes from settings and an error from a node: QuickPick renders $(icons) in both lines.
    description: iconSafeLabel(plainLine(w.target.chain.name, 80)),
    detail:
      w.state === 'backoff' && w.retryAt !== undefined
        ? iconSafeLabel(vscode.l10n.t('{0}; asking again in {1}', plainLine(errorSummary(w.lastError), 120), formatDuration(Math.max(0, w.retryAt - now))))
        : vscode.l10n.t(
            'watched for {0}, {1} long polls; stops in {2}',
            formatDuration(now - w.startedAt),
            w.rounds,
            formatDuration(Math.max(0, w.deadline - now)),
          ),
  }));
  items.push({ label: `$(close-all) ${vscode.l10n.t('Stop Watching All')}`, all: true });
  const pick = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Watched Requests'), placeHolder: vscode.l10n.t('Pick one to open or stop') });
  if (!pick) return;
  if (pick.all) {
    watches.set.cancelAll();
    return;
  }
  const w = list.find((x) => x.key === pick.key);
  if (!w) return;
  const open = vscode.l10n.t('Open Receipt');
  const stop = vscode.l10n.t('Stop Watching');
  const action = await vscode.window.showQuickPick([open, stop], { title: shortId(w.target.requestId, 10, 6) });
  if (action === stop) watches.set.cancel(w.key);
  else if (action === open) await vscode.commands.executeCommand(Commands.showReceipt, { requestId: w.target.requestId, chainName: w.target.chain.name });
}
