// The index of ABI items (src/evm/model/abiIndex.ts): the toolchains' build outputs read alike,
// the selectors and topics Solidity computes, every field of a parsed item and each validation
// bound at its edge, the canonical types, and the lookup's merging rules and memory budget.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import {
  AbiIndex,
  type AbiItem,
  abiOfJson,
  BUILTIN_KEY,
  canonicalType,
  MAX_INDEX_BYTES,
  MAX_ITEMS_PER_ABI,
  parseAbiItem,
  parseAbiText,
} from '../../../../src/evm/model/abiIndex';
import { ERC20_TRANSFER_EVENT, vaultBuildText, vaultIndex, vaultItem, vaultItems } from '../../helpers/evm';

/** keccak256 of the signature, the first `bytes` bytes as 0x-hex: computed here, apart from the index's cache. */
function hash(signature: string, bytes: number): string {
  return `0x${Buffer.from(keccak_256(new TextEncoder().encode(signature)).subarray(0, bytes)).toString('hex')}`;
}

/** A one-parameter function of this type; undefined when the index refuses the type. */
function withType(type: string): string | undefined {
  return parseAbiItem({ type: 'function', name: 'f', inputs: [{ name: 'x', type }] })?.signature;
}

/** A tuple nested `depth` levels deep, a uint256 at the bottom. */
function nest(depth: number): unknown {
  return depth === 0 ? { type: 'uint256', name: 'x' } : { type: 'tuple', name: 'n', components: [nest(depth - 1)] };
}

function uints(n: number): unknown[] {
  return Array.from({ length: n }, (_, i) => ({ name: `a${i}`, type: 'uint8' }));
}

function fn(name: string, inputs: unknown[], type = 'function'): AbiItem {
  const item = parseAbiItem({ type, name, inputs });
  assert.ok(item, name);
  return item;
}

describe('evm/model/abiIndex: build outputs, selectors, sources', () => {
  it('reads Hardhat and Foundry build outputs of the same contract alike, constructor left out', () => {
    const hh = parseAbiText(vaultBuildText('hardhat'));
    const fo = parseAbiText(vaultBuildText('foundry'));
    assert.ok(hh && fo);
    assert.deepEqual(
      hh.items.map((i) => i.signature),
      fo.items.map((i) => i.signature),
    );
    assert.equal(hh.skipped, 0);
    assert.deepEqual(hh.items.map((i) => `${i.kind} ${i.signature}`).sort(), [
      'error BadOrder((uint64,(address,uint256)[],bytes32),string)',
      'error InsufficientBalance(uint256,uint256)',
      'error TooMany(address[],int8,bool)',
      'event Deposited(address,uint256,string)',
      'event OrderPlaced(uint64,(uint64,(address,uint256)[],bytes32))',
      'function balances(address)',
      'function deposit(string)',
      'function place((uint64,(address,uint256)[],bytes32))',
      'function transfer(address,uint256)',
      'function transfer(address,uint256,bytes)',
    ]);
  });

  it('computes the selectors and topics Solidity does (well-known values)', () => {
    assert.equal(vaultItem('function', 'transfer(address,uint256)').selector, '0xa9059cbb');
    const transferEvent = parseAbiItem(ERC20_TRANSFER_EVENT);
    assert.equal(transferEvent?.selector, '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    // The canonical type of `uint` is uint256, also in arrays.
    assert.equal(canonicalType({ name: '', type: 'uint[]' }), 'uint256[]');
    assert.equal(parseAbiItem({ name: 'f', inputs: [{ type: 'uint' }] })?.signature, 'f(uint256)');
  });

  it('skips and counts hostile or malformed entries, never throws', () => {
    const parsed = abiOfJson({
      abi: [
        { type: 'function', name: 'ok', inputs: [] },
        { type: 'function', name: 'bad\u202ename', inputs: [] },
        { type: 'function', name: 'f', inputs: [{ type: 'uint7' }] },
        { type: 'error', name: 'E', inputs: [{ type: 'tuple' }] },
        { type: 'event', name: 'Deep', inputs: [nest(20)] },
        { type: 'constructor', inputs: [] },
        null,
        'function x()',
      ],
    });
    assert.ok(parsed);
    assert.deepEqual(
      parsed.items.map((i) => i.name),
      ['ok'],
    );
    assert.equal(parsed.skipped, 6);
    assert.equal(parseAbiText('{"abi": [ { "type": "function", '), undefined);
    assert.equal(parseAbiText('{"contractName": "NoAbi"}'), undefined);
  });

  it('an item declared by several files is one entry with both sources; removing a file removes its items', () => {
    const index = vaultIndex();
    index.setFile('file:///w/out/Vault.sol/Vault.json', 'out/Vault.sol/Vault.json', vaultItems());
    const found = index.errors(vaultItem('error', 'InsufficientBalance(uint256,uint256)').selector);
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]?.sources, ['artifacts/contracts/Vault.sol/Vault.json', 'out/Vault.sol/Vault.json']);
    index.removeWhere((k) => k.startsWith('file:///w/'));
    assert.equal(index.errors(vaultItem('error', 'InsufficientBalance(uint256,uint256)').selector).length, 0);
  });
});

describe('evm/model/abiIndex: parsed items', () => {
  it('a function item: every field, selector as keccak256 of the canonical signature (4 bytes)', () => {
    const item = parseAbiItem({
      type: 'function',
      name: 'approve',
      inputs: [
        { name: 'spender', type: 'address' },
        { name: 'amount', type: 'uint' },
      ],
    });
    assert.deepEqual(item, {
      kind: 'function',
      name: 'approve',
      inputs: [
        { name: 'spender', type: 'address' },
        { name: 'amount', type: 'uint' },
      ],
      signature: 'approve(address,uint256)',
      selector: '0x095ea7b3',
    });
  });

  it('a fresh signature is hashed, not read from a cache: a random name, its selector and its event topic', () => {
    const name = `F${randomBytes(8).toString('hex')}`;
    const fn = parseAbiItem({ name, inputs: [{ name: 'v', type: 'int' }] });
    assert.equal(fn?.signature, `${name}(int256)`);
    assert.equal(fn?.selector, hash(`${name}(int256)`, 4));
    const ev = parseAbiItem({ type: 'event', name, inputs: [{ name: 'v', type: 'int', indexed: true }] });
    assert.equal(ev?.selector, hash(`${name}(int256)`, 32));
    // Asked again: the same selector (now from the cache).
    assert.equal(parseAbiItem({ name, inputs: [{ name: 'w', type: 'int256' }] })?.selector, fn?.selector);
  });

  it('inputs may be omitted: a function of no arguments', () => {
    assert.deepEqual(parseAbiItem({ type: 'function', name: 'pause' }), {
      kind: 'function',
      name: 'pause',
      inputs: [],
      signature: 'pause()',
      selector: '0x8456cb59',
    });
    assert.equal(parseAbiItem({ type: 'function', name: 'pause', inputs: 'none' }), undefined);
  });

  it('anonymous is kept on events only, and only when true', () => {
    const inputs = [{ name: 'who', type: 'address', indexed: true }];
    const anon = parseAbiItem({ type: 'event', name: 'Ping', anonymous: true, inputs });
    assert.deepEqual(anon, {
      kind: 'event',
      name: 'Ping',
      inputs: [{ name: 'who', type: 'address', indexed: true }],
      anonymous: true,
      signature: 'Ping(address)',
      selector: hash('Ping(address)', 32),
    });
    const named = parseAbiItem({ type: 'event', name: 'Ping', anonymous: false, inputs });
    assert.ok(named && !('anonymous' in named));
    // A function never is anonymous, and never has indexed parameters.
    const fn = parseAbiItem({ type: 'function', name: 'ping', anonymous: true, inputs });
    assert.ok(fn && !('anonymous' in fn));
    assert.deepEqual(fn.inputs, [{ name: 'who', type: 'address' }]);
    const err = parseAbiItem({ type: 'error', name: 'Ping', anonymous: true, inputs });
    assert.ok(err && !('anonymous' in err));
  });

  it('elementary types: bytes1..bytes32 and sized ints accepted, anything else refused', () => {
    for (const t of [
      'bytes1',
      'bytes9',
      'bytes10',
      'bytes16',
      'bytes20',
      'bytes29',
      'bytes30',
      'bytes32',
      'uint8',
      'int256',
      'uint256[2]',
      'bool[][3]',
      'address[1][2][3][4]',
      'string[999999]',
    ]) {
      assert.equal(withType(t), `f(${t})`, t);
    }
    for (const t of [
      'bytes0',
      'bytes33',
      'bytes40',
      'uint7',
      'uint264',
      'xaddress',
      'myuint256',
      'address ',
      'uint256x',
      'uint256[1234567]',
      'uint256[1][2][3][4][5]',
      'uint256[x]',
      'tuple ',
    ]) {
      assert.equal(withType(t), undefined, t);
    }
  });

  it('canonical types: int and uint are 256 bits, also in arrays and tuples', () => {
    assert.equal(withType('int'), 'f(int256)');
    assert.equal(withType('int[]'), 'f(int256[])');
    assert.equal(withType('uint[2]'), 'f(uint256[2])');
    assert.equal(withType('int8'), 'f(int8)');
    assert.equal(
      canonicalType({
        name: '',
        type: 'tuple[]',
        components: [
          { name: 'a', type: 'int' },
          { name: 'b', type: 'bool' },
        ],
      }),
      '(int256,bool)[]',
    );
  });

  it('parameter names: identifiers kept, anything else dropped to ""', () => {
    const item = parseAbiItem({
      name: 'f',
      inputs: [
        { name: 'ok_1', type: 'bool' },
        { name: '', type: 'bool' },
        { name: 'a b', type: 'bool' },
        { name: '1x', type: 'bool' },
        { name: 7, type: 'bool' },
        { type: 'bool' },
      ],
    });
    assert.deepEqual(
      item?.inputs.map((p) => p.name),
      ['ok_1', '', '', '', '', ''],
    );
  });

  it('nesting: 8 levels of tuples accepted, 9 refused', () => {
    assert.equal(parseAbiItem({ name: 'f', inputs: [nest(8)] })?.signature, 'f(((((((((uint256)))))))))');
    assert.equal(parseAbiItem({ name: 'f', inputs: [nest(9)] }), undefined);
  });

  it('64 parameters and 64 tuple components accepted, 65 refused', () => {
    assert.equal(parseAbiItem({ name: 'f', inputs: uints(64) })?.inputs.length, 64);
    assert.equal(parseAbiItem({ name: 'f', inputs: uints(65) }), undefined);
    assert.equal(parseAbiItem({ name: 'f', inputs: [{ name: 't', type: 'tuple', components: uints(64) }] })?.inputs[0]?.components?.length, 64);
    assert.equal(parseAbiItem({ name: 'f', inputs: [{ name: 't', type: 'tuple', components: uints(65) }] }), undefined);
  });

  it('non-objects are refused, never thrown on: null, strings, functions (even with an ABI-like shape)', () => {
    // A function object has a name (and may carry more properties); it is not a JSON ABI entry.
    assert.equal(
      parseAbiItem(function transfer() {
        return 0;
      }),
      undefined,
    );
    assert.equal(parseAbiItem('transfer()'), undefined);
    assert.equal(parseAbiItem(null), undefined);
    assert.equal(parseAbiItem({ name: 'f', inputs: [null] }), undefined);
    assert.equal(parseAbiItem({ name: 'f', inputs: ['uint256'] }), undefined);
    assert.equal(parseAbiItem({ name: 'f', inputs: [Object.assign(() => 0, { type: 'uint256' })] }), undefined);
  });
});

describe('evm/model/abiIndex: reading ABI files', () => {
  const ok = { type: 'function', name: 'ok', inputs: [] };

  it('constructor, fallback and receive are left out without counting; other bad entries are counted', () => {
    assert.deepEqual(abiOfJson([{ type: 'constructor', inputs: [] }, { type: 'fallback' }, { type: 'receive' }, ok]), {
      items: [parseAbiItem(ok)],
      skipped: 0,
    });
    const fnLike = Object.assign(() => 0, { type: 'constructor' });
    assert.equal(abiOfJson([{ type: '' }, { type: 'Constructor' }, fnLike, 5])?.skipped, 4);
  });

  it('null, a scalar or an object without an ABI array: no ABI; a function object is not JSON', () => {
    assert.equal(abiOfJson(null), undefined);
    assert.equal(abiOfJson('[]'), undefined);
    assert.equal(abiOfJson({ abi: 'x' }), undefined);
    assert.equal(abiOfJson(Object.assign(() => 0, { abi: [ok] })), undefined);
    assert.deepEqual(abiOfJson({ abi: [] }), { items: [], skipped: 0 });
    assert.equal(parseAbiText('null'), undefined);
    assert.equal(parseAbiText('not json'), undefined);
  });

  it(`at most ${MAX_ITEMS_PER_ABI} entries are read; the rest is counted as skipped`, () => {
    const abi = Array.from({ length: MAX_ITEMS_PER_ABI + 3 }, (_, i) => ({ type: 'function', name: `f${i}`, inputs: [] }));
    const parsed = abiOfJson(abi);
    assert.equal(parsed?.items.length, MAX_ITEMS_PER_ABI);
    assert.equal(parsed?.items[MAX_ITEMS_PER_ABI - 1]?.name, `f${MAX_ITEMS_PER_ABI - 1}`);
    assert.equal(parsed?.skipped, 3);
    assert.equal(abiOfJson(abi.slice(0, MAX_ITEMS_PER_ABI))?.skipped, 0);
  });
});

describe('evm/model/abiIndex: the index', () => {
  it('version: bumped by every change, not by a removal that removed nothing', () => {
    const index = new AbiIndex();
    assert.equal(index.version, 0);
    index.setFile('file:///a', 'a', [fn('f', [])]);
    assert.equal(index.version, 1);
    assert.equal(index.removeFile('file:///nope'), false);
    assert.equal(index.version, 1);
    assert.equal(
      index.removeWhere(() => false),
      0,
    );
    assert.equal(index.version, 1);
    assert.equal(
      index.removeWhere((k) => k === 'file:///a'),
      1,
    );
    assert.equal(index.version, 2);
  });

  it('removing a file after a lookup: its items are gone from the next lookup', () => {
    const index = new AbiIndex();
    const f = fn('f', []);
    index.setFile('file:///a', 'a', [f]);
    assert.equal(index.functions(f.selector).length, 1);
    assert.equal(index.removeFile('file:///a'), true);
    assert.equal(index.version, 2);
    assert.deepEqual(index.functions(f.selector), []);
    assert.equal(index.has('file:///a'), false);
    assert.equal(index.fileCount, 0);
  });

  it('shipped ABIs keep their own order among themselves, after the workspace ones', () => {
    const index = new AbiIndex();
    const f = fn('f', [{ name: 'x', type: 'uint256' }]);
    index.setFile(`${BUILTIN_KEY}one`, 'one', [f]);
    index.setFile(`${BUILTIN_KEY}two`, 'two', [f]);
    index.setFile('file:///w', 'w', [f]);
    assert.deepEqual(index.functions(f.selector.toUpperCase().replace('0X', '0x')), [{ item: f, sources: ['w', 'one', 'two'] }]);
  });

  it('one signature, other parameter names or indexed flags: separate entries; a duplicate in one file: one source', () => {
    const index = new AbiIndex();
    const aBc = fn('f', [
      { name: 'a', type: 'uint8' },
      { name: 'bc', type: 'uint8' },
    ]);
    const abC = fn('f', [
      { name: 'ab', type: 'uint8' },
      { name: 'c', type: 'uint8' },
    ]);
    const tA = fn('g', [
      {
        name: 't',
        type: 'tuple',
        components: [
          { name: 'a', type: 'uint8' },
          { name: 'bc', type: 'uint8' },
        ],
      },
    ]);
    const tB = fn('g', [
      {
        name: 't',
        type: 'tuple',
        components: [
          { name: 'ab', type: 'uint8' },
          { name: 'c', type: 'uint8' },
        ],
      },
    ]);
    const evIdx = fn('E', [{ name: 'a', type: 'uint8', indexed: true }], 'event');
    const evPlain = fn('E', [{ name: 'a', type: 'uint8' }], 'event');
    index.setFile('file:///x', 'x', [aBc, aBc, abC, tA, tB, evIdx, evPlain]);
    assert.deepEqual(index.functions(aBc.selector), [
      { item: aBc, sources: ['x'] },
      { item: abC, sources: ['x'] },
    ]);
    assert.deepEqual(index.functions(tA.selector), [
      { item: tA, sources: ['x'] },
      { item: tB, sources: ['x'] },
    ]);
    assert.deepEqual(index.events(evIdx.selector), [
      { item: evIdx, sources: ['x'] },
      { item: evPlain, sources: ['x'] },
    ]);
    assert.deepEqual(index.errors(aBc.selector), []);
  });
});

describe('evm/model/abiIndex: the memory budget', () => {
  let one: AbiItem[];
  beforeEach(() => {
    one = [fn('f', [{ name: 'x', type: 'uint256' }])];
  });
  const costOf = (key: string, items: AbiItem[]) => {
    const probe = new AbiIndex();
    probe.setFile(key, key, items);
    return probe.bytes;
  };

  it('a file that would pass the budget is not added, says so, and its old items leave; a replacement is not counted twice', () => {
    const cost = costOf('file:///a', one);
    const index = new AbiIndex(2 * cost);
    assert.equal(index.setFile('file:///a', 'file:///a', one), true);
    assert.equal(index.setFile('file:///b', 'file:///b', one), true);
    assert.equal(index.bytes, 2 * cost);
    assert.equal(index.setFile('file:///c', 'file:///c', one), false);
    assert.equal(index.has('file:///c'), false);
    assert.equal(index.setFile('file:///a', 'file:///a', one), true);
    assert.equal(index.bytes, 2 * cost);
    assert.equal(index.setFile('file:///a', 'file:///a', [...one, fn('g', [])]), false);
    assert.equal(index.has('file:///a'), false);
    assert.equal(index.bytes, cost);
    assert.equal(
      index.removeWhere(() => true),
      1,
    );
    assert.equal(index.bytes, 0);
  });

  it('counts what an item keeps: a longer name, more parameters, nested components and a longer label cost more', () => {
    const base = costOf('k', [fn('f', [{ name: 'x', type: 'uint8' }])]);
    assert.ok(base > 0);
    assert.ok(costOf('k', [fn('ff', [{ name: 'x', type: 'uint8' }])]) > base);
    assert.ok(costOf('k', [fn('f', [{ name: 'xx', type: 'uint8' }])]) > base);
    assert.ok(costOf('k', [fn('f', [{ name: 'x', type: 'uint16' }])]) > base);
    assert.ok(
      costOf('k', [
        fn('f', [
          { name: 'x', type: 'uint8' },
          { name: 'y', type: 'uint8' },
        ]),
      ]) > base,
    );
    assert.ok(costOf('k', [fn('f', [{ name: 'x', type: 'tuple', components: [{ name: 'y', type: 'uint8' }] }])]) > base);
    assert.ok(costOf('kk', [fn('f', [{ name: 'x', type: 'uint8' }])]) > base);
    assert.equal(costOf('k', []), 4);
  });

  it('a workspace of 500 ten-item artifacts fits the default budget five times over', () => {
    const items = Array.from({ length: 10 }, (_, i) => fn(`function${i}`, uints(4)));
    const index = new AbiIndex();
    for (let i = 0; i < 500; i++) assert.equal(index.setFile(`file:///w/artifacts/C${i}.sol/C${i}.json`, `artifacts/C${i}.sol/C${i}.json`, items), true);
    assert.ok(index.bytes * 5 < MAX_INDEX_BYTES, `${index.bytes}`);
  });
});
