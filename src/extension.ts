// Activation: stand-ins for what a user can reach first, and nothing else. The features (./app.ts,
// a chunk of their own) load on the first use of any stand-in, or just after activation in a window
// whose settings name chains (the default chain's status bar item is then shown at once). A window
// that never touches a chain pays for this file and ./startup/standIns.ts only.
// First import: its timestamp must be taken before any other module of the bundle evaluates.
import { moduleLoadedAt } from './loadClock';
import * as vscode from 'vscode';
import { Settings } from './constants';
import { loadedFiles } from './startup/loadRecord';
import { ourStandInIds, registerStandIns } from './startup/standIns';
import type { ActivationTimes, ExtensionApi } from './app';

export type { ActivationTimes, ExtensionApi, ExtensionObjects } from './app';

/** What activate() returns (integration tests and the bench use it). */
export interface ExtensionEntry {
  /** How long loading and activating took (`npm run bench` reports it). */
  readonly activation: ActivationTimes;
  /** Loads the features (once) and resolves to their handles. */
  ready(): Promise<ExtensionApi>;
  /** Whether the features have loaded. */
  readonly featuresLoaded: boolean;
  /** How long loading and starting the features took (ms), once they have loaded. */
  readonly featuresMs: number | undefined;
  /** The extension's output files that have evaluated so far, in order (the bundle's own load record). */
  loadedFiles(): string[];
}

// Every imported module has evaluated by now: an ES module's imports evaluate before its body.
const moduleEvaluatedAt = performance.now();

export function activate(context: vscode.ExtensionContext): ExtensionEntry {
  const activateStartedAt = performance.now();
  let loading: Promise<ExtensionApi> | undefined;
  let loaded = false;
  let featuresMs: number | undefined;
  const ready = (): Promise<ExtensionApi> => {
    if (loading) return loading;
    const started = performance.now();
    loading = import('./app.js').then((app) => {
      // In one turn: the stand-ins go and the features register the real ones in their place.
      standIns.dispose();
      const api = app.startFeatures(context, activation);
      loaded = true;
      featuresMs = performance.now() - started;
      return api;
    });
    return loading;
  };
  const standIns = registerStandIns(ourStandInIds(context.extension.packageJSON), async () => (await ready()).standIns);
  context.subscriptions.push(standIns);
  if (chainsNamed()) setTimeout(() => void ready(), 0);
  else {
    const named = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${Settings.section}.${Settings.chains}`) && chainsNamed()) void ready();
    });
    context.subscriptions.push(named);
  }

  const activatedAt = performance.now();
  const ms = moduleEvaluatedAt - moduleLoadedAt + (activatedAt - activateStartedAt);
  const activation: ActivationTimes = { moduleLoadedAt, moduleEvaluatedAt, activateStartedAt, activatedAt, ms };
  return {
    activation,
    ready,
    loadedFiles,
    get featuresLoaded() {
      return loaded;
    },
    get featuresMs() {
      return featuresMs;
    },
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}

/** Whether any settings (user, workspace or a folder's) name a chain: reading them sends nothing. */
function chainsNamed(): boolean {
  const named = (value: unknown) => Array.isArray(value) && value.length > 0;
  const key = Settings.chains;
  const top = vscode.workspace.getConfiguration(Settings.section).inspect(key);
  if (named(top?.globalValue) || named(top?.workspaceValue)) return true;
  return (vscode.workspace.workspaceFolders ?? []).some((f) =>
    named(vscode.workspace.getConfiguration(Settings.section, f.uri).inspect(key)?.workspaceFolderValue),
  );
}
