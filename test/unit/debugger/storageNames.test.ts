// Slot names against solc-js's own storage layout of test/fixtures/debugger/Slots.sol. The hashes are
// computed here as the EVM computes them (keccak256 of key . slot); the preimage map stands for
// what a replay saw hashed. That solc's formula is the chain's is pinned against anvil in
// artifactsRealPeers.test.ts (the Ledger's credits).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3';
import { ArtifactIndex } from '../../../src/debugger/model/artifactMatch';
import type { StorageLayout } from '../../../src/debugger/model/codeMap';
import { formatKey, nameSlot } from '../../../src/debugger/model/storageNames';
import { compileHardhat2 } from '../../fixtures/debugger/solcBuild';
import { repoRoot } from '../../fixtures/paths';

const word = (v: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 31, x = v; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const ADDRESS = 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266n;

describe('debugger/model/storageNames: naming a slot of solc’s storage layout', function () {
  this.timeout(60_000);
  let layout: StorageLayout;
  const preimages = new Map<bigint, Uint8Array>();
  /** keccak256 of the bytes, remembered as a replay remembers what it hashed. */
  const hash = (bytes: Uint8Array) => {
    const h = BigInt(`0x${Buffer.from(keccak_256(bytes)).toString('hex')}`);
    preimages.set(h, bytes);
    return h;
  };
  const base = (label: string) => layout.storage.find((v) => v.label === label)?.slot ?? assert.fail(label);

  before(() => {
    const build = compileHardhat2({ 'contracts/Slots.sol': readFileSync(join(repoRoot(__dirname), 'test/fixtures/debugger/Slots.sol'), 'utf8') });
    const index = new ArtifactIndex();
    for (const [path, text] of build.files) index.add(path, text);
    const bytecode = build.output.contracts['contracts/Slots.sol']?.Slots?.evm.deployedBytecode.object.replace(/__\$[0-9a-f]{34}\$__/g, '0'.repeat(40));
    const code = Uint8Array.from(Buffer.from(bytecode ?? '', 'hex'));
    layout = index.match(code, false)?.storageLayout ?? assert.fail('no layout');
  });

  it('names plain variables, packed ones together, struct members and fixed-size array elements by their own slots', () => {
    assert.equal(nameSlot(layout, base('small'), preimages), 'small, other');
    assert.equal(nameSlot(layout, base('pos'), preimages), 'pos.x');
    assert.equal(nameSlot(layout, base('pos') + 1n, preimages), 'pos.y');
    assert.equal(nameSlot(layout, base('fixedThree') + 2n, preimages), 'fixedThree[2]');
  });

  it('names a mapping’s value by the key the replay hashed with its slot: an address key as hex', () => {
    const slot = hash(concat(word(ADDRESS), word(base('credits'))));
    assert.equal(nameSlot(layout, slot, preimages), `credits[0x${ADDRESS.toString(16)}]`);
  });

  it('names a string key quoted and a struct member past the hash, a nested mapping key by key, a dynamic array element by index', () => {
    const alice = hash(concat(new TextEncoder().encode('alice "✓"'), word(base('named'))));
    assert.equal(nameSlot(layout, alice + 1n, preimages), 'named["alice \\"✓\\""].y');
    const inner = hash(concat(word(7n), word(base('allowed'))));
    assert.equal(nameSlot(layout, hash(concat(word(ADDRESS), word(inner))), preimages), `allowed[7][0x${ADDRESS.toString(16)}]`);
    const data = hash(word(base('sink')));
    assert.equal(nameSlot(layout, data + 3n, preimages), 'sink[3]');
  });

  it('answers undefined for a slot no variable holds and a hash it never saw, and refuses a slot outside 256 bits', () => {
    assert.equal(nameSlot(layout, 1000n, preimages), undefined);
    const unseen = BigInt(`0x${Buffer.from(keccak_256(concat(word(1n), word(base('credits'))))).toString('hex')}`);
    assert.equal(nameSlot(layout, unseen, new Map()), undefined);
    assert.equal(nameSlot(layout, -1n, preimages), undefined);
    assert.equal(nameSlot(layout, 2n ** 256n, preimages), undefined);
  });

  it('does not loop on a preimage that names its own hash', () => {
    const h = 0xabcdefn << 200n;
    assert.equal(nameSlot(layout, h, new Map([[h, word(h)]])), undefined);
  });
});

describe('debugger/model/storageNames: mapping keys', () => {
  it('writes each key type as Solidity writes it', () => {
    assert.equal(formatKey('t_uint256', word(1234n)), '1234');
    assert.equal(formatKey('t_int8', word(2n ** 256n - 5n)), '-5');
    assert.equal(formatKey('t_bool', word(1n)), 'true');
    assert.equal(formatKey('t_bool', word(0n)), 'false');
    assert.equal(formatKey('t_bytes4', concat(new Uint8Array([0xde, 0xad, 0xbe, 0xef]), new Uint8Array(28))), '0xdeadbeef');
    assert.equal(formatKey('t_contract(Ledger)12', word(ADDRESS)), `0x${ADDRESS.toString(16)}`);
    assert.equal(formatKey('t_bytes_memory_ptr', new Uint8Array([1, 2])), '0x0102');
    assert.equal(formatKey('t_string_memory_ptr', new TextEncoder().encode('a\u0000b')), '"a\\u0000b"');
  });

  it('cuts a string key past 64 characters, saying so', () => {
    assert.equal(formatKey('t_string_memory_ptr', new TextEncoder().encode('k'.repeat(65))), `"${'k'.repeat(64)}…"`);
    assert.equal(formatKey('t_string_memory_ptr', new TextEncoder().encode('k'.repeat(64))), `"${'k'.repeat(64)}"`);
  });
});

describe('debugger/model/storageNames: arrays of small elements and long strings', () => {
  // A layout as solc writes it for `uint64[] packed; string note;` (Slots.sol has neither shape).
  const layout: StorageLayout = {
    storage: [
      { label: 'packed', slot: 0n, offset: 0, type: 't_array(t_uint64)dyn_storage' },
      { label: 'note', slot: 1n, offset: 0, type: 't_string_storage' },
      { label: 'count', slot: 2n, offset: 0, type: 't_uint256' },
    ],
    types: {
      't_array(t_uint64)dyn_storage': { encoding: 'dynamic_array', label: 'uint64[]', numberOfBytes: 32, base: 't_uint64' },
      t_uint64: { encoding: 'inplace', label: 'uint64', numberOfBytes: 8 },
      t_string_storage: { encoding: 'bytes', label: 'string', numberOfBytes: 32 },
      t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: 32 },
    },
  };
  const keccak = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(keccak_256(bytes)).toString('hex')}`);

  it('names a slot of a packed array by the first element it holds (four uint64 a slot)', () => {
    const data = keccak(word(0n));
    const preimages = new Map([[data, word(0n)]]);
    assert.equal(nameSlot(layout, data, preimages), 'packed[0]');
    assert.equal(nameSlot(layout, data + 2n, preimages), 'packed[8]');
  });

  it('names the slots of a long string’s data after the string', () => {
    const data = keccak(word(1n));
    const preimages = new Map([[data, word(1n)]]);
    assert.equal(nameSlot(layout, data, preimages), 'note (data)');
    assert.equal(nameSlot(layout, data + 3n, preimages), 'note (data)');
  });

  it('names no slot past the hash of a plain variable’s slot, nor one hashed from a string’s slot with a key', () => {
    const plain = keccak(word(2n));
    assert.equal(nameSlot(layout, plain, new Map([[plain, word(2n)]])), undefined);
    const keyed = concat(word(5n), word(1n));
    const hashed = keccak(keyed);
    assert.equal(nameSlot(layout, hashed, new Map([[hashed, keyed]])), undefined);
  });
});
