// Every way into a debug session of a mined EVM transaction: the command "Debug Transaction" (the
// palette asks for the hash, then the chain; the receipt panel, its call tree and the hover pass
// them), the `wasp-evm` configuration provider (launch.json's starter, and F5 with or without a
// launch.json) and the adapter. Registering loads neither: ./entry.ts (the command and provider)
// and ./adapter.ts (the session) load when first used.
import * as vscode from 'vscode';
import { Commands, DEBUG_TYPE } from '../constants';
import type { DebugEntry, DebuggerDeps } from './entry';

export type { DebuggerDeps } from './entry';

/** The feature's providers (activation's stand-ins hand the calls that came before them over). */
export interface DebuggerFeature {
  readonly configurations: vscode.DebugConfigurationProvider;
  readonly dynamicConfigurations: vscode.DebugConfigurationProvider;
  readonly adapters: vscode.DebugAdapterDescriptorFactory;
}

export function registerDebuggerFeature(deps: DebuggerDeps): DebuggerFeature {
  // The command and the provider load their code on first use: registering loads neither.
  let loading: Promise<DebugEntry> | undefined;
  const entry = () => (loading ??= import('./entry.js').then((m) => new m.DebugEntry(deps)));
  const feature: DebuggerFeature = {
    configurations: {
      provideDebugConfigurations: async () => (await entry()).provideDebugConfigurations(),
      resolveDebugConfiguration: async (folder, config) => (await entry()).resolveDebugConfiguration(folder, config),
    },
    // The Run view's list offers one per chain that can serve a session (launch.json's starter comes from `entry`).
    dynamicConfigurations: { provideDebugConfigurations: async () => (await entry()).starters(false) },
    // The adapter (the replay, the protocol session) loads with the first session.
    adapters: {
      createDebugAdapterDescriptor: async () =>
        new vscode.DebugAdapterInlineImplementation(
          (await import('./adapter.js')).createDebugAdapter({ chains: deps.chains, log: deps.log, abis: () => deps.abis.current() }),
        ),
    },
  };
  deps.context.subscriptions.push(
    vscode.commands.registerCommand(Commands.debugTransaction, async (arg?: unknown) => (await entry()).run(arg)),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, feature.configurations),
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, feature.adapters),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, feature.dynamicConfigurations, vscode.DebugConfigurationProviderTriggerKind.Dynamic),
  );
  return feature;
}
