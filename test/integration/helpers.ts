// The one helpers module of the integration suites (test/integration/**): the extension and its
// API, settings that take effect before a test goes on, what the tree, hovers and Output channel
// show, and spies on what the extension calls.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import type { ExtensionApi, ExtensionEntry } from '../../src/extension';
import type { ChainNode, ChainsTreeNode } from '../../src/chains/tree';
import { resolveChains, type RawChainList } from '../../src/config/model/chainConfig';

// The id the manifest declares (publisher.name), kept in src/constants.ts; activation.test.ts checks they agree.
export { EXTENSION_ID };

export type ChainSetting = { name: string; nodeUrl: string; chainId: string };

/** Activates the extension (once; later calls get the same API). */
/** Activates the extension and loads its features: their handles. */
export async function activate(): Promise<ExtensionApi> {
  const ext = vscode.extensions.getExtension<ExtensionEntry>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is loaded in the extension host`);
  return (await ext.activate()).ready();
}

export const config = () => vscode.workspace.getConfiguration('waspChain');

export async function waitFor(cond: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface SetChainsOptions {
  /** The settings scope written (user settings by default). */
  target?: vscode.ConfigurationTarget;
  /** For `WorkspaceFolder`: the folder whose settings are written. */
  folder?: vscode.WorkspaceFolder;
  /** Written to the user's `waspChain.defaultChain` when the key is present (undefined clears it). */
  defaultChain?: string;
}

/**
 * Writes `waspChain.chains` in one scope (undefined removes the list) and waits until the chain
 * registry has applied it: settings reach the registry through an event that may come after
 * `update` resolved, so a test that went on at once would see the previous chains.
 */
export async function setChains(chains: readonly unknown[] | undefined, options: SetChainsOptions = {}): Promise<void> {
  const api = await activate();
  const target = options.target ?? vscode.ConfigurationTarget.Global;
  const scoped = () => vscode.workspace.getConfiguration('waspChain', options.folder?.uri);
  await scoped().update('chains', chains, target);
  if ('defaultChain' in options) await config().update('defaultChain', options.defaultChain, vscode.ConfigurationTarget.Global);
  const written = () => {
    const i = scoped().inspect<unknown>('chains');
    if (target === vscode.ConfigurationTarget.Global) return i?.globalValue;
    return target === vscode.ConfigurationTarget.Workspace ? i?.workspaceValue : i?.workspaceFolderValue;
  };
  const defaultApplied = () => !('defaultChain' in options) || api.services.chains.defaultChainName() === (options.defaultChain?.trim() || undefined);
  await waitFor(
    () =>
      JSON.stringify(written()) === JSON.stringify(chains) &&
      defaultApplied() &&
      // The registry's entries are what the settings now resolve to (a stale cache would differ).
      // (an EVM-only entry's evmChainId is a bigint, which JSON has no word for)
      JSON.stringify(api.services.chains.all(), bigintText) === JSON.stringify(resolveChains(rawChainLists(), vscode.l10n), bigintText),
    'the chain settings to reach the registry',
  );
}

const bigintText = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

/** The chain lists of every scope, read as src/config/chainRegistry.ts reads them. */
function rawChainLists(): RawChainList[] {
  const inspect = config().inspect<unknown>('chains');
  const lists: RawChainList[] = [
    { source: { scope: 'user' }, value: inspect?.globalValue },
    { source: { scope: 'workspace' }, value: inspect?.workspaceValue },
  ];
  // In a single-folder workspace, folder settings are the workspace settings.
  if ((vscode.workspace.workspaceFolders?.length ?? 0) > 1 || vscode.workspace.workspaceFile) {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const value = vscode.workspace.getConfiguration('waspChain', folder.uri).inspect<unknown>('chains')?.workspaceFolderValue;
      lists.push({ source: { scope: 'folder', folder: folder.name, folderUri: folder.uri.toString() }, value });
    }
  }
  return lists;
}

/** Writes a setting (user scope, or `target`) and waits until it reads back. */
/**
 * Writes a workspace value that Restricted Mode hides (restrictedConfigurations): neither get()
 * nor inspect() shows it, so the folder's settings file is read to see that it was written.
 */
export async function writeRestrictedWorkspaceSetting(key: string, value: unknown): Promise<void> {
  await config().update(key, value, vscode.ConfigurationTarget.Workspace);
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a workspace folder is open');
  const file = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
  const written = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as Record<string, unknown>;
  assert.deepEqual(written[`waspChain.${key}`], value, `the workspace settings file holds ${key}`);
}

export async function setSetting(key: string, value: unknown, target = vscode.ConfigurationTarget.Global): Promise<void> {
  await config().update(key, value, target);
  const read = () => {
    const i = config().inspect(key);
    return target === vscode.ConfigurationTarget.Global ? i?.globalValue : i?.workspaceValue;
  };
  await waitFor(() => JSON.stringify(read()) === JSON.stringify(value), `setting ${key} = ${JSON.stringify(value)}`);
}

/** Puts every setting of the extension back to its default (user and workspace scope). */
export async function resetSettings(): Promise<void> {
  for (const key of [
    'chains',
    'defaultChain',
    'request.timeoutMs',
    'request.maxResponseBytes',
    'request.maxConcurrent',
    'hover.enabled',
    'hover.evmTransactions',
  ]) {
    await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    if (vscode.workspace.workspaceFolders?.length) await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
  }
}

export function chainNode(api: ExtensionApi, name: string): ChainNode {
  const node = api.chains.tree.getChildren().find((n): n is ChainNode => n.kind === 'chain' && n.chainName === name);
  assert.ok(node, `the tree lists "${name}"`);
  return node;
}

export interface Shown {
  node: ChainsTreeNode;
  item: vscode.TreeItem;
}

/** Every tree node under a chain (depth first), with the item VS Code would draw. */
export function subtree(api: ExtensionApi, node: ChainsTreeNode): Shown[] {
  const out: Shown[] = [];
  for (const child of api.chains.tree.getChildren(node)) {
    out.push({ node: child, item: api.chains.tree.getTreeItem(child) });
    out.push(...subtree(api, child));
  }
  return out;
}

export function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** Everything a tree item shows as text: label, description, tooltip (Markdown source or plain). */
export function itemTexts(item: vscode.TreeItem): string[] {
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
  return [label(item), typeof item.description === 'string' ? item.description : '', tooltip];
}

export interface HoverText {
  /** The Markdown source. */
  value: string;
  /** Markdown escapes removed: what it reads like. */
  plain: string;
  md: vscode.MarkdownString | undefined;
}

/** Our hovers (the ones that talk about receipts or link to our commands) at `needle` in a new document. */
export async function hoversAt(content: string, needle: string, offset = 5): Promise<HoverText[]> {
  return hoversIn(await plainTextDocument(content), needle, offset);
}

/**
 * Closes every editor, its unsaved text discarded: workbench.action.closeAllEditors keeps a dirty
 * editor open when the host answers its "save?" question with Cancel, as this host does in tests.
 */
export async function closeEditorsDiscardingText(): Promise<void> {
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (!tab.isDirty || !(tab.input instanceof vscode.TabInputText)) continue;
    await vscode.window.showTextDocument(tab.input.uri, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

let untitledCount = 0;
/** Unique per run (a web worker host has no process.pid). */
const runStamp = Date.now().toString(36);

/**
 * A new plain-text document holding `content`. This host was seen handing back an earlier untitled
 * document (of other text) for openTextDocument({ content }): then a document of its own name is
 * made and filled.
 */
async function plainTextDocument(content: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument({ content, language: 'plaintext' });
  if (doc.getText() === content) return doc;
  const fresh = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'untitled', path: `/hover-${runStamp}-${++untitledCount}.txt` }));
  const edit = new vscode.WorkspaceEdit();
  edit.insert(fresh.uri, new vscode.Position(0, 0), content);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the untitled document takes the text');
  return fresh;
}

/** Our hovers at `needle` in `doc`. */
export async function hoversIn(doc: vscode.TextDocument, needle: string, offset = 5): Promise<HoverText[]> {
  const at = doc.getText().indexOf(needle);
  assert.ok(at >= 0, `the needle ${needle.slice(0, 80)} is in the document: ${doc.getText().slice(0, 200)}`);
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + offset))) ?? [];
  return hovers
    .flatMap((h) =>
      h.contents.map((c) => {
        const value = typeof c === 'string' ? c : c.value;
        const plain = value.replace(/(^|[^\\])\*\*/g, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1');
        return { value, plain, md: c instanceof vscode.MarkdownString ? c : undefined };
      }),
    )
    .filter((t) =>
      /command:waspChain\.|No receipt for this request|no chain knows|Looking up the receipt|No chain is configured|Request (succeeded|failed)|receipt lookup failed|may be a secret/.test(
        t.value + t.plain,
      ),
    );
}

export async function oneHover(content: string, needle: string): Promise<HoverText> {
  const ours = await hoversAt(content, needle);
  assert.equal(ours.length, 1, `one receipt hover (got ${ours.length})`);
  return ours[0] as HoverText;
}

/** Records every line the extension writes to its Output channel until restored. */
export function spyOutput(log: vscode.LogOutputChannel): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const target = log as unknown as Record<string, (...a: unknown[]) => unknown>;
  const names = ['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace'];
  const saved = names.map((n) => [n, target[n]] as const);
  for (const [n, original] of saved) {
    if (typeof original !== 'function') continue;
    target[n] = (...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack ?? ''}` : String(a))).join(' '));
      return original.apply(log, args);
    };
  }
  return {
    lines,
    restore: () => {
      for (const [n, original] of saved) target[n] = original as (...a: unknown[]) => unknown;
    },
  };
}

/**
 * Puts `spy` in place of obj[key] while `run` runs. Undefined when this host's API object does not
 * allow it (callers must assert it was installed, else their test could not tell).
 */
async function withReplaced<O extends object, K extends keyof O, T>(obj: O, key: K, spy: O[K], run: () => Promise<T>): Promise<{ result: T } | undefined> {
  const original = obj[key];
  try {
    obj[key] = spy;
  } catch {
    return undefined;
  }
  if (obj[key] !== spy) return undefined;
  try {
    return { result: await run() };
  } finally {
    obj[key] = original;
  }
}

/** Runs `run` with vscode.window.showErrorMessage recording the messages it is given (and showing them as usual). */
export async function withErrorMessageSpy<T>(run: (messages: string[]) => Promise<T>): Promise<{ result: T; messages: string[] } | undefined> {
  const win = vscode.window as unknown as { showErrorMessage: (message: string, ...rest: unknown[]) => Thenable<unknown> };
  const original = win.showErrorMessage;
  const messages: string[] = [];
  const spy = (message: string, ...rest: unknown[]) => {
    messages.push(message);
    return original.call(vscode.window, message, ...rest);
  };
  const r = await withReplaced(win, 'showErrorMessage', spy, () => run(messages));
  return r && { result: r.result, messages };
}

/** Runs `run` with vscode.window.setStatusBarMessage recording the texts it is given (and showing them as usual). */
export async function withStatusBarSpy<T>(run: (texts: string[]) => Promise<T>): Promise<{ result: T; texts: string[] } | undefined> {
  const win = vscode.window as unknown as { setStatusBarMessage: (text: string, ...rest: unknown[]) => vscode.Disposable };
  const original = win.setStatusBarMessage;
  const texts: string[] = [];
  const spy = (text: string, ...rest: unknown[]) => {
    texts.push(text);
    return original.call(vscode.window, text, ...rest);
  };
  const r = await withReplaced(win, 'setStatusBarMessage', spy, () => run(texts));
  return r && { result: r.result, texts };
}

/** Runs `run` with vscode.window.showWarningMessage replaced: `answer` picks the item each message gets (nothing is shown). */
export async function withWarningAnswer<T>(
  answer: (message: string, items: string[]) => string | undefined,
  run: (asked: Array<{ message: string; detail: string | undefined; items: string[] }>) => Promise<T>,
): Promise<{ result: T; asked: Array<{ message: string; detail: string | undefined; items: string[] }> } | undefined> {
  const win = vscode.window as unknown as { showWarningMessage: (message: string, ...rest: unknown[]) => Thenable<unknown> };
  const asked: Array<{ message: string; detail: string | undefined; items: string[] }> = [];
  const spy = async (message: string, ...rest: unknown[]) => {
    const options = typeof rest[0] === 'object' && rest[0] !== null && !('title' in rest[0]) ? (rest.shift() as vscode.MessageOptions) : undefined;
    const items = rest.filter((x): x is string => typeof x === 'string');
    asked.push({ message, detail: options?.detail, items });
    return answer(message, items);
  };
  const r = await withReplaced(win, 'showWarningMessage', spy, () => run(asked));
  return r && { result: r.result, asked };
}

/** Runs `run` with vscode.env.openExternal replaced by a recorder (nothing is opened). */
export async function withOpenExternalSpy<T>(run: (calls: string[]) => Promise<T>): Promise<{ result: T; calls: string[] } | undefined> {
  const env = vscode.env as unknown as { openExternal: (uri: vscode.Uri) => Thenable<boolean> };
  const calls: string[] = [];
  const spy = async (uri: vscode.Uri) => {
    calls.push(uri.toString(true));
    return true;
  };
  const r = await withReplaced(env, 'openExternal', spy, () => run(calls));
  return r && { result: r.result, calls };
}

/** What one prompt showed: an input box (its prompt, value) or a quick pick (its placeholder, items). */
export type Prompt = { kind: 'input' | 'pick'; title: string; text: string; value?: string; items: vscode.QuickPickItem[] };
/** Answers one prompt: the typed text, or the label of the item to pick; undefined cancels. */
export type PromptAnswer = (shown: Prompt) => string | undefined;

type PromptWindow = {
  createQuickPick: typeof vscode.window.createQuickPick;
  showInputBox: (o?: vscode.InputBoxOptions) => Thenable<string | undefined>;
  showQuickPick: (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, o?: vscode.QuickPickOptions) => Thenable<unknown>;
  showWarningMessage: (message: string, ...rest: unknown[]) => Thenable<unknown>;
  showInformationMessage: (message: string, ...rest: unknown[]) => Thenable<unknown>;
};

/**
 * Runs `run` with every input box and quick pick (shown by showQuickPick or built with createQuickPick) answered in turn by `answers` (a typed value must
 * pass the box's own validation), and warnings and information messages recorded, not shown.
 * Undefined when this host does not allow replacing them.
 */
export async function withPrompts<T>(answers: PromptAnswer[], run: () => Thenable<T>): Promise<{ result: T; shown: Prompt[]; notes: string[] } | undefined> {
  const win = vscode.window as unknown as PromptWindow;
  const keys = ['createQuickPick', 'showInputBox', 'showQuickPick', 'showWarningMessage', 'showInformationMessage'] as const;
  const saved = keys.map((k) => [k, win[k]] as const);
  const shown: Prompt[] = [];
  const notes: string[] = [];
  const next = (s: Prompt) => {
    shown.push(s);
    const answer = answers.shift();
    assert.ok(answer, `an answer for "${s.title}: ${s.text}"`);
    return answer(s);
  };
  try {
    win.showInputBox = async (o) => {
      const s: Prompt = { kind: 'input', title: o?.title ?? '', text: o?.prompt ?? '', value: o?.value, items: [] };
      const typed = next(s);
      if (typed !== undefined) assert.equal(await o?.validateInput?.(typed), undefined, `"${typed}" is accepted at ${s.title}`);
      return typed;
    };
    win.showQuickPick = async (items, o) => {
      const list = [...(await items)];
      const label = next({ kind: 'pick', title: o?.title ?? '', text: o?.placeHolder ?? '', items: list });
      return label === undefined ? undefined : list.find((i) => i.label === label);
    };
    // A picker the extension builds itself is the real one: the answer is made its active item and accepted with VS Code's own command.
    const create = win.createQuickPick;
    win.createQuickPick = (<I extends vscode.QuickPickItem>() => {
      const pick = create.call(vscode.window) as vscode.QuickPick<I>;
      const show = pick.show.bind(pick);
      pick.show = () => {
        show();
        const label = next({ kind: 'pick', title: pick.title ?? '', text: pick.placeholder ?? '', items: [...pick.items] });
        const item = label === undefined ? undefined : pick.items.find((i) => i.label === label);
        if (item === undefined) return pick.hide();
        // The workbench first makes its own choice of active item (the first) and says so: the answer is set after it.
        const first = pick.onDidChangeActive(() => {
          first.dispose();
          pick.activeItems = [item];
          void vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        });
      };
      return pick;
    }) as PromptWindow['createQuickPick'];
    win.showWarningMessage = async (message) => void notes.push(message);
    win.showInformationMessage = async (message) => void notes.push(message);
    if (vscode.window.showQuickPick !== win.showQuickPick) return undefined;
    return { result: await run(), shown, notes };
  } catch (e) {
    if (e instanceof TypeError) return undefined;
    throw e;
  } finally {
    for (const [k, original] of saved) (win as Record<string, unknown>)[k] = original;
  }
}
