// [pure] The governance fields of a chain, declared once: their label and how their value is
// shown. The Chains tree, the chain info panel and the comparison of two states all read this
// table, so a field is named and formatted the same way on every surface. Values are plain text;
// remote ones (owner, metadata, URLs) are raw here: each surface reveals or escapes them.
// Both generations go through it: a Stardust state has `chainOwnerId` (Bech32), a Rebased one
// `chainAdmin` (hex agent ID); the `owner` field is labelled "Admin" for the latter.
import { describeEvmGasRatio, describeGasPerToken, feeFormulaText, validatorShareText, type FeePolicy } from './fees';
import { formatBigInt } from './format';
import type { L10n } from './l10n';

/**
 * Structural input: any object of this shape works (the API layer's parsed chain info).
 * Limits may be bigint or number (they are JSON numbers on the wire). Fee policy and limits
 * may be null: the common chain endpoint sends null for an inactive chain.
 */
export type ChainInfoState = {
  chainID: string;
  /** Stardust (Wasp 1.x). */
  chainOwnerId?: string;
  /** Rebased (Wasp 2.x): the owner's new name; `''` when the node does not know it. */
  chainAdmin?: string;
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

export type ChainInfoGroup = 'chain' | 'fees' | 'limits' | 'metadata';

export type ChainInfoFieldId =
  | 'chainID'
  | 'owner'
  | 'gasFeePolicy.gasPerToken'
  | 'gasFeePolicy.feeFormula'
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

/**
 * How a value is shown: `id` monospace and copyable, `text` one line, `multiline` keeps its
 * line breaks, `url` a link (opened only when http(s)), `figure` a value we computed (fees, limits).
 */
export type ChainInfoFieldKind = 'id' | 'text' | 'multiline' | 'url' | 'figure';

export interface ChainInfoFieldSpec {
  readonly id: ChainInfoFieldId;
  readonly group: ChainInfoGroup;
  readonly kind: ChainInfoFieldKind;
  /** With the state shown, where the name depends on the generation (Owner or Admin). */
  readonly label: (l10n: L10n, info?: ChainInfoState) => string;
  /** The field named in a sentence ("Copied the {noun}"): set on what can be copied or opened. */
  readonly noun?: (l10n: L10n, info?: ChainInfoState) => string;
  /** The value as text ('' when the node left it empty); undefined when its group is missing (inactive chain). */
  readonly value: (info: ChainInfoState, l10n: L10n) => string | undefined;
  /** Compared between two states; false for what follows from other fields (the fee formula). */
  readonly compared: boolean;
}

function limitText(v: bigint | number): string {
  return typeof v === 'bigint' ? formatBigInt(v) : Number.isSafeInteger(v) ? formatBigInt(BigInt(v)) : String(v);
}

type Limits = NonNullable<ChainInfoState['gasLimits']>;

function fee(id: ChainInfoFieldId, label: ChainInfoFieldSpec['label'], show: (p: FeePolicy, l10n: L10n) => string, compared = true): ChainInfoFieldSpec {
  return { id, group: 'fees', kind: 'figure', label, value: (s, l10n) => (s.gasFeePolicy ? show(s.gasFeePolicy, l10n) : undefined), compared };
}

function limit(id: ChainInfoFieldId, label: ChainInfoFieldSpec['label'], key: keyof Limits): ChainInfoFieldSpec {
  return { id, group: 'limits', kind: 'figure', label, value: (s) => (s.gasLimits ? limitText(s.gasLimits[key]) : undefined), compared: true };
}

type Metadata = ChainInfoState['metadata'];

function meta(
  id: ChainInfoFieldId,
  kind: ChainInfoFieldKind,
  label: ChainInfoFieldSpec['label'],
  key: keyof Metadata,
  noun?: ChainInfoFieldSpec['noun'],
): ChainInfoFieldSpec {
  return { id, group: 'metadata', kind, label, noun, value: (s) => s.metadata[key], compared: true };
}

/** Every field, in display order. */
export const CHAIN_INFO_FIELDS: readonly ChainInfoFieldSpec[] = [
  {
    id: 'chainID',
    group: 'chain',
    kind: 'id',
    label: (l10n) => l10n.t('Chain ID'),
    noun: (l10n) => l10n.t('chain ID'),
    value: (s) => s.chainID,
    compared: true,
  },
  {
    id: 'owner',
    group: 'chain',
    kind: 'id',
    label: (l10n, s) => (s && isRebasedState(s) ? l10n.t('Admin') : l10n.t('Owner')),
    noun: (l10n, s) => (s && isRebasedState(s) ? l10n.t('chain admin') : l10n.t('chain owner')),
    value: (s) => s.chainAdmin ?? s.chainOwnerId ?? '',
    compared: true,
  },
  fee(
    'gasFeePolicy.gasPerToken',
    (l10n) => l10n.t('Gas per token'),
    (p, l10n) => describeGasPerToken(p.gasPerToken, l10n),
  ),
  fee(
    'gasFeePolicy.feeFormula',
    (l10n) => l10n.t('Fee formula'),
    (p, l10n) => feeFormulaText(p, l10n),
    false,
  ),
  fee(
    'gasFeePolicy.evmGasRatio',
    (l10n) => l10n.t('EVM gas ratio'),
    (p, l10n) => describeEvmGasRatio(p.evmGasRatio, l10n),
  ),
  fee(
    'gasFeePolicy.validatorFeeShare',
    (l10n) => l10n.t('Validator fee share'),
    (p, l10n) => validatorShareText(p.validatorFeeShare, l10n),
  ),
  limit('gasLimits.maxGasPerBlock', (l10n) => l10n.t('Max gas per block'), 'maxGasPerBlock'),
  limit('gasLimits.minGasPerRequest', (l10n) => l10n.t('Min gas per request'), 'minGasPerRequest'),
  limit('gasLimits.maxGasPerRequest', (l10n) => l10n.t('Max gas per request'), 'maxGasPerRequest'),
  limit('gasLimits.maxGasExternalViewCall', (l10n) => l10n.t('Max gas per external view call'), 'maxGasExternalViewCall'),
  meta('metadata.name', 'text', (l10n) => l10n.t('Name'), 'name'),
  meta('metadata.description', 'multiline', (l10n) => l10n.t('Description'), 'description'),
  meta(
    'metadata.website',
    'url',
    (l10n) => l10n.t('Website'),
    'website',
    (l10n) => l10n.t('website'),
  ),
  meta(
    'metadata.evmJsonRpcURL',
    'url',
    (l10n) => l10n.t('EVM JSON-RPC URL'),
    'evmJsonRpcURL',
    (l10n) => l10n.t('EVM JSON-RPC URL'),
  ),
  meta(
    'metadata.evmWebSocketURL',
    'url',
    (l10n) => l10n.t('EVM WebSocket URL'),
    'evmWebSocketURL',
    (l10n) => l10n.t('EVM WebSocket URL'),
  ),
  {
    id: 'publicURL',
    group: 'chain',
    kind: 'url',
    label: (l10n) => l10n.t('Public URL'),
    noun: (l10n) => l10n.t('public URL'),
    value: (s) => s.publicURL,
    compared: true,
  },
];

/** A Rebased (Wasp 2.x) chain info: it names the owner `chainAdmin`. */
export function isRebasedState(info: ChainInfoState): boolean {
  return info.chainAdmin !== undefined && info.chainOwnerId === undefined;
}

/** The fields of a group, in display order. */
export function chainInfoFields(group: ChainInfoGroup): ChainInfoFieldSpec[] {
  return CHAIN_INFO_FIELDS.filter((f) => f.group === group);
}

export function chainInfoField(id: ChainInfoFieldId): ChainInfoFieldSpec {
  const spec = CHAIN_INFO_FIELDS.find((f) => f.id === id);
  if (!spec) throw new Error(`unknown chain info field ${id}`);
  return spec;
}

/** The title of a group of fields. */
export function chainInfoGroupTitle(group: ChainInfoGroup, l10n: L10n): string {
  switch (group) {
    case 'chain':
      return l10n.t('Chain');
    case 'fees':
      return l10n.t('Gas fee policy');
    case 'limits':
      return l10n.t('Gas limits');
    case 'metadata':
      return l10n.t('Public metadata');
  }
}
