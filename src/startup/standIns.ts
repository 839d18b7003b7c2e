// What activation registers before the features have loaded: a stand-in for every contribution a
// user can reach first (the manifest's commands and views, the hovers, the panels VS Code restores,
// the debugger). Each loads the features on its first use and hands its call over to them; the
// features then register the real ones in their place (see ../extension.ts).
import * as vscode from 'vscode';
import { DEBUG_TYPE, Settings, WebviewTypes } from '../constants';
import { hoverableAt } from '../core/idShapes';

/** What a stand-in hands its call to once the features have loaded. */
export interface StandInTargets {
  /** The hover providers the features register (each answers only for its own shape of word). */
  readonly hovers: readonly vscode.HoverProvider[];
  /** Rebuilds a panel VS Code restores after a reload, by its view type. */
  restorePanel(viewType: string, panel: vscode.WebviewPanel, state: unknown): Promise<unknown>;
  readonly debug: {
    readonly configurations: vscode.DebugConfigurationProvider;
    readonly dynamicConfigurations: vscode.DebugConfigurationProvider;
    readonly adapters: vscode.DebugAdapterDescriptorFactory;
  };
}

interface Manifest {
  contributes?: { commands?: readonly { command?: unknown }[]; views?: Record<string, readonly { id?: unknown }[]> };
}

/** The manifest's command and view IDs (our own package.json, shipped with the code). */
export function contributedIds(packageJSON: unknown): { commands: string[]; views: string[] } {
  const contributes = (packageJSON as Manifest | undefined)?.contributes;
  const ids = (list: readonly { command?: unknown; id?: unknown }[] | undefined, key: 'command' | 'id') =>
    (list ?? []).map((c) => c[key]).filter((id): id is string => typeof id === 'string');
  return {
    commands: ids(contributes?.commands, 'command'),
    views: Object.values(contributes?.views ?? {}).flatMap((list) => ids(list, 'id')),
  };
}

/** What gets a stand-in. */
export interface StandInIds {
  readonly commands: readonly string[];
  readonly views: readonly string[];
  readonly webviewTypes: readonly string[];
  readonly debugType?: string;
}

/** The extension's own: the manifest's commands and views, its panels and its debug type. */
export function ourStandInIds(packageJSON: unknown): StandInIds {
  return { ...contributedIds(packageJSON), webviewTypes: Object.values(WebviewTypes), debugType: DEBUG_TYPE };
}

/**
 * Registers the stand-ins. `load` loads the features (once), disposes the stand-ins and registers
 * the real contributions in their place in one turn, then resolves to what the stand-ins hand the
 * calls that came before to.
 */
export function registerStandIns(ids: StandInIds, load: () => Promise<StandInTargets>): vscode.Disposable {
  const { commands, views, webviewTypes, debugType } = ids;
  const all: vscode.Disposable[] = [
    ...commands.map((id) =>
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        await load();
        return vscode.commands.executeCommand(id, ...args);
      }),
    ),
    // A view shown before the features load: its tree comes from the provider they register.
    ...views.map((id) =>
      vscode.window.createTreeView<never>(id, {
        treeDataProvider: {
          getTreeItem: () => new vscode.TreeItem(''),
          getChildren: async () => {
            await load();
            return [];
          },
        },
      }),
    ),
    vscode.languages.registerHoverProvider({ scheme: '*' }, { provideHover: (document, position, token) => hover(load, document, position, token) }),
    ...webviewTypes.map((viewType) =>
      vscode.window.registerWebviewPanelSerializer(viewType, {
        deserializeWebviewPanel: async (panel, state: unknown) => {
          await (await load()).restorePanel(viewType, panel, state);
        },
      }),
    ),
  ];
  if (debugType !== undefined) all.push(...debugStandIns(debugType, load));
  return vscode.Disposable.from(...all);
}

/** F5, the Run view's list and a session's adapter, before the features loaded. */
function debugStandIns(debugType: string, load: () => Promise<StandInTargets>): vscode.Disposable[] {
  return [
    vscode.debug.registerDebugConfigurationProvider(debugType, {
      provideDebugConfigurations: async (folder, token) => (await load()).debug.configurations.provideDebugConfigurations?.(folder, token),
      resolveDebugConfiguration: async (folder, config, token) => {
        const { configurations } = (await load()).debug;
        return configurations.resolveDebugConfiguration ? configurations.resolveDebugConfiguration(folder, config, token) : config;
      },
    }),
    vscode.debug.registerDebugConfigurationProvider(
      debugType,
      { provideDebugConfigurations: async (folder, token) => (await load()).debug.dynamicConfigurations.provideDebugConfigurations?.(folder, token) },
      vscode.DebugConfigurationProviderTriggerKind.Dynamic,
    ),
    vscode.debug.registerDebugAdapterDescriptorFactory(debugType, {
      createDebugAdapterDescriptor: async (session, executable) => (await load()).debug.adapters.createDebugAdapterDescriptor(session, executable),
    }),
  ];
}

/** A hover over the shape of an ID or an address loads the features and asks their hovers; any other hover loads nothing. */
async function hover(
  load: () => Promise<StandInTargets>,
  document: vscode.TextDocument,
  position: vscode.Position,
  token: vscode.CancellationToken,
): Promise<vscode.Hover | undefined> {
  if (!hoverableAt(document.lineAt(position.line).text, position.character)) return undefined;
  if (!vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.hoverEnabled, true)) return undefined;
  const { hovers } = await load();
  const answers = await Promise.all(hovers.map((h) => h.provideHover(document, position, token)));
  const shown = answers.filter((a): a is vscode.Hover => a !== undefined && a !== null);
  if (shown.length <= 1) return shown[0];
  return new vscode.Hover(
    shown.flatMap((h) => h.contents),
    shown[0]?.range,
  );
}
