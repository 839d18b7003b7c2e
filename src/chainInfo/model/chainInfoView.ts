// The chain info panel's view model: what a node said about a chain (governance chain info,
// plus the general `GET /v1/chains/{id}` answer when the node offers it) turned into rows of
// display strings, computed once here so the webview only places text. JSON-safe throughout:
// bigints never reach the webview, they arrive already formatted.
// Remote text (names, URLs, IDs) passes through revealInvisible: bidi and zero-width characters
// must not be able to spoof an ID or a link label.
import type { Row } from '../../ui/model/view';
import { parseAgentId, type AgentId } from '../../core/agentId';
import type { ChainInfoState } from '../../core/chainInfoFields';
import { diffChainInfo } from './chainInfoDiff';
import { chainInfoField, chainInfoFields, chainInfoGroupTitle, isRebasedState, type ChainInfoFieldId } from '../../core/chainInfoFields';
import { feeForGas, isFreeGas } from '../../core/fees';
import { formatBigInt, formatHname, formatTime, type TimeStyle } from '../../core/format';
import { isSafeExternalUrl, revealInvisible } from '../../core/text';
import { englishL10n, type L10n } from '../../core/l10n';
import { BLOCK_INDEX, describeState, stateInProse } from '../../ui/model/blockState';
import { HEX40, HEX64 } from '../../core/idShapes';

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
  /** When the answer was read (ms since the epoch). */
  fetchedAt?: number;
  /** The editor's locale (and, in tests, a fixed zone) the fetch time is shown in. */
  timeStyle?: TimeStyle;
}

/** A row of the panel: the one Row shape both panels render. */
type ChainInfoRow = Row;

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

/** The placeholder of an empty value. */
const notSet = (l10n: L10n): string => l10n.t('not set');
function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function toBigInt(v: bigint | number): bigint {
  return typeof v === 'bigint' ? v : Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : 0n;
}

function tokensText(n: bigint, l10n: L10n): string {
  return n === 1n ? l10n.t('{0} base token', formatBigInt(n)) : l10n.t('{0} base tokens', formatBigInt(n));
}

function agentKindText(agent: AgentId, l10n: L10n): string {
  switch (agent.kind) {
    case 'address':
      return l10n.t('an Ed25519 address (a single key)');
    case 'alias':
      return l10n.t('an alias address (e.g. a multisig or a committee)');
    case 'nft':
      return l10n.t('an NFT address');
    case 'evm':
      return l10n.t('an EVM account on chain {0}', agent.chainId ?? '?');
    case 'contract':
      return l10n.t('contract {0} on chain {1}', agent.contractName ?? agent.hname ?? '?', agent.chainId ?? '?');
    case 'nil':
      return l10n.t('no owner');
    case 'unknown':
      return l10n.t('an agent ID in an unrecognised format');
  }
}

/** A Rebased agent ID (`chainAdmin`) is told apart by its length (v2 FACTS, Identifiers). */
function rebasedAgentKindText(id: string, l10n: L10n): string {
  const s = id.trim();
  if (s === '') return l10n.t('not known to the node');
  if (s === '-') return l10n.t('no admin');
  if (HEX64.test(s)) return l10n.t('an L1 address');
  if (HEX40.test(s)) return l10n.t('an EVM account');
  if (/^0x[0-9a-fA-F]{8}$/.test(s)) return l10n.t('contract {0}', formatHname(s));
  return l10n.t('an agent ID in an unrecognised format');
}

/** A URL row: http(s) ones can be opened, ws(s) ones are text to copy, others are flagged. */
function urlRow(field: string, label: string, raw: string, what: string, l10n: L10n): ChainInfoRow {
  const url = raw.trim();
  if (url === '') return { field, label, value: notSet(l10n), empty: true };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const row: ChainInfoRow = { field, label, value: revealInvisible(url), mono: true, copy: { text: url, what } };
  if ((scheme === 'http' || scheme === 'https') && isSafeExternalUrl(url)) row.link = { url, web: true };
  else if (scheme === 'http' || scheme === 'https') row.detail = l10n.t('not opened: a link with a user name or password, or malformed');
  else if (scheme === 'ws' || scheme === 'wss') row.detail = l10n.t('WebSocket endpoint: copy it into your wallet or tool');
  else row.detail = l10n.t('not an http(s) link: it is not opened');
  return row;
}

function textRow(field: string, label: string, raw: string, l10n: L10n, multiline = false): ChainInfoRow {
  if (raw.trim() === '') return { field, label, value: notSet(l10n), empty: true };
  return { field, label, value: revealInvisible(raw, { keepWhitespace: multiline }) };
}

/** A field of the shared table (core/chainInfoFields.ts) as a row, shown as its kind says; `extra` adds the panel's notes. */
function fieldRow(id: ChainInfoFieldId, info: ChainInfoState, l10n: L10n, extra: Partial<ChainInfoRow> = {}): ChainInfoRow {
  const spec = chainInfoField(id);
  const label = spec.label(l10n, info);
  const raw = spec.value(info, l10n) ?? '';
  const what = spec.noun?.(l10n, info) ?? label;
  switch (spec.kind) {
    case 'url':
      return { ...urlRow(id, label, raw, what, l10n), ...extra };
    case 'text':
    case 'multiline':
      return { ...textRow(id, label, raw, l10n, spec.kind === 'multiline'), ...extra };
    case 'id': {
      const empty = raw.trim() === '';
      return { field: id, label, value: revealInvisible(empty ? notSet(l10n) : raw), mono: true, copy: empty ? undefined : { text: raw, what }, ...extra };
    }
    case 'figure':
      return { field: id, label, value: raw, ...extra };
  }
}

function feeRows(info: ChainInfoState, l10n: L10n): ChainInfoRow[] {
  const policy = info.gasFeePolicy;
  const limits = info.gasLimits;
  if (!policy) {
    const detail = l10n.t('the node sends no fee policy for an inactive chain');
    return [{ field: 'gasFeePolicy', label: l10n.t('Fee policy'), value: l10n.t('not available'), detail, empty: true }];
  }
  const g = policy.gasPerToken;
  const free = isFreeGas(g);
  const rows: ChainInfoRow[] = [
    fieldRow('gasFeePolicy.gasPerToken', info, l10n, {
      detail: free ? l10n.t('ratio {0}:{1}', String(g.a), String(g.b)) : l10n.t('ratio {0}:{1} (a:b, a gas costs b base tokens)', String(g.a), String(g.b)),
    }),
    fieldRow('gasFeePolicy.feeFormula', info, l10n, { mono: true, detail: free ? undefined : l10n.t('gas burned, rounded up to whole base tokens') }),
  ];
  if (!free && limits) {
    const min = toBigInt(limits.minGasPerRequest);
    const max = toBigInt(limits.maxGasPerRequest);
    const [minFee, maxFee] = [tokensText(feeForGas(min, g), l10n), tokensText(feeForGas(max, g), l10n)];
    rows.push({
      field: 'gasFeePolicy.examples',
      label: l10n.t('Fee examples'),
      value: l10n.t('{0} gas (minimum per request) → {1}; {2} gas (maximum per request) → {3}', formatBigInt(min), minFee, formatBigInt(max), maxFee),
    });
  }
  const share = policy.validatorFeeShare;
  const applied = Math.min(100, Math.max(0, Number.isFinite(share) ? Math.floor(share) : 0));
  const { a, b } = policy.evmGasRatio;
  rows.push(
    fieldRow('gasFeePolicy.evmGasRatio', info, l10n, { detail: l10n.t('ratio {0}:{1}; ISC gas = ceil(EVM gas × {0} / {1})', String(a), String(b)) }),
    fieldRow('gasFeePolicy.validatorFeeShare', info, l10n, {
      detail: l10n.t('{0}% of each fee goes to the validators, {1}% to the chain owner', applied, 100 - applied),
    }),
  );
  return rows;
}

function limitRows(info: ChainInfoState, l10n: L10n): ChainInfoRow[] {
  if (!info.gasLimits) {
    const detail = l10n.t('the node sends no gas limits for an inactive chain');
    return [{ field: 'gasLimits', label: l10n.t('Gas limits'), value: l10n.t('not available'), detail, empty: true }];
  }
  const minNote = l10n.t('every request is charged at least this much gas');
  return chainInfoFields('limits').map((f) => fieldRow(f.id, info, l10n, f.id === 'gasLimits.minGasPerRequest' ? { detail: minNote } : {}));
}

/** Why the panel shows the general information instead of the governance state. */
function fallbackText(input: ChainInfoViewInput, l10n: L10n): string {
  const why = input.governanceUnavailable;
  if (input.general && !input.general.isActive)
    return why
      ? l10n.t("The chain is not active on this node: its governance state cannot be read, so this shows the node's general information ({0}).", why)
      : l10n.t("The chain is not active on this node: its governance state cannot be read, so this shows the node's general information.");
  return why
    ? l10n.t("The governance state could not be read ({0}): this shows the node's general information.", why)
    : l10n.t("The governance state could not be read: this shows the node's general information.");
}

/** Warnings above the sections: what could not be read, an inactive chain, a node answering for another chain. */
function notices(input: ChainInfoViewInput, info: ChainInfoState, l10n: L10n): ChainInfoNotice[] {
  const warnings: string[] = [];
  if (!input.governance) warnings.push(fallbackText(input, l10n));
  else if (input.general && !input.general.isActive) warnings.push(l10n.t('The node reports this chain as not active (it is not running on this node).'));
  const { configuredChainId } = input;
  // A Rebased entry may leave its chain ID out: the node's one chain is the configured one.
  if (configuredChainId.trim() !== '' && info.chainID.trim().toLowerCase() !== configuredChainId.trim().toLowerCase()) {
    const answered = revealInvisible(info.chainID);
    warnings.push(
      l10n.t("The node answered for chain {0}, not for the configured {1}: check the chain's settings (or the node).", answered, configuredChainId),
    );
  }
  return warnings.map((text) => ({ level: 'warning', text }));
}

/** Which state was read, from which node, when. */
function stateRows(input: ChainInfoViewInput, stateLabel: string, l10n: L10n): ChainInfoRow[] {
  const rows: ChainInfoRow[] = [
    {
      field: 'state',
      label: l10n.t('Read at'),
      value: capitalise(stateLabel),
      mono: input.block !== undefined,
      detail: input.block === undefined ? l10n.t("the node's current state") : l10n.t('a past state of the chain'),
      copy: input.block === undefined ? undefined : { text: input.block, what: l10n.t('block') },
    },
    { field: 'node', label: l10n.t('Node'), value: revealInvisible(input.nodeUrl), mono: true },
  ];
  // The panel is read at the fetch: its age would only ever say "just now", so the time stands alone.
  const fetched = input.fetchedAt === undefined ? undefined : formatTime(input.fetchedAt, input.fetchedAt, l10n, input.timeStyle);
  if (fetched) rows.push({ field: 'fetchedAt', label: l10n.t('Fetched'), value: fetched.local, title: fetched.absolute });
  return rows;
}

/** Whether the chain is active and its EVM chain ID (the general information), or why they are unknown. */
function generalRows(input: ChainInfoViewInput, l10n: L10n): ChainInfoRow[] {
  const general = input.general;
  if (!general) {
    const detail = input.generalUnavailable
      ? l10n.t('the node did not give its general chain information: {0}', revealInvisible(input.generalUnavailable))
      : l10n.t('the node did not give its general chain information');
    return [{ field: 'general', label: l10n.t('Active, EVM chain ID'), value: l10n.t('unavailable'), empty: true, detail }];
  }
  const latestNote = input.block === undefined ? undefined : l10n.t('now (the general information is always the latest state)');
  return [
    { field: 'isActive', label: l10n.t('Active'), value: general.isActive ? l10n.t('yes') : l10n.t('no'), detail: latestNote },
    {
      field: 'evmChainId',
      label: l10n.t('EVM chain ID'),
      value: String(general.evmChainId),
      mono: true,
      detail: `0x${general.evmChainId.toString(16)}`,
      copy: { text: String(general.evmChainId), what: l10n.t('EVM chain ID') },
    },
  ];
}

function chainRows(input: ChainInfoViewInput, info: ChainInfoState, l10n: L10n): ChainInfoRow[] {
  const ownerKind = isRebasedState(info) ? rebasedAgentKindText(info.chainAdmin ?? '', l10n) : agentKindText(parseAgentId(info.chainOwnerId ?? ''), l10n);
  const owner = fieldRow('owner', info, l10n, { detail: revealInvisible(ownerKind) });
  return [fieldRow('chainID', info, l10n), owner, ...generalRows(input, l10n), fieldRow('publicURL', info, l10n)];
}

/** Builds the panel's view of a chain. Needs the governance info or the general info (or both). */
export function buildChainInfoView(input: ChainInfoViewInput, l10n: L10n = englishL10n): ChainInfoView {
  const info: ChainInfoState | undefined = input.governance ?? input.general;
  if (!info) throw new Error('buildChainInfoView needs the governance or the general chain info');
  const stateLabel = describeState(input.block, l10n);
  const chainName = revealInvisible(input.chainName);
  const sections: ChainInfoSection[] = [
    { id: 'state', title: l10n.t('State'), rows: stateRows(input, stateLabel, l10n) },
    { id: 'chain', title: chainInfoGroupTitle('chain', l10n), rows: chainRows(input, info, l10n) },
    { id: 'fees', title: chainInfoGroupTitle('fees', l10n), rows: feeRows(info, l10n) },
    { id: 'limits', title: chainInfoGroupTitle('limits', l10n), rows: limitRows(info, l10n), note: l10n.t('in gas units') },
    { id: 'metadata', title: chainInfoGroupTitle('metadata', l10n), rows: chainInfoFields('metadata').map((f) => fieldRow(f.id, info, l10n)) },
  ];
  return {
    title: info.metadata.name.trim() !== '' ? revealInvisible(info.metadata.name) : chainName,
    subtitle: `${chainName} · ${stateLabel}`,
    stateLabel,
    notices: notices(input, info, l10n),
    sections: sections.map((s) => ({ ...s, rows: s.rows.map(withoutUndefined) })),
  };
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
  l10n: L10n = englishL10n,
): ChainInfoComparison {
  const [before, after] = isOlder(other.block, own.block) ? [other, own] : [own, other];
  const beforeLabel = capitalise(describeState(before.block, l10n));
  const afterLabel = capitalise(describeState(after.block, l10n));
  const rows = diffChainInfo(before.info, after.info, l10n).map((c) => ({
    field: c.field,
    label: c.label,
    before: c.before === '' ? notSet(l10n) : revealInvisible(c.before),
    after: c.after === '' ? notSet(l10n) : revealInvisible(c.after),
  }));
  const [from, to] = [stateInProse(before.block, l10n), stateInProse(after.block, l10n)];
  const summary =
    own.block === other.block
      ? l10n.t('Both sides are {0}: nothing to compare.', stateInProse(own.block, l10n))
      : rows.length === 0
        ? l10n.t('No changes between {0} and {1}: owner, fee policy, limits and metadata are the same.', from, to)
        : rows.length === 1
          ? l10n.t('1 field changed between {0} and {1}.', from, to)
          : l10n.t('{0} fields changed between {1} and {2}.', rows.length, from, to);
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
