// "Why no receipt?" for an ID of the L1-output form as the receipt panel says it: one sentence
// first, then what the ID is, then each chain asked, once, with what it said (and the EVM checks
// made there), what to do, and which chains were asked. The panel lists the lines as bullets. Pure.
import { formatNumber, formatTime, shortId, type TimeStyle } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import type { Diagnosis, TxFacts } from './noReceipt';
import type { FactFailures } from './noReceiptFacts';
import { evmChecksBelong, MAX_DIAGNOSED_CHAINS, type RequestChainFacts, type RequestFactFailures, type RequestIdReading } from './noReceiptRequest';
import { checkLines } from './noReceiptView';
import { shown } from './lineText';

/** What one chain said of the request. */
export interface ChainAnswer {
  chainName: string;
  facts: RequestChainFacts;
  failures: RequestFactFailures;
  /** The EVM checks of the transaction on this chain (only where they belong: evmChecksBelong). */
  evm?: { diagnosis: Diagnosis; failures: FactFailures; rpcHost: string | undefined; nextNonce?: bigint };
}

export interface RequestReportInput {
  reading: RequestIdReading;
  /** The chains asked, in lookup order. */
  answers: readonly ChainAnswer[];
  /** The chains the ID could belong to that were not asked (past MAX_DIAGNOSED_CHAINS). */
  left: readonly string[];
  /** The transaction's own facts (index 0000 only): the workspace's record or the pasted signed transaction. */
  tx: TxFacts | undefined;
  /** A reason to skip that the chains' node has of its own (on-ledger outputs), from its traits. */
  ownSkipReason: string | undefined;
  now: number;
  time?: TimeStyle;
}

const FACT_WORDS: Record<keyof RequestFactFailures, (l10n: L10n) => string> = {
  identity: (l10n) => l10n.t('whether it is active'),
  latestBlock: (l10n) => l10n.t('its latest block'),
  receipt: (l10n) => l10n.t('its receipt'),
};

export function requestReport(input: RequestReportInput, l10n: L10n = englishL10n): { message: string; details: string[] } {
  const details = [...idLines(input, l10n)];
  for (const a of input.answers) {
    details.push(chainLine(a, input, l10n));
    if (a.evm) details.push(...checkLines(a.evm.diagnosis, a.evm.failures, l10n));
  }
  const next = nextSteps(input, l10n);
  if (next.length > 0) details.push(l10n.t('What to do:'), ...next);
  details.push(askedLine(input, l10n));
  if (input.left.length > 0) details.push(l10n.t('Not asked (at most {0} chains at once): {1}.', MAX_DIAGNOSED_CHAINS, input.left.join(', ')));
  return { message: headline(input, l10n), details };
}

/** The first EVM verdict that explains the miss, with the chain it was made on. */
function explained(input: RequestReportInput): ChainAnswer | undefined {
  return input.answers.find((a) => a.evm !== undefined && a.evm.diagnosis.verdict !== 'unexplained');
}

function names(answers: readonly ChainAnswer[]): string {
  return answers.map((a) => a.chainName).join(', ');
}

/** A chain the receipt lookup had not asked, that has the receipt. */
function holder(answers: readonly ChainAnswer[]): { chainName: string; blockIndex: number } | undefined {
  for (const a of answers) if (a.facts.receipt) return { chainName: a.chainName, blockIndex: a.facts.receipt.blockIndex };
  return undefined;
}

function headline(input: RequestReportInput, l10n: L10n): string {
  const { reading, answers } = input;
  const found = holder(answers);
  if (found) return l10n.t('{0} has its receipt, in block {1}: look it up there.', found.chainName, formatNumber(found.blockIndex));
  const evm = explained(input) ?? answers.find((a) => a.evm !== undefined);
  if (evm?.evm) return l10n.t('{0}: {1}', evm.chainName, evm.evm.diagnosis.headline);
  if (answers.length > 0 && answers.every((a) => a.facts.active === false))
    return l10n.t('No chain asked can process it: {0} is not active on its node.', names(answers));
  if (reading.evmHash === undefined)
    return l10n.t(
      'Not processed by {0}: this on-ledger request (output {1} of an L1 transaction) is no EVM transaction, and no chain asked has taken it.',
      names(answers),
      reading.outputIndex,
    );
  return input.tx === undefined
    ? l10n.t('Not processed by {0}: without the signed transaction, only the chains’ state could be checked.', names(answers))
    : l10n.t(
        'Not processed by {0}, and the EVM checks were not made on any of them: the transaction is signed for EVM chain ID {1}.',
        names(answers),
        String(input.tx.chainId ?? ''),
      );
}

function idLines({ reading, tx }: RequestReportInput, l10n: L10n): string[] {
  if (reading.evmHash === undefined) {
    return [
      l10n.t(
        '{0} is output {1} of the L1 transaction {2}: an on-ledger request, sent to a chain’s address on L1. It is no EVM transaction, so there is no signed transaction to read.',
        reading.requestId,
        reading.outputIndex,
        reading.transactionId,
      ),
    ];
  }
  const what = l10n.t('{0} ends in output index 0000: an off-ledger request, such as the EVM transaction {1}.', reading.requestId, reading.evmHash);
  if (tx === undefined) return [what, l10n.t('No signed transaction was given and the workspace has no record of it: the EVM checks were not made.')];
  return [
    what,
    tx.source === 'raw'
      ? l10n.t('From the signed transaction you pasted: sender {0}, nonce {1}.', tx.sender, tx.nonce.toString())
      : l10n.t('From the workspace’s record of it: sender {0}, nonce {1}.', tx.sender, tx.nonce.toString()),
  ];
}

/** One line per chain: no receipt, then whether it is active, its latest block, and a transaction signed for another chain. */
function chainLine(a: ChainAnswer, input: RequestReportInput, l10n: L10n): string {
  const parts: string[] = [];
  const { facts } = a;
  if (facts.active === false) parts.push(l10n.t('not active on its node, so it processes no request'));
  else if (facts.active === true) parts.push(l10n.t('active'));
  if (facts.latestBlock) {
    const t = formatTime(Date.parse(facts.latestBlock.timestamp), input.now, l10n, input.time ?? {});
    const when = t ? t.shown : shown(facts.latestBlock.timestamp);
    parts.push(l10n.t('latest block {0}, made {1}', formatNumber(facts.latestBlock.index), when));
  }
  const txChain = input.tx?.chainId;
  if (txChain !== undefined && !evmChecksBelong(txChain, facts.evmChainId))
    parts.push(l10n.t('EVM chain ID {0}, and the transaction is signed for {1}: it is not this chain’s', String(facts.evmChainId ?? ''), String(txChain)));
  for (const [fact, why] of Object.entries(a.failures)) {
    parts.push(l10n.t('not read: {0} ({1})', FACT_WORDS[fact as keyof RequestFactFailures](l10n), shown(why ?? '')));
  }
  if (facts.receipt) return l10n.t('{0}: has its receipt, in block {1}.', a.chainName, formatNumber(facts.receipt.blockIndex));
  const none = a.failures.receipt === undefined;
  if (parts.length === 0) return none ? l10n.t('{0}: no receipt.', a.chainName) : a.chainName;
  return none ? l10n.t('{0}: no receipt; {1}.', a.chainName, parts.join('; ')) : l10n.t('{0}: {1}.', a.chainName, parts.join('; '));
}

function nextSteps(input: RequestReportInput, l10n: L10n): string[] {
  const { reading, answers } = input;
  const steps: string[] = [];
  const found = holder(answers);
  if (found) return [l10n.t('Show the receipt on {0}: Show Request Receipt with that chain, or set it first in the lookup order.', found.chainName)];
  const evm = explained(input) ?? answers.find((a) => a.evm !== undefined);
  if (evm?.evm) steps.push(...evm.evm.diagnosis.next);
  else if (reading.evmHash === undefined) {
    steps.push(
      l10n.t(
        'Look the output {0} up in the L1 explorer of the chain’s network: unspent, no chain has taken it yet; spent, the chain that consumed it has its receipt (check that it was sent to this chain’s address).',
        shortId(reading.requestId, 12, 8),
      ),
    );
    if (input.ownSkipReason !== undefined) steps.push(input.ownSkipReason);
  } else if (input.tx === undefined) {
    steps.push(
      l10n.t(
        'If it is an EVM transaction, run Why no receipt? again and paste its signed transaction (or keep its broadcast record in the workspace): its sender, nonce, gas and price are then checked.',
      ),
    );
  }
  // A stopped chain the transaction is not signed for is no place it waits.
  const inactive = answers.filter((a) => a.facts.active === false && evmChecksBelong(input.tx?.chainId, a.facts.evmChainId));
  if (inactive.length > 0 && inactive.length < answers.length)
    steps.push(l10n.t('{0} is not active on its node: a request sent there waits until it is; ask its operator.', names(inactive)));
  return steps;
}

function askedLine(input: RequestReportInput, l10n: L10n): string {
  const hosts = [...new Set(input.answers.flatMap((a) => (a.evm?.rpcHost === undefined ? [] : [a.evm.rpcHost])))];
  return hosts.length === 0
    ? l10n.t('Asked: {0}, each for whether it is active and its latest block.', names(input.answers))
    : l10n.t('Asked: {0}, each for whether it is active and its latest block, and the EVM JSON-RPC at {1}.', names(input.answers), hosts.join(', '));
}
