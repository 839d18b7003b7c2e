// The name a hex value is bound to on its own line (src/receipts/model/idBinding.ts): flags, Foundry
// commands, routes, calls, conversions, assignments and Markdown table columns, and which names are
// an ID's (namesAnId).
import * as assert from 'node:assert/strict';
import { bindingOf, namesAnId } from '../../../../src/receipts/model/idBinding';
import type { IdPlace } from '../../../../src/receipts/model/idText';

const ID = `0x${'ab'.repeat(32)}`;

/** The place of the ID (first occurrence) in `line`, in a TypeScript file unless told. */
function at(line: string, extra: Partial<IdPlace> = {}): IdPlace {
  const start = line.indexOf(ID);
  assert.ok(start >= 0, 'the ID is in the line');
  return { path: '/work/app/src/index.ts', line, start, end: start + ID.length, ...extra };
}

describe('receipts/model/idBinding: on the value\u2019s line', () => {
  describe('flags, commands, routes and calls', () => {
    it('a CLI flag before the value binds it to the flag\u2019s name', () => {
      assert.deepEqual(bindingOf(at(`wasp tx --tx-hash ${ID}`)), { kind: 'flag', name: ['tx', 'hash'] });
    });

    it('Foundry\u2019s cast receipt binds its argument as a transaction hash', () => {
      assert.deepEqual(bindingOf(at(`cast receipt ${ID}`)), { kind: 'call', name: ['tx', 'hash'] });
    });

    it('a URL route segment before the value binds it to the segment', () => {
      assert.deepEqual(bindingOf(at(`open https://explorer.example/tx/${ID}`)), { kind: 'route', name: ['tx'] });
    });

    it('the first argument of getTransactionReceipt is a transaction hash', () => {
      assert.deepEqual(bindingOf(at(`await provider.getTransactionReceipt("${ID}")`)), { kind: 'call', name: ['tx', 'hash'] });
    });

    it('a hash taken of the value (a call whose name starts with a digest word) is not bound', () => {
      assert.equal(bindingOf(at(`txHash = signatureHash("${ID}")`)), undefined);
    });

    it('an unknown call around the value is not bound to the name it is assigned to', () => {
      assert.equal(bindingOf(at(`txHash = lookUp("${ID}")`)), undefined);
    });
  });

  describe('conversions that keep the value pass the name through', () => {
    const cases: [string, string][] = [
      ['bytes32', `bytes32 constant TX_HASH = bytes32(${ID});`],
      ['B256', `let tx_hash = B256(${ID});`],
      ['H256', `let tx_hash = H256(${ID});`],
      ['FixedBytes', `let tx_hash = FixedBytes(${ID});`],
      ['a *Hash function', `txHash := common.HexToHash("${ID}")`],
      ['a *Hex function', `tx_hash = to_hex("${ID}")`],
      ['a *_str function', `let tx_hash = B256::from_str("${ID}")`],
      ['hexlify', `tx_hash = hexlify("${ID}")`],
    ];
    for (const [title, line] of cases) {
      it(`${title}: the value is bound to the assigned name`, () => {
        assert.deepEqual(bindingOf(at(line)), { kind: 'assignment', name: ['tx', 'hash'] });
      });
    }
  });

  describe('assignments', () => {
    it('a plain assignment binds the value to the assigned name', () => {
      assert.deepEqual(bindingOf(at(`const depositTxHash = "${ID}";`)), { kind: 'assignment', name: ['deposit', 'tx', 'hash'] });
    });

    it('an item of a list opened on the same line is bound to the list\u2019s name', () => {
      assert.deepEqual(bindingOf(at(`txHashes = ["0x01", "${ID}"]`)), { kind: 'assignment', name: ['tx', 'hashes'] });
    });
  });

  describe('Markdown table columns', () => {
    it('a cell of a row without a closing pipe is bound to its header cell', () => {
      assert.deepEqual(bindingOf(at(`| 1 | ${ID}`, { above: ['| --- | --- |', '| n | tx_hash |'] })), { kind: 'column', name: ['tx', 'hash'] });
    });

    it('an indented row is still a table row', () => {
      assert.deepEqual(bindingOf(at(`  | 1 | ${ID} |`, { above: ['  | n | tx_hash |'] })), { kind: 'column', name: ['tx', 'hash'] });
    });

    it('a header cell written without spaces names the column', () => {
      assert.deepEqual(bindingOf(at(`|${ID}|`, { above: ['|tx_hash|'] })), { kind: 'column', name: ['tx', 'hash'] });
    });

    it('a blank header cell names nothing', () => {
      assert.equal(bindingOf(at(`| ${ID} | 1 |`, { above: ['|  | n |'] })), undefined);
    });

    it('an empty header cell names nothing', () => {
      assert.equal(bindingOf(at(`|${ID}|1|`, { above: ['||n|'] })), undefined);
    });

    it('a header cell of dashes and colons names nothing', () => {
      assert.equal(bindingOf(at(`| ${ID} |`, { above: ['| :--: |'] })), undefined);
    });
  });
});

describe('receipts/model/idBinding: names of an ID', () => {
  const cases: [string[], boolean][] = [
    [['tx', 'hash'], true],
    [['tx', 'hash', '12'], true],
    [['tx', 'hash', '1', '2'], true],
    [['request', 'id'], true],
    [['12'], false],
    [[], false],
    [['tx', 'v2'], false],
    [['tx', '2nd'], false],
    [['tx', 'value'], false],
    [['tx', 'sender'], false],
    [['key', 'hash'], false],
    [['my', 'secrets', 'id'], false],
    [['myprivatekey', 'hash'], false],
    [['mnemonicx', 'id'], false],
    [['passwords', 'id'], false],
    [['xsecret', 'id'], false],
  ];
  for (const [name, expected] of cases) {
    it(`[${name.join(', ')}] ${expected ? 'names' : 'does not name'} an ID`, () => assert.equal(namesAnId(name), expected));
  }

  it('a name bound on a line and ending in a number is an ID\u2019s when the words before the number are', () => {
    const binding = bindingOf(at(`txHash12 = "${ID}"`));
    assert.deepEqual(binding, { kind: 'assignment', name: ['tx', 'hash', '12'] });
    assert.equal(namesAnId(binding?.name ?? []), true);
  });
});
