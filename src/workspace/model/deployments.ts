// Names for addresses from the workspace's deployment records: what the common toolchains write when
// they deploy, each with the EVM chain ID where the record says it.
// - Hardhat Ignition: `ignition/deployments/<id>/deployed_addresses.json`, `{"Module#Name": "0x…"}`;
//   its deployment ID is `chain-<chainId>` unless the user named it.
// - hardhat-deploy: `deployments/<network>/<Name>.json` with `address`; the folder's `.chainId` file
//   holds the chain ID.
// - Foundry: `broadcast/<Script>/<chainId>/run-latest.json`, whose CREATE and CREATE2 transactions
//   carry `contractName` and `contractAddress`.
// Plus the user's own labels (`waspChain.addressLabels`). Every record is untrusted: a name is kept
// only when it is a short single line, an address only when it is one, and the book is bounded.
// The names are still workspace text: whoever shows them reveals and escapes them. Pure.
import { HEX40 } from '../../core/idShapes';
import { readScanFile, visitWithin, type ScanFile, type ScanIo, type ScanLimits } from './scan';

export type DeploymentToolchain = 'ignition' | 'hardhatDeploy' | 'hardhatDeployChainId' | 'foundry';

/** One glob for vscode.workspace.findFiles and the file watcher. */
export const DEPLOYMENT_INCLUDE_GLOB =
  '{**/ignition/deployments/*/deployed_addresses.json,**/deployments/*/*.json,**/deployments/*/.chainId,**/broadcast/**/run-latest.json}';
export const DEPLOYMENT_EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**}';

/** Names kept at most, and a name's length. */
export const MAX_LABELS = 20_000;
const MAX_NAME_CHARS = 100;
/** A record's transactions read at most (a broadcast may hold thousands). */
const MAX_RECORD_ENTRIES = 5_000;

/** A name the workspace gives an address. */
export interface AddressLabel {
  /** Lower-case. */
  address: string;
  name: string;
  /** The chain the record is about; absent when it does not say. */
  chainId?: bigint;
  /** The record's workspace-relative path. */
  source: string;
}

/** hardhat-deploy's chain ID of one network folder. */
export interface FolderChainId {
  folder: string;
  chainId: bigint;
}

/** Which toolchain wrote the file at this workspace-relative path ('/' separated), or undefined. */
export function deploymentKind(relativePath: string): DeploymentToolchain | undefined {
  const parts = relativePath.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === 'node_modules' || p === '.git')) return undefined;
  const n = parts.length;
  const file = parts[n - 1] ?? '';
  if (file === 'deployed_addresses.json' && parts[n - 3] === 'deployments' && parts[n - 4] === 'ignition') return 'ignition';
  if (parts[n - 3] === 'deployments' && parts[n - 4] !== 'ignition') {
    if (file === '.chainId') return 'hardhatDeployChainId';
    if (file.endsWith('.json') && !file.startsWith('.')) return 'hardhatDeploy';
  }
  if (file === 'run-latest.json' && n >= 4 && parts.slice(0, -3).includes('broadcast') && /^\d{1,20}$/.test(parts[n - 2] ?? '')) return 'foundry';
  return undefined;
}

/** Workspace-relative paths by code unit (locale-free, so the order is the same everywhere). */
function inPathOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function folderOf(relativePath: string): string {
  return relativePath.slice(0, Math.max(0, relativePath.lastIndexOf('/')));
}

function cleanName(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw.trim();
  return name === '' || name.length > MAX_NAME_CHARS || /[\r\n]/.test(name) ? undefined : name;
}

function label(address: unknown, name: unknown, source: string, chainId: bigint | undefined): AddressLabel | undefined {
  const n = cleanName(name);
  if (typeof address !== 'string' || !HEX40.test(address) || n === undefined) return undefined;
  return { address: address.toLowerCase(), name: n, source, ...(chainId !== undefined ? { chainId } : {}) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** What one record says: names for addresses, or (hardhat-deploy's `.chainId`) its folder's chain. Malformed: nothing. */
export function parseDeploymentRecord(
  kind: DeploymentToolchain,
  relativePath: string,
  text: string,
): { labels: AddressLabel[]; folderChainId?: FolderChainId } {
  const parts = relativePath.split('/');
  if (kind === 'hardhatDeployChainId') {
    const id = text.trim();
    return /^\d{1,20}$/.test(id) ? { labels: [], folderChainId: { folder: folderOf(relativePath), chainId: BigInt(id) } } : { labels: [] };
  }
  const json = parseJson(text);
  const labels: AddressLabel[] = [];
  const add = (l: AddressLabel | undefined) => {
    if (l && labels.length < MAX_RECORD_ENTRIES) labels.push(l);
  };
  if (kind === 'ignition') {
    const chain = /^chain-(\d{1,20})$/.exec(parts[parts.length - 2] ?? '')?.[1];
    for (const [key, address] of Object.entries(record(json) ?? {}).slice(0, MAX_RECORD_ENTRIES)) {
      add(label(address, key.slice(key.indexOf('#') + 1), relativePath, chain === undefined ? undefined : BigInt(chain)));
    }
  } else if (kind === 'hardhatDeploy') {
    const name = (parts[parts.length - 1] ?? '').replace(/\.json$/, '');
    add(label(record(json)?.address, name, relativePath, undefined));
  } else {
    const chainId = BigInt(parts[parts.length - 2] ?? '0');
    const txs = record(json)?.transactions;
    for (const tx of Array.isArray(txs) ? txs.slice(0, MAX_RECORD_ENTRIES) : []) {
      const t = record(tx);
      if (t && (t.transactionType === 'CREATE' || t.transactionType === 'CREATE2')) add(label(t.contractAddress, t.contractName, relativePath, chainId));
    }
  }
  return { labels };
}

/** The user's labels from `waspChain.addressLabels`: each address with a short one-line name; the rest dropped. */
export function userLabels(setting: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const [address, name] of Object.entries(record(setting) ?? {}).slice(0, MAX_LABELS)) {
    const n = cleanName(name);
    if (HEX40.test(address) && n !== undefined) out.set(address.toLowerCase(), n);
  }
  return out;
}

/**
 * Names by address for one chain: the user's label first, then a record of that chain, then a record
 * that names no chain; a record of another chain never names an address here. Of several records
 * for one address, the first path in order wins (the records are sorted, so the answer is stable).
 */
export class AddressBook {
  private readonly byAddress = new Map<string, AddressLabel[]>();
  readonly size: number;

  constructor(
    labels: readonly AddressLabel[],
    folderChainIds: readonly FolderChainId[] = [],
    private readonly user: ReadonlyMap<string, string> = new Map(),
  ) {
    const chainOfFolder = new Map(folderChainIds.map((f) => [f.folder, f.chainId]));
    const sorted = [...labels].sort((a, b) => inPathOrder(a.source, b.source)).slice(0, MAX_LABELS);
    for (const l of sorted) {
      const chainId = l.chainId ?? chainOfFolder.get(folderOf(l.source));
      const entry = chainId === undefined ? { ...l } : { ...l, chainId };
      const list = this.byAddress.get(l.address);
      if (list) list.push(entry);
      else this.byAddress.set(l.address, [entry]);
    }
    this.size = sorted.length + user.size;
  }

  /** The name of `address` on the chain with `evmChainId` (undefined: the chain's ID is not known, only records that name no chain count). */
  nameOf(address: string, evmChainId?: bigint): string | undefined {
    const key = address.toLowerCase();
    const own = this.user.get(key);
    if (own !== undefined) return own;
    const list = this.byAddress.get(key) ?? [];
    return (list.find((l) => l.chainId !== undefined && l.chainId === evmChainId) ?? list.find((l) => l.chainId === undefined))?.name;
  }

  /** The EVM chain IDs the records name `address` on (records that name no chain left out). */
  chainIdsOf(address: string): bigint[] {
    const ids = (this.byAddress.get(address.toLowerCase()) ?? []).flatMap((l) => (l.chainId === undefined ? [] : [l.chainId]));
    return [...new Set(ids)];
  }

  /** The addresses the records name on the chain with `evmChainId` (as nameOf matches them), in the records' order, at most `max`. */
  recordsOn(evmChainId: bigint | undefined, max: number): AddressLabel[] {
    const out: AddressLabel[] = [];
    for (const list of this.byAddress.values()) {
      if (out.length >= max) break;
      const label = list.find((l) => l.chainId !== undefined && l.chainId === evmChainId) ?? list.find((l) => l.chainId === undefined);
      if (label) out.push(label);
    }
    return out;
  }
}

/** Whether a workspace-relative path is a deployment record (the scan's path rule). */
export const isDeploymentPath = (relativePath: string): boolean => deploymentKind(relativePath) !== undefined;

/** Records read at most, each at most 4 MB, all within 5 s. */
export const DEPLOYMENT_SCAN_LIMITS: ScanLimits = { maxFiles: 500, maxFileBytes: 4 * 1024 * 1024, maxMillis: 5_000, concurrency: 4 };

type ParsedRecord = ReturnType<typeof parseDeploymentRecord>;

/**
 * Forgets the labels of the records that come after the first MAX_LABELS read so far in path order:
 * a record read later can only push them further out. Returns the labels still held.
 */
function dropPastTheCap<U>(queue: readonly ScanFile<U>[], records: Map<ScanFile<U>, ParsedRecord>): number {
  let held = 0;
  for (const f of queue) {
    const r = records.get(f);
    if (r === undefined) continue;
    if (held >= MAX_LABELS) records.set(f, { ...r, labels: [] });
    else held += r.labels.length;
  }
  return held;
}

/**
 * Reads the records into a book within the limits (scan.ts visitWithin: a record past the file or
 * time cap, refused, too large, late or unreadable is counted and skipped); `files` carry
 * workspace-relative labels. `now` is injectable.
 */
export async function readAddressBook<U>(
  files: ReadonlyArray<ScanFile<U>>,
  io: ScanIo<U>,
  user: ReadonlyMap<string, string>,
  limits: ScanLimits = DEPLOYMENT_SCAN_LIMITS,
  now: () => number = () => Date.now(),
): Promise<{ book: AddressBook; read: number; unread: number }> {
  // In path order, so that which records the file cap leaves out does not depend on the search.
  const queue = files.filter((f) => isDeploymentPath(f.label)).sort((a, b) => inPathOrder(a.label, b.label));
  // Kept by the record's place in that order, not by when its read ended: the label cap then
  // keeps the first records in path order however the reads overlap.
  const records = new Map<ScanFile<U>, ParsedRecord>();
  let held = 0;
  let unread = files.length - queue.length;
  const { leftOut } = await visitWithin(queue, limits, now, async (file, remainingMs) => {
    const kind = deploymentKind(file.label);
    const bytes = await readScanFile(file, io, limits, remainingMs);
    if (typeof bytes === 'string' || kind === undefined) {
      unread++;
      return;
    }
    const parsed = parseDeploymentRecord(kind, file.label, new TextDecoder('utf-8').decode(bytes));
    records.set(file, parsed);
    held += parsed.labels.length;
    if (held > MAX_LABELS) held = dropPastTheCap(queue, records);
  });
  unread += leftOut;
  const read = queue.flatMap((f) => records.get(f) ?? []);
  // The book keeps the first MAX_LABELS of these in path order.
  const labels = read.flatMap((r) => r.labels);
  const chainIds = read.flatMap((r) => (r.folderChainId ? [r.folderChainId] : []));
  return { book: new AddressBook(labels, chainIds, user), read: files.length - unread, unread };
}
