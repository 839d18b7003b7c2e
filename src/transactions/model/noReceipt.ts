// "Why no receipt?": which of the reasons a node skips an EVM transaction applies, from public
// answers only (EVM-ACCOUNTS-WS-FACTS §3). A chain shows nothing of a transaction before it is
// included (no pending state, no public mempool route), so what can be known starts from the
// signed transaction, or a workspace record of it: its sender, nonce, gas, gas price, type. Beside
// the chain's next nonce for the sender, its gas price, the sender's balance and the fee policy and
// limits, one verdict comes first, then the evidence, then what to do. It lives with the receipts
// (beside skipReasons.ts, whose general reasons it narrows to one) because it answers a receipt
// lookup that found nothing, in the hover, the panel and the watch. Pure: the chain's answers are
// gathered by noReceiptFacts.ts.
import type { Generation } from '../../api/generation';
import { traitsOf } from '../../api/traits';
import { iscToEvm, type Ratio32 } from '../../core/fees';
import { formatBigInt, shortId } from '../../core/format';
import { HEX64 } from '../../core/idShapes';
import { englishL10n, type L10n } from '../../core/l10n';
import { formatUnits } from '../../core/units';
import { hexToBytes } from '../../core/hex';
import type { IncludedTx } from '../../evm/model/jsonRpc';
import { decodeRawTx, recoverSender, txGasPrice, type EvmTxType } from '../../evm/model/signedTx';
import { toChecksumAddress } from '../../core/address';

/** How long a transaction with a nonce gap waits in the mempool before it is dropped (`chains.mempoolTTL`, both generations). */
export const MEMPOOL_TTL_HOURS = 24;
/** Missing nonces named one by one at most; past it, the rest is counted. */
const MAX_NAMED_NONCES = 10;

/** What the transaction says of itself: decoded from its signed bytes, or read from a workspace record. */
export interface TxFacts {
  /** `0x` + 64 lower-case hex. */
  hash: string;
  /** EIP-55. */
  sender: string;
  nonce: bigint;
  gasLimit: bigint | undefined;
  /** Wei: gasPrice (legacy, EIP-2930) or maxFeePerGas (EIP-1559); undefined when the record does not say. */
  gasPrice: bigint | undefined;
  /** Wei; undefined when the record does not say. */
  value: bigint | undefined;
  /** Undefined when the record does not say. */
  type: EvmTxType | undefined;
  chainId?: bigint;
  /** Where the facts come from: the signed bytes (sender recovered) or a record (sender as written). */
  source: 'raw' | 'record';
}

/** The facts of a raw signed transaction (`0x` hex, as eth_sendRawTransaction takes it): decoded, the sender recovered. */
export async function txFactsOfRaw(rawHex: string): Promise<{ ok: true; tx: TxFacts } | { ok: false; error: string }> {
  const bytes = hexToBytes(rawHex.trim());
  if (!bytes || bytes.length === 0) return { ok: false, error: 'not hex bytes' };
  const decoded = decodeRawTx(bytes);
  if (!decoded.ok) return decoded;
  const sender = await recoverSender(bytes);
  if (!sender.ok) return sender;
  const t = decoded.tx;
  const tx: TxFacts = {
    hash: t.hash,
    sender: sender.sender,
    nonce: t.nonce,
    gasLimit: t.gasLimit,
    gasPrice: txGasPrice(t),
    value: t.value,
    type: t.type,
    source: 'raw',
  };
  if (t.chainId !== undefined) tx.chainId = t.chainId;
  return { ok: true, tx };
}

/** The facts of a workspace record (no raw bytes): what it says, the sender as written (Ignition's journal has no gas limit). Undefined when it lacks a hash, sender or nonce. */
export function txFactsOfRecord(r: {
  hash: string;
  from: string;
  nonce?: bigint | undefined;
  gas?: bigint | undefined;
  gasPrice?: bigint | undefined;
  maxFeePerGas?: bigint | undefined;
  value?: bigint | undefined;
  type?: EvmTxType | undefined;
  chainId?: bigint | undefined;
}): TxFacts | undefined {
  const sender = toChecksumAddress(r.from);
  if (!HEX64.test(r.hash) || sender === undefined || r.nonce === undefined) return undefined;
  const tx: TxFacts = {
    hash: r.hash.toLowerCase(),
    sender,
    nonce: r.nonce,
    gasLimit: r.gas,
    gasPrice: r.type === 2 ? (r.maxFeePerGas ?? r.gasPrice) : (r.gasPrice ?? r.maxFeePerGas),
    value: r.value,
    type: r.type,
    source: 'record',
  };
  if (r.chainId !== undefined) tx.chainId = r.chainId;
  return tx;
}

/** What the chain says, each from a public answer (diagnosisAsks); a fact whose answer failed is absent. */
export interface ChainFacts {
  generation: Generation;
  /** eth_getTransactionByHash: null while not included (a Wasp node has no pending state). */
  included?: IncludedTx | null;
  /** eth_getTransactionCount(sender, latest): the next nonce. */
  nextNonce?: bigint;
  /** eth_gasPrice, wei. */
  gasPrice?: bigint;
  /** eth_getBalance(sender, latest), wei (the sub-unit remainder included). */
  balanceWei?: bigint;
  /** The chain info's fee policy and per-request gas limit. */
  feePolicy?: { gasPerToken: Ratio32; evmGasRatio: Ratio32 };
  maxGasPerRequest?: bigint;
  /** Decimals of the base token's smallest unit (9 on Rebased, 6 on IOTA/Shimmer Stardust); needed for the Stardust minimum fee in wei. */
  baseDecimals?: number;
}

export type VerdictKind = 'included' | 'typed' | 'nonceUsed' | 'nonceGap' | 'gasPrice' | 'funds' | 'unexplained';

export interface EvidenceRow {
  label: string;
  value: string;
  /** true: this check passes; false: it explains a skip; undefined: not checked (no answer) or for information. */
  ok: boolean | undefined;
}

export interface Diagnosis {
  verdict: VerdictKind;
  /** One sentence, first: "Waiting: nonce 12 is next for 0x…; this transaction has nonce 14". */
  headline: string;
  evidence: EvidenceRow[];
  /** What to do next, most useful first. */
  next: string[];
  /** Worth knowing but no reason for a skip (gas above the per-request maximum: clamped, may run out of gas). */
  warnings: string[];
  /** The nonces the chain waits for before this one (nonceGap only). */
  missingNonces?: bigint[];
}

const hexWei = (wei: bigint) => `${formatUnits(wei, 9)} gwei`;

/** The minimum fee in wei the sender must hold (FACTS §3): v2 ⌈10000 × gasPrice ÷ 10^9⌉ nanos; v1 ⌈10000 × gasPerToken.B ÷ A⌉ base units. */
export function minimumFeeWei(generation: Generation, txGasPrice: bigint, chain: Pick<ChainFacts, 'feePolicy' | 'baseDecimals'>): bigint | undefined {
  return traitsOf(generation).minimumFeeWei(txGasPrice, chain);
}

/** The EVM gas a request may use at most: ⌊maxGasPerRequest × B/A⌋ (a larger limit is clamped to it). */
export function maxEvmGasPerRequest(chain: Pick<ChainFacts, 'feePolicy' | 'maxGasPerRequest'>): bigint | undefined {
  if (chain.feePolicy === undefined || chain.maxGasPerRequest === undefined) return undefined;
  return iscToEvm(chain.maxGasPerRequest, chain.feePolicy.evmGasRatio);
}

/** A reason that applies, with its sentence and what to do. */
interface Finding {
  kind: VerdictKind;
  headline: string;
  next: string[];
  missing?: bigint[];
}

/** What the checks collect, in the order a node makes them. */
interface Checks {
  evidence: EvidenceRow[];
  found: Finding[];
  warnings: string[];
}

/**
 * The verdict for a transaction that has no receipt: the first reason that applies, in the order a
 * node checks them (type at ingress, then nonce, gas price, funds), every check as evidence, and
 * "no public answer explains it" when none applies. A gas limit above the per-request maximum is a
 * warning only: the node clamps it, it is never the reason for a skip.
 */
export function diagnoseNoReceipt(tx: TxFacts, chain: ChainFacts, l10n: L10n = englishL10n): Diagnosis {
  const checks: Checks = { evidence: [], found: [], warnings: [] };
  checkIncluded(chain, checks, l10n);
  checkType(tx, checks, l10n);
  checkNonce(tx, chain, checks, l10n);
  checkGasPrice(tx, chain, checks, l10n);
  checkFunds(tx, chain, checks, l10n);
  checkGasLimit(tx, chain, checks, l10n);
  return verdictOf(checks, l10n);
}

function checkIncluded(chain: ChainFacts, { evidence, found }: Checks, l10n: L10n): void {
  if (chain.included) {
    evidence.push({ label: l10n.t('Included'), value: l10n.t('in block {0}', formatBigInt(chain.included.blockNumber)), ok: true });
    found.push({
      kind: 'included',
      headline: l10n.t('Included in block {0}: the chain has this transaction, so its receipt is there.', formatBigInt(chain.included.blockNumber)),
      next: [l10n.t('Look the receipt up again at the latest state (the block may be newer than the state asked), or on the chain that included it.')],
    });
  } else if (chain.included === null) {
    evidence.push({
      label: l10n.t('Included'),
      value: l10n.t('not in any block (a chain shows nothing of a transaction before it is included)'),
      ok: undefined,
    });
  }
}

function checkType(tx: TxFacts, { evidence, found }: Checks, l10n: L10n): void {
  if (tx.type === undefined) return;
  const typed = tx.type !== 0;
  evidence.push({ label: l10n.t('Transaction type'), value: typeName(tx.type, l10n), ok: !typed });
  if (typed) {
    found.push({
      kind: 'typed',
      headline: l10n.t('Refused: this is {0}, and the chain accepts only legacy (type 0) transactions.', typeName(tx.type, l10n)),
      next: [l10n.t('Send it again as a legacy transaction (in Foundry: --legacy; in Hardhat: set gasPrice instead of maxFeePerGas).')],
    });
  }
}

function checkNonce(tx: TxFacts, chain: ChainFacts, { evidence, found }: Checks, l10n: L10n): void {
  if (chain.nextNonce === undefined) return;
  const next = chain.nextNonce;
  const who = shortId(tx.sender, 6, 4);
  evidence.push({ label: l10n.t('Nonce'), value: l10n.t('{0} (the next for {1} is {2})', String(tx.nonce), who, String(next)), ok: tx.nonce === next });
  if (tx.nonce < next) {
    found.push({
      kind: 'nonceUsed',
      headline: l10n.t(
        'Replaced or dropped: nonce {0} of {1} is used already (the next is {2}), and not by this transaction.',
        String(tx.nonce),
        tx.sender,
        String(next),
      ),
      next: [
        l10n.t('Another transaction with the same nonce was included instead (a replacement, or one sent from elsewhere), or this one was dropped.'),
        l10n.t('Send it again with nonce {0} if it is still wanted.', String(next)),
      ],
    });
  } else if (tx.nonce > next) {
    found.push(nonceGap(tx, next, l10n));
  }
}

/** The nonces the chain waits for before this one: the first few named, the rest counted. */
function nonceGap(tx: TxFacts, next: bigint, l10n: L10n): Finding {
  const missing: bigint[] = [];
  for (let n = next; n < tx.nonce && missing.length < MAX_NAMED_NONCES; n++) missing.push(n);
  const count = tx.nonce - next;
  const named = missing.map(String).join(', ') + (count > BigInt(missing.length) ? l10n.t(' and {0} more', formatBigInt(count - BigInt(missing.length))) : '');
  return {
    kind: 'nonceGap',
    headline: l10n.t('Waiting: nonce {0} is next for {1}; this transaction has nonce {2}.', String(next), tx.sender, String(tx.nonce)),
    next: [
      count === 1n
        ? l10n.t('Nonce {0} is missing: send a transaction with it, and this one follows.', named)
        : l10n.t('Nonces {0} are missing: send transactions with them, and this one follows.', named),
      l10n.t('Until then it waits in the mempool for at most {0} h, then it is dropped.', MEMPOOL_TTL_HOURS),
    ],
    missing,
  };
}

function checkGasPrice(tx: TxFacts, chain: ChainFacts, { evidence, found }: Checks, l10n: L10n): void {
  if (chain.gasPrice === undefined || tx.gasPrice === undefined) return;
  const exact = traitsOf(chain.generation).gasPriceExact;
  const ok = exact ? tx.gasPrice === chain.gasPrice : tx.gasPrice >= chain.gasPrice;
  evidence.push({
    label: l10n.t('Gas price'),
    value: exact
      ? l10n.t('{0} (the chain asks exactly {1})', hexWei(tx.gasPrice), hexWei(chain.gasPrice))
      : l10n.t('{0} (the chain asks at least {1})', hexWei(tx.gasPrice), hexWei(chain.gasPrice)),
    ok,
  });
  if (ok) return;
  found.push({
    kind: 'gasPrice',
    headline: exact
      ? l10n.t('Gas price off: this chain takes exactly {0}, this transaction offers {1}.', hexWei(chain.gasPrice), hexWei(tx.gasPrice))
      : l10n.t('Gas price too low: this chain asks at least {0}, this transaction offers {1}.', hexWei(chain.gasPrice), hexWei(tx.gasPrice)),
    next: [l10n.t('Send it again with the gas price eth_gasPrice gives ({0} wei).', formatBigInt(chain.gasPrice))],
  });
}

function checkFunds(tx: TxFacts, chain: ChainFacts, { evidence, found }: Checks, l10n: L10n): void {
  const minFee = tx.gasPrice === undefined ? undefined : minimumFeeWei(chain.generation, tx.gasPrice, chain);
  if (chain.balanceWei === undefined || minFee === undefined) return;
  const needed = (tx.value ?? 0n) + minFee;
  const ok = chain.balanceWei >= needed;
  evidence.push({
    label: l10n.t('Balance'),
    value: l10n.t('{0} wei (value + minimum fee: {1} wei)', formatBigInt(chain.balanceWei), formatBigInt(needed)),
    ok,
  });
  if (ok) return;
  found.push({
    kind: 'funds',
    headline: l10n.t(
      'Cannot pay: {0} holds {1} wei on the chain, and this transaction needs {2} wei (its value and the minimum fee).',
      tx.sender,
      formatBigInt(chain.balanceWei),
      formatBigInt(needed),
    ),
    next: [
      l10n.t(
        'Deposit at least {0} wei to {1} on the chain (from L1 or another account), and the transaction can be processed.',
        formatBigInt(needed - chain.balanceWei),
        tx.sender,
      ),
    ],
  });
}

function checkGasLimit(tx: TxFacts, chain: ChainFacts, { evidence, warnings }: Checks, l10n: L10n): void {
  const maxGas = maxEvmGasPerRequest(chain);
  if (maxGas === undefined || tx.gasLimit === undefined) return;
  const within = tx.gasLimit <= maxGas;
  evidence.push({ label: l10n.t('Gas limit'), value: l10n.t('{0} (at most {1} per request)', formatBigInt(tx.gasLimit), formatBigInt(maxGas)), ok: within });
  if (!within)
    warnings.push(
      l10n.t(
        'Its gas limit {0} is above the {1} a request may use: the chain clamps it, and it may run out of gas.',
        formatBigInt(tx.gasLimit),
        formatBigInt(maxGas),
      ),
    );
}

/** The first reason found is the verdict; none: no public answer explains it. */
function verdictOf({ evidence, found, warnings }: Checks, l10n: L10n): Diagnosis {
  const first = found[0];
  if (first === undefined) {
    return {
      verdict: 'unexplained',
      headline: l10n.t('No public answer explains it: the nonce, gas price, balance and type all pass.'),
      evidence,
      next: [
        l10n.t('It may still be on its way or in a full block (it is then proposed again): watch it for a while.'),
        l10n.t(
          'A node also skips requests in maintenance mode, when the sender has 100 pending, or when the mempool is full; only the node operator sees those.',
        ),
      ],
      warnings,
    };
  }
  const out: Diagnosis = { verdict: first.kind, headline: first.headline, evidence, next: first.next, warnings };
  if (first.missing !== undefined) out.missingNonces = first.missing;
  return out;
}

function typeName(type: EvmTxType, l10n: L10n): string {
  return type === 2
    ? l10n.t('an EIP-1559 transaction (type 2)')
    : type === 1
      ? l10n.t('an EIP-2930 transaction (type 1)')
      : l10n.t('a legacy transaction (type 0)');
}
