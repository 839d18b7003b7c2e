// What changed between two readings of a chain's info (e.g. latest vs. an older block, or
// before vs. after a refresh), as rows the UI can list. Values are rendered to strings here
// so every view describes fees and limits the same way.
import { describeEvmGasRatio, describeGasPerToken, validatorShareText, type FeePolicy } from '../../core/fees';
import { englishL10n, type L10n } from '../../core/l10n';
import { formatBigInt } from '../../core/format';

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

type Row = { field: ChainInfoField; label: (l10n: L10n) => string; render: (s: ChainInfoState, l10n: L10n) => string };

const ROWS: readonly Row[] = [
  { field: 'chainID', label: (l10n) => l10n.t('Chain ID'), render: (s) => s.chainID },
  { field: 'owner', label: (l10n) => l10n.t('Chain owner'), render: (s) => s.chainOwnerId },
  {
    field: 'gasFeePolicy.gasPerToken',
    label: (l10n) => l10n.t('Gas per token'),
    render: (s, l10n) => (s.gasFeePolicy ? describeGasPerToken(s.gasFeePolicy.gasPerToken, l10n) : NOT_SET),
  },
  {
    field: 'gasFeePolicy.evmGasRatio',
    label: (l10n) => l10n.t('EVM gas ratio'),
    render: (s, l10n) => (s.gasFeePolicy ? describeEvmGasRatio(s.gasFeePolicy.evmGasRatio, l10n) : NOT_SET),
  },
  {
    field: 'gasFeePolicy.validatorFeeShare',
    label: (l10n) => l10n.t('Validator fee share'),
    render: (s, l10n) => (s.gasFeePolicy ? validatorShareText(s.gasFeePolicy.validatorFeeShare, l10n) : NOT_SET),
  },
  {
    field: 'gasLimits.maxGasPerBlock',
    label: (l10n) => l10n.t('Max gas per block'),
    render: (s) => (s.gasLimits ? limit(s.gasLimits.maxGasPerBlock) : NOT_SET),
  },
  {
    field: 'gasLimits.minGasPerRequest',
    label: (l10n) => l10n.t('Min gas per request'),
    render: (s) => (s.gasLimits ? limit(s.gasLimits.minGasPerRequest) : NOT_SET),
  },
  {
    field: 'gasLimits.maxGasPerRequest',
    label: (l10n) => l10n.t('Max gas per request'),
    render: (s) => (s.gasLimits ? limit(s.gasLimits.maxGasPerRequest) : NOT_SET),
  },
  {
    field: 'gasLimits.maxGasExternalViewCall',
    label: (l10n) => l10n.t('Max gas per external view call'),
    render: (s) => (s.gasLimits ? limit(s.gasLimits.maxGasExternalViewCall) : NOT_SET),
  },
  { field: 'metadata.name', label: (l10n) => l10n.t('Name'), render: (s) => s.metadata.name },
  { field: 'metadata.description', label: (l10n) => l10n.t('Description'), render: (s) => s.metadata.description },
  { field: 'metadata.website', label: (l10n) => l10n.t('Website'), render: (s) => s.metadata.website },
  { field: 'metadata.evmJsonRpcURL', label: (l10n) => l10n.t('EVM JSON-RPC URL'), render: (s) => s.metadata.evmJsonRpcURL },
  { field: 'metadata.evmWebSocketURL', label: (l10n) => l10n.t('EVM WebSocket URL'), render: (s) => s.metadata.evmWebSocketURL },
  { field: 'publicURL', label: (l10n) => l10n.t('Public URL'), render: (s) => s.publicURL },
];

/**
 * Lists the fields that differ between two chain-info states, in display order. Fields are
 * compared by their rendered text, which keeps exact values (a 2:200 ratio differs from 1:100)
 * while equivalent forms of "free" ({0,0} vs {0,5}) do not produce a row that reads the same twice.
 */
export function diffChainInfo(before: ChainInfoState, after: ChainInfoState, l10n: L10n = englishL10n): ChainInfoChange[] {
  const changes: ChainInfoChange[] = [];
  for (const row of ROWS) {
    const b = row.render(before, l10n);
    const a = row.render(after, l10n);
    if (a !== b) {
      changes.push({ field: row.field, label: row.label(l10n), before: b, after: a });
    }
  }
  return changes;
}

