// What the receipt panel and its webview exchange: the panel's state, its actions and its
// words. Pure: the host builds the labels with vscode.l10n, the webview only reads them.
import type { L10n } from '../core/l10n';
import { revealInvisible } from '../core/text';
import { commonLabels, type CommonLabels } from '../ui/protocol';
import { excerpt, type ErrorView, type Excerpt, type Row } from '../ui/model/view';
import type { FeeCheckView, NftView, PayloadView, ReceiptView } from '../transactions/model/receiptView';
import type { ChainLogSection } from '../transactions/model/chainLogView';
import type { CallTreeState } from '../transactions/model/callTree';

/** Characters of each payload form the webview gets before "Show all". */
export const PAYLOAD_EXCERPT = 1_000;
/** Characters of the raw JSON the webview gets before "Show all". */
export const RAW_JSON_EXCERPT = 20_000;
/** Characters of a param key's hex (a tooltip). */
const KEY_HEX_CHARS = 200;

export interface ReceiptIdentity {
  requestId: string;
  /** The chain's name in our settings; absent: the lookup order decides. */
  chainName?: string;
  /** A block index or trie root; absent: latest state. */
  block?: string;
}

export type ReceiptPanelState =
  | { status: 'loading'; identity: ReceiptIdentity; title: string; message: string; labels: ReceiptPanelLabels }
  | { status: 'error'; identity: ReceiptIdentity; title: string; error: ErrorView; labels: ReceiptPanelLabels }
  | {
      status: 'ok';
      identity: ReceiptIdentity & { chainName: string };
      title: string;
      /** "on IOTA EVM (latest state)" */
      subtitle: string;
      view: ReceiptDisplay;
      fee: FeeCheckView;
      labels: ReceiptPanelLabels;
      /** The request's block and events, once read (a second request each, after the receipt). */
      chainLog?: ChainLogSection[];
      /** An EVM request's call tree: offered, being asked, failed or shown. */
      callTree?: CallTreeState;
      /** Debug Transaction is offered: an EVM request on a chain that can serve a replay. */
      debuggable?: boolean;
    }
  | {
      /** A bare EVM transaction, as a chain's EVM JSON-RPC alone answers it: its EVM side, no ISC receipt. */
      status: 'evmTransaction';
      identity: ReceiptIdentity & { chainName: string };
      title: string;
      subtitle: string;
      /** Undefined when the JSON-RPC sends no status. */
      failed: boolean | undefined;
      statusText: string;
      /** The revert in words, when anything says it. */
      headline?: string;
      /** What the panel cannot show without the chain's web API, and how to add it (said once). */
      note: string;
      sections: Array<{ id: string; title: string; rows: Row[] }>;
      callTree?: CallTreeState;
      /** Debug Transaction is offered: the chain can serve a replay. */
      debuggable?: boolean;
      labels: ReceiptPanelLabels;
    };

/** Actions only the receipt panel knows (the shared ones are in webviews/protocol.ts). */
export type ReceiptAction =
  | { kind: 'showChainInfo' }
  | { kind: 'openJson' }
  | { kind: 'loadEvmLogs' }
  | { kind: 'loadStateChanges' }
  | { kind: 'loadCallTree' }
  | { kind: 'copyCallTree' }
  /** Debug Transaction on the panel's EVM transaction; `frame`: a call tree frame's call-order index ("Debug from here"). */
  | { kind: 'debugTransaction'; frame?: number }
  | { kind: 'showAccount'; who: 'sender' | 'recipient' };

/** The panel's own words (buttons, table heads): the webview has no l10n of its own. */
export interface ReceiptPanelLabels extends CommonLabels {
  copyRequestId: string;
  refresh: string;
  openJson: string;
  showChainInfo: string;
  hex: string;
  text: string;
  json: string;
  none: string;
  burnCode: string;
  gas: string;
  share: string;
  records: string;
  key: string;
  value: string;
  id: string;
  amount: string;
  baseTokens: string;
  nativeTokens: string;
  nfts: string;
  issuer: string;
  owner: string;
  metadata: string;
  fungibleTokens: string;
  allowance: string;
  nft: string;
  params: string;
  burnLog: string;
  burnLogEmpty: string;
  burnLogChart: string;
  errorParams: string;
  rawJson: string;
  feePolicy: string;
  bytes: string;
  truncated: string;
  payloadView: string;
  /** Rebased: the request's coins and objects. */
  assetsSent: string;
  coins: string;
  objects: string;
  coinType: string;
  balance: string;
  objectType: string;
  allowanceError: string;
  /** EVM receipts: asks the chain's JSON-RPC for the logs (src/evm). */
  loadEvmLogs: string;
  /** EVM receipts on Wasp 2: asks the chain's JSON-RPC for the state changes (the prestateTracer). */
  loadStateChanges: string;
  /** The sender's and the called contract's L2 accounts (Chain: Show Account). */
  senderAccount: string;
  recipientAccount: string;
  /** The summary of a decoded revert's raw message and parameters (folded). */
  rawError: string;
  /** Steps through the EVM transaction in VS Code's debugger (the command Debug Transaction). */
  debugTransaction: string;
  /** The call tree section (its button names the host asked). */
  callTree: CallTreeLabels;
}

export interface CallTreeLabels {
  title: string;
  from: string;
  to: string;
  abi: string;
  load: string;
  loading: string;
  search: string;
  noMatch: string;
  copyJson: string;
  revertBegan: string;
  native: string;
  value: string;
  gasUsed: string;
  returned: string;
  logs: string;
  moreLogs: string;
  matches: string;
  debugFromHere: string;
}

function callTreeLabels(l10n: L10n, host: string | undefined): CallTreeLabels {
  return {
    title: l10n.t('Call tree'),
    from: l10n.t('from'),
    to: l10n.t('to'),
    abi: l10n.t('ABI'),
    load: host === undefined ? l10n.t('Show Call Tree') : l10n.t('Show Call Tree from {0}', host),
    loading: host === undefined ? l10n.t('Asking for the call tree…') : l10n.t('Asking {0} for the call tree…', host),
    search: l10n.t('Find a call by name or address'),
    noMatch: l10n.t('No call matches.'),
    copyJson: l10n.t('Copy as JSON'),
    revertBegan: l10n.t('the revert began here'),
    native: l10n.t('runs natively in the node (its ISC gas is not in the EVM gas)'),
    value: l10n.t('value (wei)'),
    gasUsed: l10n.t('gas used'),
    returned: l10n.t('returned'),
    logs: l10n.t('logs'),
    moreLogs: l10n.t('{0} more logs not shown'),
    matches: l10n.t('{0} calls match'),
    debugFromHere: l10n.t('Debug from Here'),
  };
}

export function receiptPanelLabels(l10n: L10n, rpcHost?: string): ReceiptPanelLabels {
  return {
    ...commonLabels(l10n),
    callTree: callTreeLabels(l10n, rpcHost),
    copyRequestId: l10n.t('Copy Request ID'),
    refresh: l10n.t('Refresh'),
    debugTransaction: l10n.t('Debug Transaction'),
    loadEvmLogs: rpcHost === undefined ? l10n.t('Load EVM Logs') : l10n.t('Load EVM Logs from {0}', rpcHost),
    senderAccount: l10n.t('Sender\u2019s Account'),
    recipientAccount: l10n.t('Recipient\u2019s Account'),
    loadStateChanges: rpcHost === undefined ? l10n.t('Show State Changes') : l10n.t('Show State Changes from {0}', rpcHost),
    openJson: l10n.t('Open as JSON'),
    showChainInfo: l10n.t('Chain Info at This Block'),
    hex: l10n.t('Hex'),
    text: l10n.t('Text'),
    json: l10n.t('JSON'),
    none: l10n.t('none'),
    burnCode: l10n.t('Burn code'),
    gas: l10n.t('Gas'),
    share: l10n.t('Share'),
    records: l10n.t('Records'),
    key: l10n.t('Key'),
    value: l10n.t('Value'),
    id: l10n.t('ID'),
    amount: l10n.t('Amount'),
    baseTokens: l10n.t('Base tokens'),
    nativeTokens: l10n.t('Native tokens'),
    nfts: l10n.t('NFTs'),
    issuer: l10n.t('Issuer'),
    owner: l10n.t('Owner'),
    metadata: l10n.t('Metadata'),
    fungibleTokens: l10n.t('Fungible tokens sent'),
    allowance: l10n.t('Allowance'),
    nft: l10n.t('NFT'),
    params: l10n.t('Parameters'),
    burnLog: l10n.t('Gas burn log'),
    burnLogEmpty: l10n.t('No gas burn log: the node keeps it only for gas estimation, not in stored receipts.'),
    burnLogChart: l10n.t('Gas burned per burn code'),
    errorParams: l10n.t('Error parameters'),
    rawJson: l10n.t('Receipt as JSON'),
    feePolicy: l10n.t('Fee policy'),
    bytes: l10n.t('bytes'),
    truncated: l10n.t('(cut for display)'),
    payloadView: l10n.t('Show as'),
    assetsSent: l10n.t('Assets sent'),
    coins: l10n.t('Coins'),
    objects: l10n.t('Objects'),
    coinType: l10n.t('Coin type'),
    balance: l10n.t('Balance'),
    objectType: l10n.t('Type'),
    allowanceError: l10n.t('The node could not decode the allowance'),
    rawError: l10n.t('Raw error data'),
  };
}

/** A payload as the webview gets it: each form an excerpt of the view model's text. */
export interface PayloadDisplay {
  hex: Excerpt;
  text?: Excerpt;
  json?: Excerpt;
  byteLength: number;
  truncated?: boolean;
  preferred: PayloadView['preferred'];
}

/** The receipt's view with its long texts as excerpts: what a state carries (a receipt may hold megabytes). */
export interface ReceiptDisplay extends Omit<ReceiptView, 'params' | 'nft' | 'rawJson'> {
  params: Array<{ keyLabel: string; keyHex: string; value: PayloadDisplay }>;
  nft: (Omit<NftView, 'metadata'> & { metadata: PayloadDisplay }) | null;
  rawJson: Excerpt;
}

/** The display of a view and the receipt's raw JSON, and the whole texts behind its excerpts by key (kept on the host). */
export function receiptDisplay(view: ReceiptView & { rawJson: string }): { display: ReceiptDisplay; texts: Map<string, string> } {
  const texts = new Map<string, string>();
  const cut = (key: string, text: string, limit: number): Excerpt => {
    if (text.length > limit) texts.set(key, text);
    return excerpt(key, text, limit);
  };
  const payload = (key: string, p: PayloadView): PayloadDisplay => {
    const d: PayloadDisplay = { hex: cut(`${key}.hex`, p.hex, PAYLOAD_EXCERPT), byteLength: p.byteLength, preferred: p.preferred };
    if (p.text !== undefined) d.text = cut(`${key}.text`, p.text, PAYLOAD_EXCERPT);
    if (p.json !== undefined) d.json = cut(`${key}.json`, p.json, PAYLOAD_EXCERPT);
    if (p.truncated) d.truncated = true;
    return d;
  };
  const { params, nft, rawJson, ...rest } = view;
  const display: ReceiptDisplay = {
    ...rest,
    params: params.map((p, i) => ({ keyLabel: p.keyLabel, keyHex: p.key.hex.slice(0, KEY_HEX_CHARS), value: payload(`param.${i}`, p.value) })),
    nft: nft ? { ...nft, metadata: payload('nft', nft.metadata) } : null,
    // The node's own bytes (service.ts): bidi and zero-width characters in them are revealed here.
    rawJson: cut('rawJson', revealInvisible(rawJson, { keepWhitespace: true }), RAW_JSON_EXCERPT),
  };
  return { display, texts };
}
