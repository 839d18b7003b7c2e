// The transactions the workspace's toolchains recorded sending, keyed by hash: what "Why no
// receipt?" starts from when a hash alone says nothing (a chain shows nothing of a transaction
// before it is included).
// - Foundry: `broadcast/<Script>/<chainId>/run-*.json`, `transactions[]` with `hash` and
//   `transaction {from, to, nonce, gas, gasPrice | maxFeePerGas, value, chainId, type}`, quantities
//   as 0x-hex (decimal accepted too).
// - Hardhat Ignition: `ignition/deployments/<id>/journal.jsonl`, one JSON message a line:
//   NETWORK_INTERACTION_REQUEST (the ONCHAIN_INTERACTION's from, to, value, nonce),
//   TRANSACTION_SEND (futureId, networkInteractionId, nonce, transaction {hash, fees {gasPrice |
//   maxFeePerGas}}), ONCHAIN_INTERACTION_DROPPED / _REPLACED_BY_USER; bigints as
//   `{"_kind":"bigint","value":"…"}`. Ignition records no gas limit.
// Every record is untrusted and bounded like the deployment records (deployments.ts, scan.ts: the
// same scan, caps and refusals); a malformed line or entry is skipped and counted. At most
// MAX_SENT_TXS transactions are kept, the newest records' first (sentTxRecency): the set read so
// far is cut to the cap after each file, and a file older than everything kept is not read once the
// set is full. Pure.
import { HEX40, HEX64 } from '../../core/idShapes';
import { readScanFile, visitWithin, type ScanFile, type ScanIo, type ScanLimits } from './scan';

export type SentTxToolchain = 'foundry' | 'ignition';

/** One glob for vscode.workspace.findFiles and the file watcher. */
export const SENT_TX_INCLUDE_GLOB = '{**/broadcast/**/run-*.json,**/ignition/deployments/*/journal.jsonl}';
export const SENT_TX_EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**}';

/** Records kept at most over the workspace, and read from one file. */
export const MAX_SENT_TXS = 20_000;
const MAX_FILE_ENTRIES = 5_000;
/** Lines of one journal read at most (a long-lived deployment's journal grows with every run). */
const MAX_JOURNAL_LINES = 50_000;
const UINT64_MAX = 2n ** 64n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;

export interface SentTransaction {
  /** `0x` + 64 lower-case hex. */
  hash: string;
  /** Lower-case `0x` + 40 hex. */
  from: string;
  /** Lower-case; absent for a contract creation. */
  to?: string;
  nonce?: bigint;
  /** Gas limit (Foundry only). */
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  type?: 0 | 1 | 2;
  value?: bigint;
  chainId?: bigint;
  /** Ignition said it dropped or the user replaced it. */
  fate?: 'dropped' | 'replaced';
  toolchain: SentTxToolchain;
  /** The record's workspace-relative path. */
  source: string;
}

/** Which toolchain wrote the file at this workspace-relative path ('/' separated), or undefined. */
export function sentTxKind(relativePath: string): SentTxToolchain | undefined {
  const parts = relativePath.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === 'node_modules' || p === '.git')) return undefined;
  const n = parts.length;
  const file = parts[n - 1] ?? '';
  if (file === 'journal.jsonl' && parts[n - 3] === 'deployments' && parts[n - 4] === 'ignition') return 'ignition';
  if (/^run-[A-Za-z0-9_-]{1,64}\.json$/.test(file) && n >= 4 && parts.slice(0, -3).includes('broadcast') && /^\d{1,20}$/.test(parts[n - 2] ?? ''))
    return 'foundry';
  return undefined;
}

export const isSentTxPath = (relativePath: string): boolean => sentTxKind(relativePath) !== undefined;

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A quantity as the toolchains write it: 0x-hex, a decimal string, a safe JSON integer, or Ignition's `{_kind: 'bigint', value}`; undefined otherwise or above `max`. */
export function quantity(v: unknown, max: bigint = UINT256_MAX): bigint | undefined {
  let out: bigint | undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) out = BigInt(v);
  else if (typeof v === 'string' && /^(?:0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(v)) out = BigInt(v);
  else {
    const big = record(v);
    if (big?._kind === 'bigint') return quantity(big.value, max);
  }
  return out !== undefined && out <= max ? out : undefined;
}

function address(v: unknown): string | undefined {
  return typeof v === 'string' && HEX40.test(v) ? v.toLowerCase() : undefined;
}

function txType(v: unknown): 0 | 1 | 2 | undefined {
  const t = quantity(v, 255n);
  return t === 0n || t === 1n || t === 2n ? (Number(t) as 0 | 1 | 2) : undefined;
}

/** Drops the fields a record did not give, so that absent means "not said". */
function compact(t: SentTransaction): SentTransaction {
  for (const k of Object.keys(t) as Array<keyof SentTransaction>) if (t[k] === undefined) delete t[k];
  return t;
}

/** The transactions of one Foundry broadcast; entries without a hash or sender are skipped and counted. */
export function parseFoundryBroadcast(relativePath: string, text: string): { txs: SentTransaction[]; skipped: number } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { txs: [], skipped: 1 };
  }
  const list = record(json)?.transactions;
  const txs: SentTransaction[] = [];
  let skipped = 0;
  const folderChain = relativePath.split('/').slice(-2)[0] ?? '';
  for (const entry of Array.isArray(list) ? list.slice(0, MAX_FILE_ENTRIES) : []) {
    const e = record(entry);
    const t = record(e?.transaction);
    const hash = typeof e?.hash === 'string' && HEX64.test(e.hash) ? e.hash.toLowerCase() : undefined;
    const from = address(t?.from);
    if (!e || !t || hash === undefined || from === undefined) {
      skipped++;
      continue;
    }
    const maxFeePerGas = quantity(t.maxFeePerGas);
    const gasPrice = quantity(t.gasPrice);
    txs.push(
      compact({
        hash,
        from,
        to: address(t.to),
        nonce: quantity(t.nonce, UINT64_MAX),
        gas: quantity(t.gas, UINT64_MAX),
        gasPrice,
        maxFeePerGas,
        type: txType(t.type) ?? (maxFeePerGas !== undefined ? 2 : gasPrice !== undefined ? 0 : undefined),
        value: quantity(t.value),
        chainId: quantity(t.chainId, UINT64_MAX) ?? (/^\d{1,20}$/.test(folderChain) ? BigInt(folderChain) : undefined),
        toolchain: 'foundry',
        source: relativePath,
      }),
    );
  }
  return { txs, skipped };
}

/**
 * The transactions of one Ignition journal: each TRANSACTION_SEND with the sender, target and
 * value of its network interaction request; a line that is not a JSON object is skipped and counted.
 */
export function parseIgnitionJournal(relativePath: string, text: string): { txs: SentTransaction[]; skipped: number } {
  const interactions = new Map<string, { from?: string; to?: string; value?: bigint }>();
  const byHash = new Map<string, SentTransaction>();
  /** The hash last sent under each interaction: a drop or replacement is about it. */
  const sentHash = new Map<string, string>();
  const chain = /^chain-(\d{1,20})$/.exec(relativePath.split('/').slice(-2)[0] ?? '')?.[1];
  let skipped = 0;
  let lines = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (++lines > MAX_JOURNAL_LINES) {
      skipped++;
      continue;
    }
    let m: Record<string, unknown> | undefined;
    try {
      m = record(JSON.parse(line));
    } catch {
      m = undefined;
    }
    if (!m || typeof m.type !== 'string') {
      skipped++;
      continue;
    }
    const key = `${String(m.futureId)}#${String(m.networkInteractionId ?? record(m.networkInteraction)?.id)}`;
    if (m.type === 'NETWORK_INTERACTION_REQUEST') {
      const ni = record(m.networkInteraction);
      if (ni?.type === 'ONCHAIN_INTERACTION') interactions.set(key, { from: address(ni.from), to: address(ni.to), value: quantity(ni.value) });
    } else if (m.type === 'TRANSACTION_SEND') {
      const t = record(m.transaction);
      const hash = typeof t?.hash === 'string' && HEX64.test(t.hash) ? t.hash.toLowerCase() : undefined;
      const ni = interactions.get(key);
      if (hash === undefined || ni?.from === undefined) {
        skipped++;
        continue;
      }
      if (byHash.size >= MAX_FILE_ENTRIES) continue;
      const fees = record(t?.fees);
      const maxFeePerGas = quantity(fees?.maxFeePerGas);
      const gasPrice = quantity(fees?.gasPrice);
      byHash.set(
        hash,
        compact({
          hash,
          from: ni.from,
          to: ni.to,
          nonce: quantity(m.nonce, UINT64_MAX),
          gasPrice,
          maxFeePerGas,
          type: maxFeePerGas !== undefined ? 2 : gasPrice !== undefined ? 0 : undefined,
          value: ni.value,
          chainId: chain === undefined ? undefined : BigInt(chain),
          toolchain: 'ignition',
          source: relativePath,
        }),
      );
      sentHash.set(key, hash);
    } else if (m.type === 'ONCHAIN_INTERACTION_DROPPED' || m.type === 'ONCHAIN_INTERACTION_REPLACED_BY_USER') {
      const tx = byHash.get(sentHash.get(key) ?? '');
      if (tx) tx.fate = m.type === 'ONCHAIN_INTERACTION_DROPPED' ? 'dropped' : 'replaced';
    }
  }
  return { txs: [...byHash.values()], skipped };
}

export interface SentTransactionsReport {
  /** By hash, newest record first (sentTxRecency); of two records of one hash, the newer record wins. */
  byHash: Map<string, SentTransaction>;
  read: number;
  /** Files refused, too large, unreadable, late or past the file cap. */
  unread: number;
  /** Files not read because the transactions kept, all from newer records, already filled the cap. */
  pastCap: number;
  /** Entries and lines skipped as malformed. */
  skipped: number;
}

/**
 * How recent a record is, by what its path says: a record still being written (Foundry's
 * `run-latest.json`, an Ignition journal, which every run appends to) is the newest; a Foundry
 * `run-<timestamp>.json` is as old as its timestamp (seconds or milliseconds, as forge versions
 * wrote them); any other run file is the oldest. Larger is newer.
 */
export function sentTxRecency(relativePath: string): number {
  const file = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  if (file === 'run-latest.json' || file === 'journal.jsonl') return Number.POSITIVE_INFINITY;
  const stamp = /^run-(\d{1,16})\.json$/.exec(file)?.[1];
  if (stamp === undefined) return 0;
  const n = Number(stamp);
  return n < 1e11 ? n * 1000 : n;
}

/** The order records are read and kept in: newest first, then by path (the same workspace, the same order). */
export function compareSentTxRecords(a: string, b: string): number {
  const ra = sentTxRecency(a);
  const rb = sentTxRecency(b);
  if (ra !== rb) return rb > ra ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The transactions kept while records are read, at most `cap` once each file is merged: each
 * comes with its record's rank (0 the newest) and its place in the record; the lowest ranks stay.
 * Records may be merged in any order (reads finish out of order) and the outcome is the same.
 */
export class SentTransactionsKept {
  private readonly kept = new Map<string, { tx: SentTransaction; rank: number; entry: number }>();
  /** The highest rank among the kept, once the cap was reached (until then any record is wanted). */
  private worst = Number.POSITIVE_INFINITY;

  constructor(readonly cap: number = MAX_SENT_TXS) {}

  get size(): number {
    return this.kept.size;
  }

  /** Whether the record of this rank could add anything: false once the cap holds only newer ones. */
  wants(rank: number): boolean {
    return this.kept.size < this.cap || rank < this.worst;
  }

  /** Merges one record's transactions, then cuts the set back to the cap, dropping the oldest. */
  add(rank: number, txs: readonly SentTransaction[]): void {
    if (!this.wants(rank)) return;
    txs.forEach((tx, entry) => {
      const had = this.kept.get(tx.hash);
      if (had === undefined || had.rank > rank || (had.rank === rank && had.entry > entry)) this.kept.set(tx.hash, { tx, rank, entry });
    });
    if (this.kept.size < this.cap) return;
    const ordered = this.ordered();
    for (const { tx } of ordered.slice(this.cap)) this.kept.delete(tx.hash);
    this.worst = ordered[Math.min(this.cap, ordered.length) - 1]?.rank ?? Number.POSITIVE_INFINITY;
  }

  /** By hash, in rank order. */
  byHash(): Map<string, SentTransaction> {
    return new Map(this.ordered().map(({ tx }) => [tx.hash, tx]));
  }

  private ordered() {
    return [...this.kept.values()].sort((a, b) => a.rank - b.rank || a.entry - b.entry);
  }
}

/** Records read at most, each at most 16 MB (a journal grows), all within 5 s. */
export const SENT_TX_SCAN_LIMITS: ScanLimits = { maxFiles: 500, maxFileBytes: 16 * 1024 * 1024, maxMillis: 5_000, concurrency: 4 };

/**
 * Reads the records within the limits (scan.ts visitWithin and readScanFile), newest first
 * (compareSentTxRecords), keeping at most `maxTxs` transactions at any time (SentTransactionsKept);
 * `files` carry workspace-relative labels.
 */
export async function readSentTransactions<U>(
  files: ReadonlyArray<ScanFile<U>>,
  io: ScanIo<U>,
  limits: ScanLimits = SENT_TX_SCAN_LIMITS,
  now: () => number = () => Date.now(),
  maxTxs: number = MAX_SENT_TXS,
): Promise<SentTransactionsReport> {
  const queue = files.filter((f) => isSentTxPath(f.label)).sort((a, b) => compareSentTxRecords(a.label, b.label));
  const rankOf = new Map(queue.map((f, i) => [f, i]));
  const kept = new SentTransactionsKept(maxTxs);
  let unread = files.length - queue.length;
  let read = 0;
  let pastCap = 0;
  let skipped = 0;
  const { leftOut } = await visitWithin(queue, limits, now, async (file, remainingMs) => {
    const rank = rankOf.get(file) ?? queue.length;
    const kind = sentTxKind(file.label);
    if (!kept.wants(rank)) {
      pastCap++;
      return;
    }
    const bytes = await readScanFile(file, io, limits, remainingMs);
    if (typeof bytes === 'string' || kind === undefined) {
      unread++;
      return;
    }
    const text = new TextDecoder('utf-8').decode(bytes);
    const r = kind === 'foundry' ? parseFoundryBroadcast(file.label, text) : parseIgnitionJournal(file.label, text);
    read++;
    skipped += r.skipped;
    kept.add(rank, r.txs);
  });
  unread += leftOut;
  return { byHash: kept.byHash(), read, unread, pastCap, skipped };
}
