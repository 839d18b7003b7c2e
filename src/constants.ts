// Every id the manifest and the code share, in one place.
export const EXTENSION_ID = 'wasp-chain-explorer.wasp-chain-explorer';

export const Commands = {
  showChainInfo: 'waspChain.showChainInfo',
  showReceipt: 'waspChain.showReceipt',
  addChain: 'waspChain.addChain',
  removeChain: 'waspChain.removeChain',
  refresh: 'waspChain.refresh',
  setDefaultChain: 'waspChain.setDefaultChain',
  setToken: 'waspChain.setToken',
  signIn: 'waspChain.signIn',
  signOut: 'waspChain.signOut',
  copyChainId: 'waspChain.copyChainId',
  openPublicUrl: 'waspChain.openPublicUrl',
  openWebsite: 'waspChain.openWebsite',
  copyRequestId: 'waspChain.copyRequestId',
  openInExplorer: 'waspChain.openInExplorer',
  useNodeChain: 'waspChain.useNodeChain',
  watchRequest: 'waspChain.watchRequest',
  whyNoReceipt: 'waspChain.whyNoReceipt',
  showWatches: 'waspChain.showWatches',
  refreshBlocks: 'waspChain.refreshBlocks',
  loadMoreBlocks: 'waspChain.loadMoreBlocks',
  filterBlocks: 'waspChain.filterBlocks',
  filterBlocksOn: 'waspChain.filterBlocksOn',
  goToBlock: 'waspChain.goToBlock',
  copyBlockIndex: 'waspChain.copyBlockIndex',
  showBlockChainInfo: 'waspChain.showBlockChainInfo',
  compareBlockWithLatest: 'waspChain.compareBlockWithLatest',
  openBlockInExplorer: 'waspChain.openBlockInExplorer',
} as const;

export const Settings = {
  section: 'waspChain',
  chains: 'chains',
  defaultChain: 'defaultChain',
  hoverEnabled: 'hover.enabled',
  hoverEvmTransactions: 'hover.evmTransactions',
  addressLabels: 'addressLabels',
  timeoutMs: 'request.timeoutMs',
  maxResponseBytes: 'request.maxResponseBytes',
  maxConcurrent: 'request.maxConcurrent',
  watchTimeLimitMinutes: 'watch.timeLimitMinutes',
  maxWatches: 'watch.maxWatches',
  blocksFollowLatest: 'blocks.followLatest',
} as const;

export const Views = {
  container: 'waspChain',
  chains: 'waspChain.chains',
} as const;

export const WebviewTypes = {
  chainInfo: 'waspChain.chainInfo',
  receipt: 'waspChain.receipt',
} as const;
