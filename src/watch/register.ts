// The watch feature: two commands, and the service behind them loaded on the first watch (the
// long-poll loop, the status bar item and the notifications are not needed at activation).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { Services } from '../services';
import type { ReceiptsHandle, WatchService } from './service';

/** The feature's handle on ExtensionApi (integration tests use it). */
export interface WatchFeature {
  /** The service, loading it when needed. */
  service(): Promise<WatchService>;
}

export function registerWatchFeature(services: Services, receipts: ReceiptsHandle): WatchFeature {
  let loading: Promise<WatchService> | undefined;
  const service = () =>
    (loading ??= import('./service.js').then((m) => {
      const s = new m.WatchService(services, receipts);
      services.context.subscriptions.push(s);
      // The hover and the receipt panel say a request is watched (and offer no second Watch).
      receipts.lookup.watchedOn = (requestId) => s.watching(requestId)?.target.chain.name;
      return s;
    }));
  services.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.watchRequest, async (arg?: unknown) =>
      (await import('./commands.js')).watchRequest(services, receipts, await service(), arg),
    ),
    vscode.commands.registerCommand(Commands.showWatches, async () => (await import('./commands.js')).showWatches(await service())),
  );
  return { service };
}
