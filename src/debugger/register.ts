// Every way into a debug session of a mined EVM transaction: the command "Debug Transaction" (the
// palette asks for the hash, then the chain; the receipt panel, its call tree and the hover pass
// them), the `wasp-evm` configuration provider (launch.json's starter, and F5 with or without a
// launch.json) and the adapter. Activation registers them; ./entry.ts (the command and provider)
// and ./adapter.ts (the session) load when first used.
import * as vscode from 'vscode';
import { Commands, DEBUG_TYPE } from '../constants';
import type { DebugEntry, DebuggerDeps } from './entry';

export type { DebuggerDeps } from './entry';

export function registerDebuggerFeature(deps: DebuggerDeps): void {
  // The command and the provider load their code on first use: activation only registers them.
  let loading: Promise<DebugEntry> | undefined;
  const entry = () => (loading ??= import('./entry.js').then((m) => new m.DebugEntry(deps)));
  deps.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.debugTransaction, async (arg?: unknown) => (await entry()).run(arg)),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, {
      provideDebugConfigurations: async () => (await entry()).provideDebugConfigurations(),
      resolveDebugConfiguration: async (folder, config) => (await entry()).resolveDebugConfiguration(folder, config),
    }),
    // The adapter (the replay, the protocol session) loads with the first session.
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, {
      createDebugAdapterDescriptor: async () =>
        new vscode.DebugAdapterInlineImplementation(
          (await import('./adapter.js')).createDebugAdapter({ chains: deps.chains, log: deps.log, abis: () => deps.abis.current() }),
        ),
    }),
    // The Run view's list offers one per chain that can serve a session (launch.json's starter comes from `entry`).
    vscode.debug.registerDebugConfigurationProvider(
      DEBUG_TYPE,
      { provideDebugConfigurations: async () => (await entry()).starters(false) },
      vscode.DebugConfigurationProviderTriggerKind.Dynamic,
    ),
  );
}
