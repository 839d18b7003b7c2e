// The commands of the Blocks list, run from its menus: the filter and "Go to block…" on the Blocks
// line; Copy Block Index, Chain Info at This Block, Compare with Latest and Open in Explorer on a
// block. Each takes the tree node VS Code passes and checks it (anything may run a command); the
// Blocks line's commands also take their answer as a second argument (tests, scripts), which
// skips the question.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { formatBigInt } from '../core/format';
import { externalUrlToOpen, notificationText } from '../core/text';
import type { BlocksModel } from './blocks';
import type { BlocksDeps } from './blocksList';
import { errorSummary } from '../ui/errors';
import type { BlockNode, BlocksNode } from './blockNodes';
import { BLOCK_FILTERS, filterName, type BlockFilter } from './model/blockFilter';
import { parseBlockIndex } from './model/goToBlock';
import type { ChainsTreeNode } from './tree';

const UINT32_MAX = 0xffffffff;

function blocksNodeOf(arg: unknown): BlocksNode | undefined {
  const o = typeof arg === 'object' && arg !== null ? (arg as Partial<BlocksNode>) : undefined;
  return o?.kind === 'blocks' && typeof o.chainName === 'string' && typeof o.id === 'string' ? (o as BlocksNode) : undefined;
}

/** A block row's chain and index, checked. */
function blockOf(arg: unknown): { chainName: string; index: number } | undefined {
  const o = typeof arg === 'object' && arg !== null ? (arg as Partial<BlockNode>) : undefined;
  const index = o?.block?.blockIndex;
  if (o?.kind !== 'block' || typeof o.chainName !== 'string' || !Number.isInteger(index) || index === undefined || index < 0 || index > UINT32_MAX)
    return undefined;
  return { chainName: o.chainName, index };
}

export function registerBlockCommands(
  deps: Pick<BlocksDeps, 'chains' | 'clients'>,
  blocks: BlocksModel,
  view: vscode.TreeView<ChainsTreeNode>,
): vscode.Disposable[] {
  const command = vscode.commands.registerCommand;
  const filter = (arg?: unknown, choice?: unknown) => chooseFilter(blocks, arg, choice);
  return [
    command(Commands.filterBlocks, filter),
    command(Commands.filterBlocksOn, filter),
    command(Commands.goToBlock, (arg?: unknown, input?: unknown) => goToBlock(blocks, view, arg, input)),
    command(Commands.copyBlockIndex, async (arg?: unknown) => {
      const b = blockOf(arg);
      if (!b) return undefined;
      await vscode.env.clipboard.writeText(String(b.index));
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the block index {0}', String(b.index)), 3000);
      return String(b.index);
    }),
    command(Commands.showBlockChainInfo, (arg?: unknown) => {
      const b = blockOf(arg);
      return b && vscode.commands.executeCommand(Commands.showChainInfo, { chainName: b.chainName, block: String(b.index) });
    }),
    command(Commands.compareBlockWithLatest, (arg?: unknown) => {
      const b = blockOf(arg);
      return b && vscode.commands.executeCommand(Commands.showChainInfo, { chainName: b.chainName, block: String(b.index), compareWith: 'latest' });
    }),
    command(Commands.openBlockInExplorer, (arg?: unknown) => openBlockInExplorer(deps, arg)),
  ];
}

/** Sets the filter of the list: the choice given, else the one picked. Resolves with the filter set. */
async function chooseFilter(blocks: BlocksModel, arg: unknown, choice: unknown): Promise<BlockFilter | undefined> {
  const node = blocksNodeOf(arg);
  if (!node) return undefined;
  let filter = BLOCK_FILTERS.find((f) => f === choice);
  if (filter === undefined) {
    const current = blocks.filter(node.chainName);
    const picked = await vscode.window.showQuickPick(
      BLOCK_FILTERS.map((f) => ({
        label: filterName(f, vscode.l10n),
        filter: f,
        picked: f === current,
        description: f === current ? vscode.l10n.t('shown now') : undefined,
      })),
      { title: vscode.l10n.t('Show which blocks?'), placeHolder: vscode.l10n.t('The loaded blocks are filtered; Load more reads older ones') },
    );
    filter = picked?.filter;
  }
  if (filter !== undefined) blocks.setFilter(node.chainName, filter);
  return filter;
}

/** Asks for a block index (checked as typed), reads that block only, and selects it. */
async function goToBlock(blocks: BlocksModel, view: vscode.TreeView<ChainsTreeNode>, arg: unknown, input: unknown): Promise<BlockNode | undefined> {
  const node = blocksNodeOf(arg);
  if (!node) return undefined;
  const latest = (await blocks.lists()).latestIndex(node.chainName);
  const typed =
    typeof input === 'string' || typeof input === 'number'
      ? String(input)
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Go to Block'),
          prompt: latest === undefined ? vscode.l10n.t('A block index') : vscode.l10n.t('A block index, 0 to {0}', formatBigInt(BigInt(latest))),
          validateInput: (v) => {
            const checked = parseBlockIndex(v, latest, vscode.l10n);
            return typeof checked === 'string' ? checked : undefined;
          },
        });
  if (typed === undefined) return undefined;
  const index = parseBlockIndex(typed, latest, vscode.l10n);
  if (typeof index === 'string') {
    void vscode.window.showWarningMessage(notificationText(index));
    return undefined;
  }
  try {
    const found = await blocks.goTo(node, index);
    if (found) await view.reveal(found, { select: true, focus: true, expand: found.block.totalRequests > 0 });
    return found;
  } catch (e) {
    void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('Block {0} could not be read: {1}', String(index), errorSummary(e))));
    return undefined;
  }
}

/** The block on the chain's explorer (the entry's explorerUrl, else the default of its EVM chain ID): `<base>/block/<index>`. */
async function openBlockInExplorer(deps: Pick<BlocksDeps, 'chains' | 'clients'>, arg: unknown): Promise<boolean> {
  const b = blockOf(arg);
  const chain = b && deps.chains.get(b.chainName);
  if (!b || !chain) return false;
  const { explorerBase } = await import('../transactions/model/explorer.js');
  let evmChainId: bigint | undefined;
  try {
    evmChainId = await deps.clients.apiFor(chain).evmChainId();
  } catch {
    // Without the node's EVM chain ID only a configured explorer is known.
  }
  const base = explorerBase(chain.explorerUrl, evmChainId);
  const url = base === undefined ? undefined : externalUrlToOpen(`${base}/block/${b.index}`);
  if (url === undefined) {
    void vscode.window.showWarningMessage(
      notificationText(vscode.l10n.t('Not opened: no explorer is known for {0} (set explorerUrl in the chain entry).', chain.name)),
    );
    return false;
  }
  // Built from a checked base and an integer, checked whole: parsed strictly, opened as is.
  return vscode.env.openExternal(vscode.Uri.parse(url, true));
}
