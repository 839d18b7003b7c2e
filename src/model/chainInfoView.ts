// The chain info panel's view model: what a node said about a chain (governance chain info,
// plus the general `GET /v1/chains/{id}` answer when the node offers it) turned into rows of
// display strings, computed once here so the webview only places text. JSON-safe throughout:
// bigints never reach the webview, they arrive already formatted.
// Remote text (names, URLs, IDs) passes through revealInvisible: bidi and zero-width characters
// must not be able to spoof an ID or a link label.
import type { ErrorView } from '../shared/protocol';
import { parseAgentId, type AgentId } from './agentId';
import { diffChainInfo, type ChainInfoState } from './chainInfoDiff';
import { describeEvmGasRatio, describeGasPerToken, feeForGas, feeFormulaText, isFreeGas, validatorShareText, type FeePolicy } from './fees';
import { formatBigInt, shortId } from './format';
import { revealInvisible } from './hex';

/** The general chain information of `GET /v1/chains/{chainID}` (structural: the API's ChainInfoResponse fits). */
export type GeneralChainInfo = ChainInfoState & { isActive: boolean; evmChainId: number };

export interface ChainInfoViewInput {
  /** The configured chain's name (settings). */
  chainName: string;
  /** The configured node URL (already free of credentials). */
  nodeUrl: string;
  /** The configured chain ID; a node answering for another chain is flagged. */
  configuredChainId: string;
  /** The state asked for: undefined = latest, a block index, or a trie root (normalised). */
  block: string | undefined;
  /** `.../core/governance/chaininfo` at that state; undefined when only the general info could be read. */
  governance: ChainInfoState | undefined;
  /** Why the governance info is missing (shown when the view falls back to the general info). */
  governanceUnavailable?: string;
  /** `GET /v1/chains/{id}` (always the latest state). */
  general: GeneralChainInfo | undefined;
  /** Why the general info is missing, e.g. "Not found (404)" on a node without that route. */
  generalUnavailable?: string;
  /** When the answer was read, already formatted for display. */
  fetchedAt?: string;
}

export interface ChainInfoRow {
  /** A stable key (tests, styling, and the diff's field names where they match). */
  field: string;
  label: string;
  /** Display text; remote text has invisible characters revealed. */
  value: string;
  /** A muted explanation after the value. */
  detail?: string;
  /** Monospace (IDs, URLs, numbers to copy). */
  mono?: boolean;
  /** Offer a Copy button for this exact text (the raw value, not the revealed one). */
  copy?: { text: string; what: string };
  /** The value is a URL: `web` ones get an Open button (the host checks the scheme again). */
  link?: { url: string; web: boolean };
  /** The value is a placeholder ("not set"). */
  empty?: boolean;
}

export interface ChainInfoSection {
  id: 'state' | 'chain' | 'fees' | 'limits' | 'metadata';
  title: string;
  rows: ChainInfoRow[];
  /** A muted line under the title. */
  note?: string;
}

export interface ChainInfoNotice {
  level: 'info' | 'warning';
  text: string;
}

export interface ChainInfoView {
  /** The chain's public name when it has one, else the configured name. */
  title: string;
  /** "IOTA · latest state" */
  subtitle: string;
  stateLabel: string;
  notices: ChainInfoNotice[];
  sections: ChainInfoSection[];
}

export interface ChainInfoComparisonRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface ChainInfoComparison {
  /** Label of the older (or the panel's own) state: the "before" column. */
  beforeLabel: string;
  afterLabel: string;
  rows: ChainInfoComparisonRow[];
  summary: string;
}

/** Buttons a chain-info error can offer beyond the shared ErrorView actions. */
export type ChainInfoErrorExtra = 'pickBlock' | 'openLatest';

export type ChainInfoErrorState = ErrorView & {
  /** What was being done, e.g. "Reading the chain info of IOTA (block 5) from http://…". */
  context: string;
  extras: ChainInfoErrorExtra[];
};

/** The whole state of a chain info panel, as the webview renders and persists it. */
export interface ChainInfoPanelState {
  /** What the panel shows; the only part the serializer keeps after a reload. */
  identity: ChainInfoIdentity;
  heading: string;
  stateLabel: string;
  view?: ChainInfoView;
  error?: ChainInfoErrorState;
  compare?: { label: string; comparison?: ChainInfoComparison; error?: ChainInfoErrorState };
}

export interface ChainInfoIdentity {
  chainName: string;
  /** Undefined = latest; otherwise as asked (normalised when valid). */
  block?: string;
}

/** Actions only the chain info panel knows (the shared ones are in protocol.ts). */
export type ChainInfoAction =
  | { kind: 'pickBlock' }
  | { kind: 'openLatest' }
  | { kind: 'compare' }
  | { kind: 'clearCompare' }
  | { kind: 'copyJson' }
  | { kind: 'openRawJson' }
  | { kind: 'errorAction'; command: 'setToken' | 'signIn' | 'openSettings' };

const NOT_SET = 'not set';
const TRIE_ROOT = /^0x[0-9a-fA-F]{40}$/;
const BLOCK_INDEX = /^[0-9]{1,10}$/;

/** "latest state", "block 2483105", "trie root 0x9805…a906"; anything else is shown as given (revealed). */
export function describeState(block: string | undefined): string {
  if (block === undefined || block === '') return 'latest state';
  if (BLOCK_INDEX.test(block)) return `block ${block}`;
  if (TRIE_ROOT.test(block)) return `trie root ${block.toLowerCase()}`;
  return `block "${revealInvisible(shortId(block, 24, 8))}"`;
}

/** The state in a sentence: "the latest state", "block 2483105", "trie root 0x…". */
export function stateInProse(block: string | undefined): string {
  const d = describeState(block);
  return block === undefined || block === '' ? `the ${d}` : d;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function limitText(v: bigint | number): string {
  return typeof v === 'bigint' ? formatBigInt(v) : Number.isSafeInteger(v) ? formatBigInt(BigInt(v)) : String(v);
}

function toBigInt(v: bigint | number): bigint {
  return typeof v === 'bigint' ? v : Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : 0n;
}

function tokensText(n: bigint): string {
  return `${formatBigInt(n)} base token${n === 1n ? '' : 's'}`;
}

function agentKindText(agent: AgentId): string {
  switch (agent.kind) {
    case 'address':
      return 'an Ed25519 address (a single key)';
    case 'alias':
      return 'an alias address (e.g. a multisig or a committee)';
    case 'nft':
      return 'an NFT address';
    case 'evm':
      return `an EVM account on chain ${agent.chainId ?? '?'}`;
    case 'contract':
      return `contract ${agent.contractName ?? agent.hname ?? '?'} on chain ${agent.chainId ?? '?'}`;
    case 'nil':
      return 'no owner';
    case 'unknown':
      return 'an agent ID in an unrecognised format';
  }
}

/** A URL row: http(s) ones can be opened, ws(s) ones are text to copy, others are flagged. */
function urlRow(field: string, label: string, raw: string, what: string): ChainInfoRow {
  const url = raw.trim();
  if (url === '') return { field, label, value: NOT_SET, empty: true };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const row: ChainInfoRow = { field, label, value: revealInvisible(url), mono: true, copy: { text: url, what } };
  if (scheme === 'http' || scheme === 'https') row.link = { url, web: true };
  else if (scheme === 'ws' || scheme === 'wss') row.detail = 'WebSocket endpoint: copy it into your wallet or tool';
  else row.detail = 'not an http(s) link: it is not opened';
  return row;
}

function textRow(field: string, label: string, raw: string, multiline = false): ChainInfoRow {
  if (raw.trim() === '') return { field, label, value: NOT_SET, empty: true };
  return { field, label, value: revealInvisible(raw, { keepWhitespace: multiline }) };
}

function feeRows(policy: FeePolicy | null | undefined, limits: ChainInfoState['gasLimits']): ChainInfoRow[] {
  if (!policy) {
    return [{ field: 'gasFeePolicy', label: 'Fee policy', value: 'not available', detail: 'the node sends no fee policy for an inactive chain', empty: true }];
  }
  const g = policy.gasPerToken;
  const free = isFreeGas(g);
  const rows: ChainInfoRow[] = [
    {
      field: 'gasFeePolicy.gasPerToken',
      label: 'Gas per token',
      value: describeGasPerToken(g),
      detail: `ratio ${g.a}:${g.b}${free ? '' : ' (a:b, a gas costs b base tokens)'}`,
    },
    { field: 'gasFeePolicy.feeFormula', label: 'Fee formula', value: feeFormulaText(policy), mono: true, detail: free ? undefined : 'gas burned, rounded up to whole base tokens' },
  ];
  if (!free && limits) {
    const min = toBigInt(limits.minGasPerRequest);
    const max = toBigInt(limits.maxGasPerRequest);
    rows.push({
      field: 'gasFeePolicy.examples',
      label: 'Fee examples',
      value: `${formatBigInt(min)} gas (minimum per request) → ${tokensText(feeForGas(min, g))}; ${formatBigInt(max)} gas (maximum per request) → ${tokensText(feeForGas(max, g))}`,
    });
  }
  const share = policy.validatorFeeShare;
  const applied = Math.min(100, Math.max(0, Number.isFinite(share) ? Math.floor(share) : 0));
  rows.push(
    {
      field: 'gasFeePolicy.evmGasRatio',
      label: 'EVM gas ratio',
      value: describeEvmGasRatio(policy.evmGasRatio),
      detail: `ratio ${policy.evmGasRatio.a}:${policy.evmGasRatio.b}; ISC gas = ceil(EVM gas × ${policy.evmGasRatio.a} / ${policy.evmGasRatio.b})`,
    },
    {
      field: 'gasFeePolicy.validatorFeeShare',
      label: 'Validator fee share',
      value: validatorShareText(share),
      detail: `${applied}% of each fee goes to the validators, ${100 - applied}% to the chain owner`,
    },
  );
  return rows;
}

function limitRows(limits: ChainInfoState['gasLimits']): ChainInfoRow[] {
  if (!limits) {
    return [{ field: 'gasLimits', label: 'Gas limits', value: 'not available', detail: 'the node sends no gas limits for an inactive chain', empty: true }];
  }
  return [
    { field: 'gasLimits.maxGasPerBlock', label: 'Max gas per block', value: limitText(limits.maxGasPerBlock) },
    { field: 'gasLimits.minGasPerRequest', label: 'Min gas per request', value: limitText(limits.minGasPerRequest), detail: 'every request is charged at least this much gas' },
    { field: 'gasLimits.maxGasPerRequest', label: 'Max gas per request', value: limitText(limits.maxGasPerRequest) },
    { field: 'gasLimits.maxGasExternalViewCall', label: 'Max gas per external view call', value: limitText(limits.maxGasExternalViewCall) },
  ];
}

/** Builds the panel's view of a chain. Needs the governance info or the general info (or both). */
export function buildChainInfoView(input: ChainInfoViewInput): ChainInfoView {
  const info: ChainInfoState | undefined = input.governance ?? input.general;
  if (!info) throw new Error('buildChainInfoView needs the governance or the general chain info');
  const stateLabel = describeState(input.block);
  const notices: ChainInfoNotice[] = [];
  const chainName = revealInvisible(input.chainName);

  if (!input.governance) {
    notices.push({
      level: 'warning',
      text: input.general && !input.general.isActive
        ? `The chain is not active on this node: its governance state cannot be read, so this shows the node's general information${input.governanceUnavailable ? ` (${input.governanceUnavailable})` : ''}.`
        : `The governance state could not be read${input.governanceUnavailable ? ` (${input.governanceUnavailable})` : ''}: this shows the node's general information.`,
    });
  } else if (input.general && !input.general.isActive) {
    notices.push({ level: 'warning', text: 'The node reports this chain as not active (it is not running on this node).' });
  }
  const answered = info.chainID.trim().toLowerCase();
  if (answered !== input.configuredChainId.trim().toLowerCase()) {
    notices.push({
      level: 'warning',
      text: `The node answered for chain ${revealInvisible(info.chainID)}, not for the configured ${input.configuredChainId}: check the chain's settings (or the node).`,
    });
  }

  const stateRows: ChainInfoRow[] = [
    {
      field: 'state',
      label: 'Read at',
      value: capitalise(stateLabel),
      mono: input.block !== undefined,
      detail: input.block === undefined ? 'the node\'s current state' : 'a past state of the chain',
      copy: input.block === undefined ? undefined : { text: input.block, what: 'block' },
    },
    { field: 'node', label: 'Node', value: revealInvisible(input.nodeUrl), mono: true },
  ];
  if (input.fetchedAt) stateRows.push({ field: 'fetchedAt', label: 'Fetched', value: input.fetchedAt });

  const owner = parseAgentId(info.chainOwnerId);
  const chainRows: ChainInfoRow[] = [
    { field: 'chainID', label: 'Chain ID', value: revealInvisible(info.chainID), mono: true, copy: { text: info.chainID, what: 'chain ID' } },
    {
      field: 'owner',
      label: 'Chain owner',
      value: revealInvisible(info.chainOwnerId.trim() === '' ? NOT_SET : info.chainOwnerId),
      mono: true,
      detail: revealInvisible(agentKindText(owner)),
      copy: info.chainOwnerId.trim() === '' ? undefined : { text: info.chainOwnerId, what: 'chain owner' },
    },
  ];
  if (input.general) {
    const latestNote = input.block === undefined ? undefined : 'now (the general information is always the latest state)';
    chainRows.push(
      { field: 'isActive', label: 'Active', value: input.general.isActive ? 'yes' : 'no', detail: latestNote },
      { field: 'evmChainId', label: 'EVM chain ID', value: String(input.general.evmChainId), mono: true, detail: `0x${input.general.evmChainId.toString(16)}`, copy: { text: String(input.general.evmChainId), what: 'EVM chain ID' } },
    );
  } else {
    chainRows.push({
      field: 'general',
      label: 'Active, EVM chain ID',
      value: 'unavailable',
      empty: true,
      detail: `the node did not give its general chain information${input.generalUnavailable ? `: ${revealInvisible(input.generalUnavailable)}` : ''}`,
    });
  }
  chainRows.push(urlRow('publicURL', 'Public URL', info.publicURL, 'public URL'));

  const m = info.metadata;
  const metadataRows: ChainInfoRow[] = [
    textRow('metadata.name', 'Name', m.name),
    textRow('metadata.description', 'Description', m.description, true),
    urlRow('metadata.website', 'Website', m.website, 'website'),
    urlRow('metadata.evmJsonRpcURL', 'EVM JSON-RPC URL', m.evmJsonRpcURL, 'EVM JSON-RPC URL'),
    urlRow('metadata.evmWebSocketURL', 'EVM WebSocket URL', m.evmWebSocketURL, 'EVM WebSocket URL'),
  ];

  const title = m.name.trim() !== '' ? revealInvisible(m.name) : chainName;
  const sections: ChainInfoSection[] = [
    { id: 'state', title: 'State', rows: stateRows },
    { id: 'chain', title: 'Chain', rows: chainRows },
    { id: 'fees', title: 'Gas fee policy', rows: feeRows(info.gasFeePolicy, info.gasLimits) },
    { id: 'limits', title: 'Gas limits', rows: limitRows(info.gasLimits), note: 'in gas units' },
    { id: 'metadata', title: 'Public metadata', rows: metadataRows },
  ];
  return { title, subtitle: `${chainName} · ${stateLabel}`, stateLabel, notices, sections: sections.map((s) => ({ ...s, rows: s.rows.map(withoutUndefined) })) };
}

/** Optional fields left out rather than set to undefined: the state is compared and persisted as JSON. */
function withoutUndefined(row: ChainInfoRow): ChainInfoRow {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as unknown as ChainInfoRow;
}

/** True when state `a` is known to be older than state `b` (latest is newest; trie roots have no known order). */
function isOlder(a: string | undefined, b: string | undefined): boolean {
  if (a === b) return false;
  if (b === undefined) return a !== undefined;
  if (a === undefined) return false;
  return BLOCK_INDEX.test(a) && BLOCK_INDEX.test(b) && Number(a) < Number(b);
}

/**
 * What changed between two states of a chain: the panel's own state and another one. The older
 * state (when known) is the "before" column, so the rows read as history.
 */
export function buildComparison(
  own: { block: string | undefined; info: ChainInfoState },
  other: { block: string | undefined; info: ChainInfoState },
): ChainInfoComparison {
  const [before, after] = isOlder(other.block, own.block) ? [other, own] : [own, other];
  const beforeLabel = capitalise(describeState(before.block));
  const afterLabel = capitalise(describeState(after.block));
  const rows = diffChainInfo(before.info, after.info).map((c) => ({
    field: c.field,
    label: c.label,
    before: c.before === '' ? NOT_SET : revealInvisible(c.before),
    after: c.after === '' ? NOT_SET : revealInvisible(c.after),
  }));
  const between = `${stateInProse(before.block)} and ${stateInProse(after.block)}`;
  const summary =
    own.block === other.block
      ? `Both sides are ${stateInProse(own.block)}: nothing to compare.`
      : rows.length === 0
        ? `No changes between ${between}: owner, fee policy, limits and metadata are the same.`
        : `${rows.length} field${rows.length === 1 ? '' : 's'} changed between ${between}.`;
  return { beforeLabel, afterLabel, rows, summary };
}

/** A copy of a value the JSON way, with bigints as decimal strings (for "Copy as JSON"). */
export function toJsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toJsonSafe);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJsonSafe(v);
    return out;
  }
  return value;
}

/** The "Copy as JSON" text: what the panel shows, with bigints as strings. */
export function chainInfoJson(input: {
  chainName: string;
  nodeUrl: string;
  block: string | undefined;
  governance: ChainInfoState | undefined;
  general: GeneralChainInfo | undefined;
}): string {
  return JSON.stringify(
    toJsonSafe({
      chain: input.chainName,
      nodeUrl: input.nodeUrl,
      state: input.block ?? 'latest',
      chainInfo: input.governance ?? null,
      general: input.general ?? null,
    }),
    null,
    2,
  );
}
