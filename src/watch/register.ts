// The watch feature: two commands, and the service behind them loaded on the first watch (the
// long-poll loop, the status bar item and the notifications are not needed at activation).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { WatchedRequests } from '../transactions/model/watchedRequests';
import type { ReceiptsHandle, WatchService, WatchServiceDeps } from './service';

/** The feature's handle on ExtensionApi (integration tests use it). */
export interface WatchFeature {
  /** The service, loading it when needed. */
  service(): Promise<WatchService>;
}

/** What the watch feature is built over (extension.ts hands the objects over). */
export interface WatchFeatureDeps extends WatchServiceDeps {
  readonly context: Pick<vscode.ExtensionContext, 'subscriptions'>;
  readonly log: vscode.LogOutputChannel;
  /** Answered from the watches once loaded: the hover and the receipt panel say a request is watched (and offer no second Watch). */
  readonly watched: WatchedRequests;
  readonly receipts: ReceiptsHandle;
}

export function registerWatchFeature(deps: WatchFeatureDeps): WatchFeature {
  const { context, receipts } = deps;
  let loading: Promise<WatchService> | undefined;
  const service = () =>
    (loading ??= import('./service.js').then((m) => {
      const s = new m.WatchService(deps, receipts);
      context.subscriptions.push(s);
      deps.watched.answerFrom((requestId) => s.watching(requestId)?.target.chain.name);
      return s;
    }));
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.watchRequest, async (arg?: unknown) =>
      (await import('./commands.js')).watchRequest(deps.log, receipts, await service(), arg),
    ),
    vscode.commands.registerCommand(Commands.showWatches, async () => (await import('./commands.js')).showWatches(await service())),
  );
  return { service };
}
