// "Why no receipt?" on a request ID, built from hand-made chain answers: the exact headline, the
// line each chain gets, what to do, and which chains and hosts were asked.
import * as assert from 'node:assert/strict';
import type { Diagnosis, TxFacts, VerdictKind } from '../../../../src/transactions/model/noReceipt';
import { requestReport, type ChainAnswer, type RequestReportInput } from '../../../../src/transactions/model/noReceiptReport';
import { readRequestId, type RequestIdReading } from '../../../../src/transactions/model/noReceiptRequest';

const TX_ID = `0x${'4b'.repeat(32)}`;
const SENDER = '0x1111111111111111111111111111111111111111';
const NOW = Date.parse('2025-03-01T12:00:00Z');

function reading(index: string): RequestIdReading {
  const r = readRequestId(`${TX_ID}${index}`);
  assert.ok(r);
  return r;
}
const OFF_LEDGER = () => reading('0000');
const ON_LEDGER = () => reading('0100');

function tx(extra: Partial<TxFacts> = {}): TxFacts {
  return { hash: TX_ID, sender: SENDER, nonce: 14n, gasLimit: 21_000n, gasPrice: 10n, value: 0n, type: 0, chainId: 148n, source: 'record', ...extra };
}

function diagnosis(verdict: VerdictKind, headline: string, next: string[] = []): Diagnosis {
  return { verdict, headline, evidence: [], next, warnings: [] };
}

function chain(chainName: string, facts: ChainAnswer['facts'] = {}, failures: ChainAnswer['failures'] = {}): ChainAnswer {
  return { chainName, facts, failures };
}

function withEvm(a: ChainAnswer, d: Diagnosis, rpcHost?: string): ChainAnswer {
  return { ...a, evm: { diagnosis: d, failures: {}, rpcHost } };
}

function report(input: Partial<RequestReportInput>) {
  return requestReport({ reading: OFF_LEDGER(), answers: [], left: [], tx: undefined, ownSkipReason: undefined, now: NOW, ...input });
}

const ASKED_A = 'Asked: A, each for whether it is active and its latest block.';
const OFF_LEDGER_LINE = `${TX_ID}0000 ends in output index 0000: an off-ledger request, such as the EVM transaction ${TX_ID}.`;
const RECORD_LINE = `From the workspace’s record of it: sender ${SENDER}, nonce 14.`;

describe('transactions/model/noReceiptReport: the lines said of hand-made chain answers', () => {
  it('the first chain whose EVM checks explain the miss gives the headline and what to do, past one they explain nothing', () => {
    const answers = [
      chain('Plain', { active: true }),
      withEvm(chain('Quiet', { active: true }), diagnosis('unexplained', 'Nothing found', ['watch it'])),
      withEvm(chain('Gap', { active: true }), diagnosis('nonceGap', 'Waiting for nonce 12', ['send nonce 12'])),
    ];
    const { message, details } = report({ answers, tx: tx() });
    assert.equal(message, 'Gap: Waiting for nonce 12');
    assert.deepEqual(details, [
      OFF_LEDGER_LINE,
      RECORD_LINE,
      'Plain: no receipt; active.',
      'Quiet: no receipt; active.',
      'Gap: no receipt; active.',
      'What to do:',
      'send nonce 12',
      'Asked: Plain, Quiet, Gap, each for whether it is active and its latest block.',
    ]);
  });

  it('when no EVM check explains the miss, the first chain that made them still gives the headline and what to do', () => {
    const answers = [chain('Plain', { active: true }), withEvm(chain('Quiet', { active: true }), diagnosis('unexplained', 'Nothing found', ['watch it']))];
    const { message, details } = report({ answers, tx: tx() });
    assert.equal(message, 'Quiet: Nothing found');
    assert.deepEqual(details.slice(-3), ['What to do:', 'watch it', 'Asked: Plain, Quiet, each for whether it is active and its latest block.']);
  });

  it('a chain that has the receipt is named in the headline and as the one step, above any EVM verdict', () => {
    const answers = [
      withEvm(chain('Gap', { active: true }), diagnosis('nonceGap', 'Waiting', ['send nonce 12'])),
      chain('Holder', { active: true, receipt: { blockIndex: 12_345 } }),
    ];
    const { message, details } = report({ answers, tx: tx() });
    assert.equal(message, 'Holder has its receipt, in block 12,345: look it up there.');
    assert.deepEqual(details.slice(2), [
      'Gap: no receipt; active.',
      'Holder: has its receipt, in block 12,345.',
      'What to do:',
      'Show the receipt on Holder: Show Request Receipt with that chain, or set it first in the lookup order.',
      'Asked: Gap, Holder, each for whether it is active and its latest block.',
    ]);
  });
});

describe('transactions/model/noReceiptReport: the line of each chain', () => {
  it('with nothing to do, no "What to do:" line is written, and nothing is said of chains not asked when none is left', () => {
    const { message, details } = report({ answers: [chain('A', { active: true, evmChainId: 148n })], tx: tx() });
    assert.equal(message, 'Not processed by A, and the EVM checks were not made on any of them: the transaction is signed for EVM chain ID 148.');
    assert.deepEqual(details, [OFF_LEDGER_LINE, RECORD_LINE, 'A: no receipt; active.', ASKED_A]);
  });

  it('a transaction that says no chain ID is said to be signed for an empty one', () => {
    const { message } = report({ answers: [chain('A', { active: true })], tx: tx({ chainId: undefined }) });
    assert.equal(message, 'Not processed by A, and the EVM checks were not made on any of them: the transaction is signed for EVM chain ID .');
  });

  it('a pasted signed transaction is named as such', () => {
    const { details } = report({ answers: [chain('A')], tx: tx({ source: 'raw' }) });
    assert.equal(details[1], `From the signed transaction you pasted: sender ${SENDER}, nonce 14.`);
  });

  it('a chain that said nothing gets "no receipt." alone', () => {
    const { details } = report({ answers: [chain('A')], tx: tx() });
    assert.deepEqual(details, [OFF_LEDGER_LINE, RECORD_LINE, 'A: no receipt.', ASKED_A]);
  });

  it('every answer that failed is named with its reason, and a failed receipt answer is not said to be "no receipt"', () => {
    const failures = { identity: 'id down', latestBlock: 'block down', receipt: 'receipt down' };
    const { details } = report({ answers: [chain('A', {}, failures)], tx: tx() });
    assert.equal(details[2], 'A: not read: whether it is active (id down); not read: its latest block (block down); not read: its receipt (receipt down).');
  });

  it('a failure without a reason is named with empty brackets', () => {
    const { details } = report({ answers: [chain('A', { active: true }, { identity: undefined })], tx: tx() });
    assert.equal(details[2], 'A: no receipt; active; not read: whether it is active ().');
  });

  it('the latest block is said with its number and the time in the zone asked for', () => {
    const facts = { active: true, latestBlock: { index: 4_321, timestamp: '2025-03-01T11:00:00Z' } };
    const { details } = report({ answers: [chain('A', facts)], time: { timeZone: 'Asia/Tokyo', locale: 'en-US' } });
    assert.equal(details[2], 'A: no receipt; active; latest block 4,321, made Mar 1, 2025, 8:00:00 PM (1 h ago).');
  });

  it('a chain with another EVM chain ID than the transaction’s says so; one with the same ID does not', () => {
    const answers = [chain('Other', { active: true, evmChainId: 8822n }), chain('Same', { active: true, evmChainId: 148n })];
    const { details } = report({ answers, tx: tx() });
    assert.deepEqual(details.slice(2, 4), [
      'Other: no receipt; active; EVM chain ID 8822, and the transaction is signed for 148: it is not this chain’s.',
      'Same: no receipt; active.',
    ]);
  });
});

describe('transactions/model/noReceiptReport: what to do, and who was asked', () => {
  it('an on-ledger ID asked of no chain: said in words, with the L1 explorer step and no skip reason of the node', () => {
    const { message, details } = report({ reading: ON_LEDGER() });
    assert.equal(message, 'Not processed by : this on-ledger request (output 1 of an L1 transaction) is no EVM transaction, and no chain asked has taken it.');
    assert.deepEqual(details.slice(1), [
      'What to do:',
      'Look the output 0x4b4b4b4b4b…4b4b0100 up in the L1 explorer of the chain’s network: unspent, no chain has taken it yet; spent, the chain that consumed it has its receipt (check that it was sent to this chain’s address).',
      'Asked: , each for whether it is active and its latest block.',
    ]);
  });

  it('the node’s own skip reason follows the L1 explorer step', () => {
    const { details } = report({ reading: ON_LEDGER(), answers: [chain('A', { active: true })], ownSkipReason: 'Node reason.' });
    assert.deepEqual(details.slice(2, 4), ['What to do:', details[3]]);
    assert.ok(details[3]?.startsWith('Look the output 0x4b4b4b4b4b…4b4b0100 up in the L1 explorer'), details[3]);
    assert.deepEqual(details.slice(4), ['Node reason.', ASKED_A]);
  });

  it('an off-ledger ID without the transaction asks for it', () => {
    const { details } = report({ answers: [chain('A', { active: true })] });
    assert.deepEqual(details, [
      OFF_LEDGER_LINE,
      'No signed transaction was given and the workspace has no record of it: the EVM checks were not made.',
      'A: no receipt; active.',
      'What to do:',
      'If it is an EVM transaction, run Why no receipt? again and paste its signed transaction (or keep its broadcast record in the workspace): its sender, nonce, gas and price are then checked.',
      ASKED_A,
    ]);
  });

  it('a stopped chain among running ones is named as where a request waits', () => {
    const answers = [chain('Stopped', { active: false }), chain('Running', { active: true })];
    const { message, details } = report({ answers, tx: tx({ chainId: undefined }) });
    assert.equal(message, 'Not processed by Stopped, Running, and the EVM checks were not made on any of them: the transaction is signed for EVM chain ID .');
    assert.deepEqual(details.slice(2), [
      'Stopped: no receipt; not active on its node, so it processes no request.',
      'Running: no receipt; active.',
      'What to do:',
      'Stopped is not active on its node: a request sent there waits until it is; ask its operator.',
      'Asked: Stopped, Running, each for whether it is active and its latest block.',
    ]);
  });

  it('a stopped chain the transaction is not signed for is not named as where it waits', () => {
    const answers = [chain('Stopped', { active: false, evmChainId: 1073n }), chain('Running', { active: true, evmChainId: 148n })];
    const { details } = report({ answers, tx: tx() });
    assert.ok(!details.includes('What to do:'), details.join('\n'));
    assert.equal(details.at(-1), 'Asked: Stopped, Running, each for whether it is active and its latest block.');
  });

  it('every chain stopped: the headline says so, and no step names them as where it waits', () => {
    const answers = [chain('S1', { active: false }), chain('S2', { active: false })];
    const { message, details } = report({ answers, tx: tx() });
    assert.equal(message, 'No chain asked can process it: S1, S2 is not active on its node.');
    assert.ok(!details.includes('What to do:'), details.join('\n'));
  });

  it('the EVM JSON-RPC hosts asked are named once each, and the chains left out are listed', () => {
    const answers = [
      withEvm(chain('A', { active: true }), diagnosis('unexplained', 'x'), 'h1'),
      withEvm(chain('B', { active: true }), diagnosis('unexplained', 'x'), 'h2'),
      withEvm(chain('C', { active: true }), diagnosis('unexplained', 'x'), 'h1'),
      withEvm(chain('D', { active: true }), diagnosis('unexplained', 'x')),
    ];
    const { details } = report({ answers, tx: tx(), left: ['E', 'F'] });
    assert.deepEqual(details.slice(-2), [
      'Asked: A, B, C, D, each for whether it is active and its latest block, and the EVM JSON-RPC at h1, h2.',
      'Not asked (at most 4 chains at once): E, F.',
    ]);
  });
});
