// The branches of the receipt view that no demo receipt takes: every sender kind, the error
// headline without a message, a budget of 0, payloads and raw JSON at their caps, and the EVM
// transaction rows of a creation, an undecodable parameter and long call data.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod/mini';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';
import { ReceiptSchema } from '../../../src/api/stardustSchemas';
import { shortId } from '../../../src/core/format';
import {
  HEADLINE_CHARS,
  MAX_PAYLOAD_HEX_CHARS,
  MAX_RAW_JSON_CHARS,
  buildReceiptView,
  evmTxRows,
  englishL10n,
  receiptJson,
  type ReceiptView,
} from '../../../src/receipts/model/receiptView';
import { evmTxLine } from '../../../src/receipts/model/evmTxView';
import { DEMO_RECEIPTS, createDemoChains, type ReceiptJson } from '../../fixtures/demoData';

const CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

function stardust(name: keyof typeof DEMO_RECEIPTS, patch: (r: ReceiptJson) => void): ReceiptView {
  const ref = DEMO_RECEIPTS[name];
  const r = createDemoChains()
    .find((c) => c.chainId === ref.chainId)
    ?.receipts.find((x) => x.request.requestId === ref.requestId);
  const json = structuredClone(r) as ReceiptJson;
  patch(json);
  return buildReceiptView(ReceiptSchema.parse(json));
}

type RebasedWire = z.input<typeof RebasedReceiptSchema>;
function rebased(name: string, patch: (r: RebasedWire) => void = () => undefined): ReceiptView {
  const body = parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased', `${name}.json`), 'utf8')) as RebasedWire;
  patch(body);
  return buildReceiptView(RebasedReceiptSchema.parse(body));
}

function row(v: ReceiptView, field: string) {
  for (const s of v.sections) for (const r of s.rows) if (r.field === field) return r;
  return undefined;
}

describe('model/receiptView: branches no demo receipt takes', () => {
  it('names every kind of Stardust sender, with its display form', () => {
    const alias = `iota1p${'q'.repeat(58)}`;
    const nft = `iota1z${'q'.repeat(58)}`;
    const garbage = `not-an-agent-${'x'.repeat(80)}`;
    const cases: [string, ReceiptView['sender']][] = [
      [alias, { raw: alias, display: shortId(alias), kind: 'alias', kindText: 'L1 alias address (chain)' }],
      [nft, { raw: nft, display: shortId(nft), kind: 'nft', kindText: 'L1 NFT address' }],
      [`07cb02c1@${CHAIN}`, { raw: `07cb02c1@${CHAIN}`, display: 'evm@iota1pzt3m…8qqxu5', kind: 'contract', kindText: 'smart contract on a chain' }],
      ['-', { raw: '-', display: '-', kind: 'nil', kindText: 'no agent' }],
      [garbage, { raw: garbage, display: `${garbage.slice(0, 48)}…${garbage.slice(-8)}`, kind: 'unknown', kindText: 'unrecognised agent ID' }],
    ];
    for (const [sender, expected] of cases) {
      const v = stardust('iscOffLedgerFailure', (r) => {
        r.request.senderAccount = sender;
      });
      assert.deepEqual(v.sender, expected, sender);
      assert.equal(row(v, 'sender')?.detail, expected.kindText);
    }
  });

  it('a Rebased sender: an L1 address of any scheme, a contract, an EVM account whose checksum does not match', () => {
    assert.equal(rebased('receipt-failed-isc').sender.kindText, 'L1 address');
    const contract = rebased('receipt-failed-isc', (r) => {
      r.request.senderAccount = '0x07cb02c1';
    });
    assert.deepEqual(contract.sender, { raw: '0x07cb02c1', display: 'evm', kind: 'contract', kindText: 'smart contract on a chain' });
    const typo = '0xeF2bf31B7Dc8187475a527Cc8b26EAAD55267E33';
    const v = rebased('receipt-success-evm', (r) => {
      r.request.senderAccount = typo;
    });
    assert.deepEqual(v.sender, {
      raw: typo,
      display: '0xeF2b…7E33',
      kind: 'evm',
      kindText: 'EVM account on a chain; its EIP-55 checksum does not match',
      checksumValid: false,
    });
    assert.equal(row(v, 'sender')?.detail, 'EVM account on a chain; its EIP-55 checksum does not match');
    assert.equal(rebased('receipt-success-evm').sender.checksumValid, undefined, 'a matching checksum adds nothing');
  });

  it('a failure without a message leads with the error code, or says that there is none', () => {
    const coded = stardust('iscOffLedgerFailure', (r) => {
      delete r.errorMessage;
      r.rawError = { code: 'beef', params: [] };
    });
    assert.equal(coded.failed, true);
    assert.equal(coded.error?.headline, 'error code beef');
    assert.equal(coded.summary, 'error code beef');
    assert.equal(coded.error?.message, undefined);
    assert.deepEqual(
      coded.sections[0]?.rows.map((r) => [r.field, r.value]),
      [['errorCode', 'beef']],
    );
  });

  it('clips the headline to 300 characters and the summary to 80', () => {
    const long = 'x'.repeat(1000);
    const v = stardust('iscOffLedgerFailure', (r) => {
      r.errorMessage = long;
    });
    assert.equal(HEADLINE_CHARS, 300);
    assert.equal(v.error?.headline, `${'x'.repeat(299)}…`);
    assert.equal(v.summary, `${'x'.repeat(79)}…`);
    assert.equal(v.error?.message, long, 'the message itself is whole');
  });

  it('a budget of 0 gives no burned share', () => {
    const v = stardust('iscOffLedgerFailure', (r) => {
      r.gasBudget = '0';
    });
    assert.equal(v.gas.burnedShare, undefined);
    assert.equal(row(v, 'gasBurned')?.detail, undefined);
    assert.ok(!('detail' in (row(v, 'gasBurned') ?? {})));
  });

  it('cuts a payload beyond the cap and says so; a short one is whole and not marked', () => {
    const big = `0x${'41'.repeat(MAX_PAYLOAD_HEX_CHARS / 2 + 8)}`;
    const v = stardust('contractError', (r) => {
      const p = r.request.params.Items[0];
      if (p) p.value = big;
    });
    const value = v.params[0]?.value;
    assert.equal(value?.hex, `${big.slice(0, MAX_PAYLOAD_HEX_CHARS)}…`);
    assert.equal(value?.truncated, true);
    assert.equal(value?.byteLength, MAX_PAYLOAD_HEX_CHARS / 2 + 8);
    assert.equal(value?.preferred, 'text');
    assert.equal(value?.text, 'A'.repeat(MAX_PAYLOAD_HEX_CHARS / 2 + 8), 'half the hex as text: under the cap, whole');
    const huge = stardust('contractError', (r) => {
      const p = r.request.params.Items[0];
      if (p) p.value = `0x${'41'.repeat(MAX_PAYLOAD_HEX_CHARS + 8)}`;
    }).params[0]?.value;
    assert.equal(huge?.text, `${'A'.repeat(MAX_PAYLOAD_HEX_CHARS)}…`, 'text beyond the cap is cut too');
    const small = stardust('contractError', () => undefined).params[0]?.value;
    assert.ok(small && !('truncated' in small));
  });

  it('cuts the raw JSON beyond its cap', () => {
    const r = ReceiptSchema.parse(
      (() => {
        const ref = DEMO_RECEIPTS.contractError;
        const json = structuredClone(
          createDemoChains()
            .find((c) => c.chainId === ref.chainId)
            ?.receipts.find((x) => x.request.requestId === ref.requestId),
        ) as ReceiptJson;
        json.errorMessage = 'y'.repeat(MAX_RAW_JSON_CHARS);
        return json;
      })(),
    );
    const shown = receiptJson(r);
    assert.equal(shown.length, MAX_RAW_JSON_CHARS + 1);
    assert.ok(shown.endsWith('…'));
    assert.ok(!receiptJson(ReceiptSchema.parse(createDemoChains()[0]?.receipts[0])).endsWith('…'));
  });

  it('labels IRC27 fields that are numbers too, in the standard order, and skips other types', () => {
    const meta = Buffer.from(JSON.stringify({ version: 2, name: 'N', uri: { x: 1 }, standard: 'IRC27', extra: 'e' })).toString('hex');
    const v = stardust('onLedgerNft', (r) => {
      if (r.request.nft) r.request.nft.metadata = `0x${meta}`;
    });
    assert.deepEqual(v.nft?.fields, [
      { key: 'name', value: 'N' },
      { key: 'standard', value: 'IRC27' },
      { key: 'version', value: '2' },
    ]);
  });
});

describe('model/receiptView: EVM transaction rows', () => {
  it('a parameter that is not a signed transaction is one row that says so', () => {
    assert.deepEqual(evmTxRows({ evmTxError: 'bad RLP' }, englishL10n), [
      { field: 'evmTxError', label: 'Not decoded', value: 'bad RLP', detail: 'the request parameter is not a valid signed transaction' },
    ]);
    assert.equal(evmTxRows({}, englishL10n), undefined);
  });

  it('a contract creation, without a chain ID, with long call data (its size grouped: a defect printed 5000) and a hash that differs', () => {
    const tx = rebased('receipt-success-evm').rebased?.evmTx;
    assert.ok(tx);
    const { to: _to, chainId: _chainId, ...rest } = tx;
    const rows = evmTxRows(
      {
        evmTx: { ...rest, creation: true, hashMatches: false, data: { byteLength: 5000, hex: '0x6080', truncated: true, selector: '0x60806040' } },
      },
      englishL10n,
    );
    assert.deepEqual(
      rows?.map((r) => [r.field, r.value, r.detail, r.empty]),
      [
        ['evmTxHash', tx.hash, 'differs from the request ID: this is not the transaction of this request', undefined],
        ['evmTxType', 'legacy', undefined, undefined],
        ['evmTxTo', 'contract creation', undefined, true],
        ['evmTxValue', '1,250,000,000,000,000,000 wei', '1.25 IOTA', undefined],
        ['evmTxNonce', '17', undefined, undefined],
        ['evmTxGasLimit', '21,000', undefined, undefined],
        ['evmTxGasPrice', '10,000,000,000 wei', '10 gwei', undefined],
        ['evmTxData', 'selector 0x60806040, 5,000 bytes', 'the first 4,096 bytes can be copied', undefined],
      ],
    );
    assert.deepEqual(rows?.at(-1)?.copy, { text: '0x6080', what: 'call data' });
    assert.equal(
      evmTxLine({ ...tx, data: { byteLength: 5000, hex: '0x6080', truncated: true, selector: '0x60806040' } }, englishL10n),
      'to 0x79EC02…98607E, 1.25 IOTA, legacy, nonce 17, calls 0x60806040 (5,000 bytes)',
    );
    assert.equal(rows?.find((r) => r.field === 'evmTxTo')?.copy, undefined);
  });
});
