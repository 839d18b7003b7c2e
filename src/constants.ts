// Every id the manifest and the code share, in one place.
export const EXTENSION_ID = 'wasp-chain-explorer.wasp-chain-explorer';

/** The debug type of the manifest's `debuggers`: Debug Transaction's sessions. */
export const DEBUG_TYPE = 'wasp-evm';

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
  lookUpHere: 'waspChain.lookUpHere',
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
  showAccount: 'waspChain.showAccount',
  pinAccount: 'waspChain.pinAccount',
  unpinAccount: 'waspChain.unpinAccount',
  openAccountInExplorer: 'waspChain.openAccountInExplorer',
  refreshAccounts: 'waspChain.refreshAccounts',
  debugTransaction: 'waspChain.debugTransaction',
} as const;

export const Settings = {
  section: 'waspChain',
  chains: 'chains',
  defaultChain: 'defaultChain',
  hoverEnabled: 'hover.enabled',
  hoverEvmTransactions: 'hover.evmTransactions',
  hoverAccounts: 'hover.accounts',
  addressLabels: 'addressLabels',
  timeoutMs: 'request.timeoutMs',
  maxResponseBytes: 'request.maxResponseBytes',
  maxConcurrent: 'request.maxConcurrent',
  watchTimeLimitMinutes: 'watch.timeLimitMinutes',
  maxWatches: 'watch.maxWatches',
  blocksFollowLatest: 'blocks.followLatest',
  debugMaxSteps: 'debug.maxSteps',
  debugMaxMemoryMB: 'debug.maxMemoryMB',
} as const;

export const Views = {
  container: 'waspChain',
  chains: 'waspChain.chains',
} as const;

export const WebviewTypes = {
  chainInfo: 'waspChain.chainInfo',
  receipt: 'waspChain.receipt',
  account: 'waspChain.account',
} as const;
