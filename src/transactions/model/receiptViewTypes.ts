// The shape of a receipt's view model, for both node generations: what the hover and the receipt
// panel show, as display strings (bigints arrive formatted, or as decimal strings to copy). Kept
// apart from the builders, which all return it, so that receiptView.ts can choose among them
// without an import cycle. Pure: types and the limits the builders cut at.
import type { RebasedReceipt } from '../../api/rebasedSchemas';
import type { Receipt } from '../../api/stardustSchemas';
import type { Generation } from '../../api/generation';
import type { AgentKind } from '../../core/agentId';
import type { Row } from '../../ui/model/view';

export type RequestKind = 'evm' | 'offLedger' | 'onLedger';

/** A validated receipt of either node generation (Stardust has no `generation` field). */
export type AnyReceipt = Receipt | RebasedReceipt;

/** Payloads above this many hex characters are cut for display (a node may send megabytes). */
export const MAX_PAYLOAD_HEX_CHARS = 1_000_000;
/** The raw JSON is cut above this many characters. */
export const MAX_RAW_JSON_CHARS = 2_000_000;
/** A failure's headline is clipped to this many characters once, here: a hover shows it as is. */
export const HEADLINE_CHARS = 300;

export interface PayloadView {
  /** Lowercase 0x-hex as received (cut past MAX_PAYLOAD_HEX_CHARS). */
  hex: string;
  byteLength: number;
  valid: boolean;
  /** UTF-8 text when the bytes are readable, invisible characters revealed. */
  text?: string;
  /** Pretty-printed JSON when the text is a JSON object or array. */
  json?: string;
  truncated?: boolean;
  /** Which view to show first: JSON, then text, then hex. */
  preferred: 'hex' | 'text' | 'json';
}

export interface AmountView {
  /** Exact decimal digits (for copying). */
  raw: string;
  /** With thousands separators ("no limit" for a gas budget of the largest uint64). */
  text: string;
  /** A gas budget of the largest uint64: the node's "no limit", not a number to compare with. */
  noLimit?: true;
}

export interface AssetsView {
  baseTokens: AmountView;
  nativeTokens: Array<{ id: string; amount: AmountView }>;
  nfts: string[];
  empty: boolean;
}

export interface NftView {
  id: string;
  issuer: string;
  /** Empty when the node sent none. */
  owner: string;
  metadata: PayloadView;
  /** IRC27 fields worth a row when the metadata is such JSON (name, uri, collectionName, ...). */
  fields: Array<{ key: string; value: string }>;
}

export interface ParamView {
  key: PayloadView;
  /** The key as a short label: its text when readable, else its hex. */
  keyLabel: string;
  value: PayloadView;
}

export interface BurnEntryView {
  code: number;
  name: string;
  gasBurned: AmountView;
  count: number;
  /** Percent of the total (0–100), for the bar width. */
  share: number;
  shareText: string;
}

export interface ReceiptErrorView {
  /** What to lead with (model/failureHeadline.ts): the decoded error, else the message's words, else the code's. */
  headline: string;
  message?: string;
  decodedRevert?: string;
  /** Custom-error revert data (0x-hex), decoded with the workspace's ABIs by src/evm at display time. */
  revertData?: string;
  /** The revert data as 0x-hex, decoded or not: shown once, as the raw error data. */
  rawData?: string;
  code?: string;
  /** The words of the code: a core code's template, a contract's error, or that it is unknown. */
  codeText?: string;
  /** `type`: the Go type the node names, or "revert data" for the parameter that carries it. */
  params: Array<{ value: string; type: string }>;
}

export interface TokenAmountView {
  /** Exact integer in the smallest unit (for copying). */
  raw: string;
  /** With thousands separators. */
  text: string;
  /** With decimals and the symbol ("1.5 IOTA") when the decimals are known. */
  decimal?: string;
}

export interface CoinView {
  /** The Move type as sent, invisible characters revealed. */
  coinType: string;
  /** "IOTA" for the base token, else the type's last segment ("TOKN"). */
  symbol: string;
  isBaseToken: boolean;
  balance: TokenAmountView;
}

export interface ObjectView {
  id: string;
  type: string;
}

export interface RebasedAssetsView {
  coins: CoinView[];
  objects: ObjectView[];
  empty: boolean;
}

export interface EvmTxView {
  type: 0 | 1 | 2;
  typeText: string;
  /** EIP-55, or undefined for a contract creation. */
  to?: string;
  creation: boolean;
  value: TokenAmountView;
  nonce: string;
  gasLimit: TokenAmountView;
  gasPrice?: TokenAmountView;
  maxFeePerGas?: TokenAmountView;
  maxPriorityFeePerGas?: TokenAmountView;
  chainId?: string;
  data: { byteLength: number; selector?: string; hex: string; truncated: boolean };
  hash: string;
  /** False when keccak256 of the signed transaction is not the request ID. */
  hashMatches: boolean;
}

/** The parts of a Rebased receipt Stardust has no counterpart for. */
export interface RebasedPartView {
  assets: RebasedAssetsView;
  allowance: RebasedAssetsView | null;
  /** Why the node could not decode the allowance (remote text). */
  allowanceError?: string;
  /** The decoded transaction of an EVM request, or why it could not be decoded. */
  evmTx?: EvmTxView;
  evmTxError?: string;
}

export type SectionId = 'receipt' | 'gas' | 'request' | 'error' | 'evmTx' | 'evmAbi' | 'evmLogs' | 'evmReceipt' | 'evmState' | 'l1Explorer' | 'gasExplained';

export interface ReceiptView {
  /** Which node generation sent it: Rebased receipts carry `rebased` instead of tokens, NFT and keyed params. */
  generation: Generation;
  requestId: string;
  failed: boolean;
  /** "Request succeeded" / "Request failed". */
  statusText: string;
  error?: ReceiptErrorView;
  /** One short line for lists (the tree's recent receipts): the call target or the error. */
  summary: string;
  blockIndex: number;
  requestIndex: number;
  kind: RequestKind;
  kindText: string;
  callTarget: { label: string; contract?: string; function?: string; hnames: string };
  sender: { raw: string; display: string; kind: AgentKind; kindText: string; checksumValid?: boolean };
  /** Stardust only ('' on Rebased: a node serves one chain). */
  targetAddress: string;
  gas: {
    budget: AmountView;
    burned: AmountView;
    /** "35.1% of the budget"; absent for a zero budget. */
    burnedShare?: string;
    fee: AmountView;
    storageDeposit: AmountView;
    requestBudget: AmountView;
    /** Rebased: the fee in IOTA with 9 decimals ("0.00021 IOTA"); the exact nanos stay in `fee`. */
    feeDecimal?: string;
  };
  /** The panel's field rows, by section. */
  sections: Array<{ id: SectionId; title: string; rows: Row[] }>;
  fungibleTokens: AssetsView | null;
  allowance: AssetsView | null;
  nft: NftView | null;
  params: ParamView[];
  burnLog: { total: AmountView; entries: BurnEntryView[] };
  /** Rebased: coins and objects, allowance, positional params, the decoded EVM transaction. */
  rebased?: RebasedPartView;
  /** Rebased EVM request: one line on the transaction for the hover. */
  evmTxLine?: string;
}

export interface FeeCheckView {
  /** true: matches the policy; false: differs; undefined: could not be checked. */
  ok: boolean | undefined;
  text: string;
}
