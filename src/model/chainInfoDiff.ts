// What changed between two readings of a chain's info (e.g. latest vs. an older block, or
// before vs. after a refresh), as rows the UI can list. Values are rendered to strings here
// so every view describes fees and limits the same way.
import { describeEvmGasRatio, describeGasPerToken, validatorShareText, type FeePolicy } from './fees';
import { formatBigInt } from './format';

/**
 * Structural input: any object of this shape works (the API layer's parsed chain info).
 * Limits may be bigint or number (they are JSON numbers on the wire). Fee policy and limits
 * may be null: the common chain endpoint sends null for an inactive chain.
 */
export type ChainInfoState = {
  chainID: string;
  chainOwnerId: string;
  gasFeePolicy: FeePolicy | null | undefined;
  gasLimits:
    | {
        maxGasPerBlock: bigint | number;
        minGasPerRequest: bigint | number;
        maxGasPerRequest: bigint | number;
        maxGasExternalViewCall: bigint | number;
      }
    | null
    | undefined;
  metadata: {
    name: string;
    description: string;
    website: string;
    evmJsonRpcURL: string;
    evmWebSocketURL: string;
  };
  publicURL: string;
};

export type ChainInfoField =
  | 'chainID'
  | 'owner'
  | 'gasFeePolicy.gasPerToken'
  | 'gasFeePolicy.evmGasRatio'
  | 'gasFeePolicy.validatorFeeShare'
  | 'gasLimits.maxGasPerBlock'
  | 'gasLimits.minGasPerRequest'
  | 'gasLimits.maxGasPerRequest'
  | 'gasLimits.maxGasExternalViewCall'
  | 'metadata.name'
  | 'metadata.description'
  | 'metadata.website'
  | 'metadata.evmJsonRpcURL'
  | 'metadata.evmWebSocketURL'
  | 'publicURL';

export type ChainInfoChange = {
  field: ChainInfoField;
  /** English label; the UI may localise by `field`. */
  label: string;
  /** Rendered values; remote text (metadata, URLs) is raw: display it as plain text. */
  before: string;
  after: string;
};

/** Shown for a missing fee policy / limits (inactive chain). */
const NOT_SET = '—';

function limit(v: bigint | number): string {
  return typeof v === 'bigint' ? formatBigInt(v) : Number.isSafeInteger(v) ? formatBigInt(BigInt(v)) : String(v);
}

type Row = { field: ChainInfoField; label: string; render: (s: ChainInfoState) => string };

const ROWS: readonly Row[] = [
  { field: 'chainID', label: 'Chain ID', render: (s) => s.chainID },
  { field: 'owner', label: 'Chain owner', render: (s) => s.chainOwnerId },
  {
    field: 'gasFeePolicy.gasPerToken',
    label: 'Gas per token',
    render: (s) => (s.gasFeePolicy ? describeGasPerToken(s.gasFeePolicy.gasPerToken) : NOT_SET),
  },
  {
    field: 'gasFeePolicy.evmGasRatio',
    label: 'EVM gas ratio',
    render: (s) => (s.gasFeePolicy ? describeEvmGasRatio(s.gasFeePolicy.evmGasRatio) : NOT_SET),
  },
  {
    field: 'gasFeePolicy.validatorFeeShare',
    label: 'Validator fee share',
    render: (s) => (s.gasFeePolicy ? validatorShareText(s.gasFeePolicy.validatorFeeShare) : NOT_SET),
  },
  {
    field: 'gasLimits.maxGasPerBlock',
    label: 'Max gas per block',
    render: (s) => (s.gasLimits ? limit(s.gasLimits.maxGasPerBlock) : NOT_SET),
  },
  {
    field: 'gasLimits.minGasPerRequest',
    label: 'Min gas per request',
    render: (s) => (s.gasLimits ? limit(s.gasLimits.minGasPerRequest) : NOT_SET),
  },
  {
    field: 'gasLimits.maxGasPerRequest',
    label: 'Max gas per request',
    render: (s) => (s.gasLimits ? limit(s.gasLimits.maxGasPerRequest) : NOT_SET),
  },
  {
    field: 'gasLimits.maxGasExternalViewCall',
    label: 'Max gas per external view call',
    render: (s) => (s.gasLimits ? limit(s.gasLimits.maxGasExternalViewCall) : NOT_SET),
  },
  { field: 'metadata.name', label: 'Name', render: (s) => s.metadata.name },
  { field: 'metadata.description', label: 'Description', render: (s) => s.metadata.description },
  { field: 'metadata.website', label: 'Website', render: (s) => s.metadata.website },
  { field: 'metadata.evmJsonRpcURL', label: 'EVM JSON-RPC URL', render: (s) => s.metadata.evmJsonRpcURL },
  { field: 'metadata.evmWebSocketURL', label: 'EVM WebSocket URL', render: (s) => s.metadata.evmWebSocketURL },
  { field: 'publicURL', label: 'Public URL', render: (s) => s.publicURL },
];

/**
 * Lists the fields that differ between two chain-info states, in display order. Fields are
 * compared by their rendered text, which keeps exact values (a 2:200 ratio differs from 1:100)
 * while equivalent forms of "free" ({0,0} vs {0,5}) do not produce a row that reads the same twice.
 */
export function diffChainInfo(before: ChainInfoState, after: ChainInfoState): ChainInfoChange[] {
  const changes: ChainInfoChange[] = [];
  for (const row of ROWS) {
    const b = row.render(before);
    const a = row.render(after);
    if (a !== b) {
      changes.push({ field: row.field, label: row.label, before: b, after: a });
    }
  }
  return changes;
}

