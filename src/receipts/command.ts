// "Chain: Show Request Receipt". The request ID comes from an argument (a string, or
// { requestId, chainName?, block? } as the tree and the hover pass it), else the selection, else
// the ID under the cursor, else a pick of the clipboard's ID (in a web host: a choice to paste it) and recent receipts, else an input box
// validated as you type. Quotes, backticks and spaces pasted around an ID are taken off. A malformed ID or block is
// rejected before any request. Resolves with the panel, so callers (and tests) can await it.
import * as vscode from 'vscode';
import { checkBlock } from '../api/ids';
import { Commands } from '../constants';
import { requestIdAt, requestIdsIn } from './requestIdAt';
import type { ReceiptIdentity } from './protocol';
import type { ChainRegistry } from '../config/chainRegistry';
import type { RecentReceipts } from '../transactions/model/recentReceipts';
import type { ReceiptService } from '../transactions/receiptService';
import { shortId } from '../core/format';
import { iconSafeLabel, notificationText, plainLine } from '../core/text';
import { unwrapPastedId } from '../core/pasted';
import { classifyRequestId } from '../core/idShapes';
import type { SecretVerdict } from './model/secretContext';
import { confirmSecretLookUp, parseSecretVerdict } from './secretWords';

/** What the command reads: the chains, their recent receipts, and which of them take an ID. */
export interface ShowReceiptDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'valid' | 'evmLookupOrder'>;
  readonly recent: Pick<RecentReceipts, 'list'>;
  readonly receipts: Pick<ReceiptService, 'route'>;
}

/** What the command needs of the feature: a way to open a panel. */
export interface ReceiptOpener<P> {
  open(identity: ReceiptIdentity): Promise<P>;
}

export interface ShowReceiptArgs {
  requestId: string | undefined;
  chainName: string | undefined;
  block: string | number | undefined;
  /** What the hover saw around the ID (a key, a secret…): the command asks before it sends. */
  seen?: SecretVerdict;
}

/** Reads the command's argument; tolerant of what menus pass (a document URI, a tree node). */
export function parseShowReceiptArgs(arg: unknown): ShowReceiptArgs {
  if (typeof arg === 'string') return { requestId: arg, chainName: undefined, block: undefined };
  if (typeof arg !== 'object' || arg === null || arg instanceof vscode.Uri) return { requestId: undefined, chainName: undefined, block: undefined };
  const o = arg as Record<string, unknown>;
  const args: ShowReceiptArgs = {
    requestId: typeof o.requestId === 'string' ? o.requestId : undefined,
    chainName: typeof o.chainName === 'string' && o.chainName.trim() !== '' ? o.chainName : undefined,
    block: typeof o.block === 'string' || typeof o.block === 'number' ? o.block : undefined,
  };
  const seen = parseSecretVerdict(o.seen);
  if (seen !== undefined) args.seen = seen;
  return args;
}

/**
 * The input box's check, as you type: undefined when valid (or still empty), else what is
 * wrong in words a user can act on.
 */
export function validateRequestIdInput(value: string): string | undefined {
  const v = unwrapPastedId(value);
  if (v === '') return undefined;
  // Both forms are valid input: which chains are asked is the routing's business (model/routing.ts).
  if (classifyRequestId(v)) return undefined;
  if (!/^0x/i.test(v)) return vscode.l10n.t('A request ID starts with 0x, followed by 64 (Rebased) or 68 (Stardust) hex digits.');
  const hex = v.slice(2);
  if (/[^0-9a-fA-F]/.test(hex)) return vscode.l10n.t('Only hex digits (0-9, a-f) may follow 0x.');
  return vscode.l10n.t('A request ID has 64 (Rebased) or 68 (Stardust) hex digits after 0x; this has {0}.', hex.length);
}

/** The ID from the active editor: the selection (or one ID inside it), else the ID under the cursor. */
function idFromEditor(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const selection = editor.selection;
  if (!selection.isEmpty) {
    const text = editor.document.getText(selection);
    const found = requestIdsIn(text);
    if (found[0] !== undefined) return found[0];
    // Not an ID: hand it on (short ones only) so the user hears what is wrong with it.
    const trimmed = text.trim();
    return trimmed.length > 0 && trimmed.length <= 200 && !trimmed.includes('\n') ? trimmed : undefined;
  }
  return requestIdAt(editor.document, selection.active)?.text;
}

/**
 * The IDs at hand: the clipboard's (only when it holds a valid ID; read here, sent nowhere until
 * picked) and the receipts looked up recently, newest first; then free input. In a web host the
 * clipboard is read only when the user picks "Paste from the clipboard": a browser that has not
 * granted access answers a read with a notification the command would wait on.
 */
async function askRequestId(deps: Omit<ShowReceiptDeps, 'receipts'>): Promise<string | undefined> {
  const web = vscode.env.uiKind === vscode.UIKind.Web;
  const items: IdItem[] = [];
  const clipped = web ? undefined : idIn(await readClipboard());
  if (clipped) items.push({ label: shortId(clipped, 12, 8), description: vscode.l10n.t('from the clipboard'), id: clipped });
  const recent = deps.chains
    .valid()
    .flatMap((c) => deps.recent.list(c.name).map((r) => ({ chain: c.name, r })))
    .sort((x, y) => y.r.at - x.r.at);
  for (const { chain, r } of recent) {
    if (items.some((i) => i.id === r.requestId) || items.length >= 12) continue;
    items.push({ label: shortId(r.requestId, 12, 8), description: iconSafeLabel(plainLine(`${chain} · ${r.summary}`, 120)), id: r.requestId });
  }
  // Nothing to pick: the input box, where the browser's own paste needs no permission.
  if (items.length === 0) return typeRequestId();
  items.push({ label: vscode.l10n.t('Enter a request ID…'), alwaysShow: true });
  if (web) items.push({ label: vscode.l10n.t('Paste from the clipboard'), alwaysShow: true, paste: true });
  const picked = await pickOrType(items);
  if (picked === undefined || typeof picked === 'string') return picked;
  if (picked.paste) {
    const text = await readClipboard();
    // Not an ID: shown in the input box, where the user sees what is wrong with it.
    return idIn(text) ?? typeRequestId(text.length <= 200 && !text.includes('\n') ? text.trim() : undefined);
  }
  return picked.id ?? typeRequestId();
}

type IdItem = vscode.QuickPickItem & { id?: string; paste?: true; typed?: true };

/**
 * The picker of IDs at hand, which also reads what is typed or pasted into it: a valid ID is the
 * answer on Enter (whatever item is active); a malformed one gets an item saying why, and Enter
 * leaves the picker open. Resolves with the typed ID, the picked item, or undefined when dismissed.
 */
function pickOrType(items: IdItem[]): Promise<IdItem | string | undefined> {
  const pick = vscode.window.createQuickPick<IdItem>();
  pick.title = vscode.l10n.t('Show Request Receipt');
  pick.placeholder = vscode.l10n.t('A request ID from the clipboard or a recent receipt, or type or paste one');
  pick.matchOnDescription = true;
  pick.items = items;
  /** What the picker says of the typed text: while typing, of what looks like an ID; on Enter, of anything. */
  const typedItems = (value: string, entered = false): IdItem[] => {
    const v = unwrapPastedId(value);
    if (v === '' || (!entered && !/^0x/i.test(v))) return [];
    const id = idIn(v);
    if (id) return [{ label: shortId(id, 12, 8), description: vscode.l10n.t('the ID you entered'), alwaysShow: true, id, typed: true }];
    return [{ label: `$(error) ${vscode.l10n.t('Not a request ID')}`, detail: validateRequestIdInput(v), alwaysShow: true, typed: true }];
  };
  return new Promise((resolve) => {
    let answer: IdItem | string | undefined;
    const subscriptions = [
      pick.onDidChangeValue((value) => (pick.items = [...typedItems(value), ...items])),
      pick.onDidAccept(() => {
        const id = idIn(pick.value);
        const [active] = pick.activeItems;
        if (id !== undefined) answer = id;
        else if (!filtersTo(pick.value, active)) {
          // What was typed is not an ID, and no ID of the list is meant: the picker says why and stays.
          pick.items = [...typedItems(pick.value, true), ...items];
          return;
        } else answer = active;
        pick.hide();
      }),
      pick.onDidHide(() => {
        for (const s of subscriptions) s.dispose();
        pick.dispose();
        resolve(answer);
      }),
    ];
    pick.show();
  });
}

/**
 * Whether Enter on `active` with `value` typed means that item: nothing typed, or a listed ID the
 * typed text finds (the workbench's active item may lag behind what was typed; the text decides).
 */
function filtersTo(value: string, active: IdItem | undefined): active is IdItem {
  const typed = unwrapPastedId(value).toLowerCase();
  if (active === undefined || active.typed) return false;
  if (typed === '') return true;
  if (active.id === undefined) return false;
  return active.id.toLowerCase().includes(typed) || (active.description ?? '').toLowerCase().includes(typed);
}

/** The clipboard's text; empty when the host cannot read it. */
async function readClipboard(): Promise<string> {
  try {
    return (await vscode.env.clipboard.readText()).slice(0, 400);
  } catch {
    return '';
  }
}

/** The request ID a pasted text holds (quotes and spaces around it taken off), if any. */
function idIn(text: string): string | undefined {
  return classifyRequestId(unwrapPastedId(text))?.id;
}

async function typeRequestId(value?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    ...(value === undefined ? {} : { value }),
    title: vscode.l10n.t('Show Request Receipt'),
    prompt: vscode.l10n.t('A request ID: 0x + 64 hex digits (Rebased; an EVM transaction hash) or 0x + 68 hex digits (Stardust).'),
    placeHolder: '0x…',
    ignoreFocusOut: true,
    validateInput: (v) => validateRequestIdInput(v),
  });
}

export async function showReceipt<P>(deps: ShowReceiptDeps, feature: ReceiptOpener<P>, arg?: unknown): Promise<P | undefined> {
  const args = parseShowReceiptArgs(arg);
  const raw = args.requestId ?? idFromEditor() ?? (await askRequestId(deps));
  if (raw === undefined || raw.trim() === '') return undefined;

  const id = classifyRequestId(unwrapPastedId(raw));
  if (!id) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Not a request ID: {0}', validateRequestIdInput(raw) ?? '')));
    return undefined;
  }
  const block = checkBlock(args.block);
  if (!block.ok) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Invalid block "{0}": {1}', String(args.block), block.reason)));
    return undefined;
  }
  // Chains known only by their EVM JSON-RPC take EVM transaction hashes (64 hex) only.
  const evmOnly = id.shape === 'hex64' ? deps.chains.evmLookupOrder() : [];
  const evmNamed = args.chainName === undefined ? undefined : evmOnly.find((c) => c.name.toLowerCase() === args.chainName?.trim().toLowerCase());
  if (args.chainName !== undefined && !deps.chains.get(args.chainName) && !evmNamed) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No valid chain named "{0}" is configured (waspChain.chains).', args.chainName)));
    return undefined;
  }
  if (args.chainName === undefined && deps.chains.valid().length === 0 && evmOnly.length === 0) {
    const add = vscode.l10n.t('Add Chain');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('No chain is configured yet: add one to look up receipts.'), add);
    if (choice === add) await vscode.commands.executeCommand(Commands.addChain);
    return undefined;
  }
  // Without a chain named, the chains that take the ID's form (once: the secret check names them too).
  const routed = args.chainName === undefined ? deps.receipts.route(id, deps.chains.valid()) : undefined;
  if (routed !== undefined && routed.length === 0 && evmOnly.length === 0) {
    void vscode.window.showErrorMessage(
      notificationText(
        id.shape === 'hex68'
          ? vscode.l10n.t('This is a Stardust request ID (68 hex digits), and no Stardust chain is configured.')
          : vscode.l10n.t(
              'This is a Rebased request ID or an EVM transaction hash (64 hex digits), and no Rebased chain is configured. For a Stardust chain, add 0000 or turn on waspChain.hover.evmTransactions.',
            ),
      ),
    );
    return undefined;
  }
  if (args.seen !== undefined) {
    const asked = args.chainName !== undefined ? [args.chainName] : [...(routed ?? []), ...evmOnly].map((c) => c.name);
    if (!(await confirmSecretLookUp(args.seen, asked))) return undefined;
  }
  const identity: ReceiptIdentity = { requestId: id.id };
  if (args.chainName !== undefined) identity.chainName = deps.chains.get(args.chainName)?.name ?? evmNamed?.name ?? args.chainName;
  if (block.block !== undefined) identity.block = block.block;
  return feature.open(identity);
}
