// Decoding with the ABI (src/evm/model/decode.ts): custom errors, calls and logs of the Vault
// contract with exact values, overloads, the workspace's ABI before a shipped one; at its edges: the
// hex the user pasted or the node sent (blanks, case, stray characters), the size cap at its exact
// boundary, the reasons a result gives, array and string clipping, and which topics hold which
// indexed value and which are hashes.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AbiIndex, type AbiItem, type AbiParam, parseAbiText } from '../../../../src/evm/model/abiIndex';
import {
  type AbiCoder,
  decodeCustomError,
  decodedLine,
  decodeFunctionCall,
  decodeFunctionResult,
  decodeLog,
  formatAbiValue,
  loadAbiCoder,
  MAX_DECODE_BYTES,
  MAX_VALUE_CHARS,
} from '../../../../src/evm/model/decode';
import { word } from '../../../fixtures/hostileAbiData';
import { abiItem, ALICE, BOB, type Encode, ERC20_TRANSFER_EVENT, indexOf, loadCodecs, vaultIndex, vaultItem, vaultItems } from '../../helpers/evm';

/** An address as a topic: 12 zero bytes, then the 20 bytes. */
const topicOf = (address: string) => `0x${'00'.repeat(12)}${address.slice(2).toLowerCase()}`;

const TRANSFER = (): AbiItem =>
  abiItem({
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  });
const PAUSE = (): AbiItem => abiItem({ type: 'function', name: 'pause', inputs: [] });
const TRANSFER_EVENT = (): AbiItem => abiItem(ERC20_TRANSFER_EVENT);
const FLAGGED = (): AbiItem =>
  abiItem({
    type: 'event',
    name: 'Flagged',
    inputs: [
      { name: 'ok', type: 'bool', indexed: true },
      { name: 'delta', type: 'int8', indexed: true },
      { name: 'note', type: 'string' },
    ],
  });
/** Indexed values that are not value types: the topic holds keccak256 of their encoding. */
const HASHED = (): AbiItem =>
  abiItem({
    type: 'event',
    name: 'Hashed',
    inputs: [
      { name: 'label', type: 'string', indexed: true },
      { name: 'blob', type: 'bytes', indexed: true },
      { name: 'pair', type: 'uint256[2]', indexed: true },
    ],
  });
const HASHED_MORE = (): AbiItem =>
  abiItem({
    type: 'event',
    name: 'HashedMore',
    inputs: [
      { name: 'one', type: 'uint256[1]', indexed: true },
      { name: 'point', type: 'tuple', indexed: true, components: [{ name: 'x', type: 'uint256' }] },
      { name: 'list', type: 'address[]', indexed: true },
    ],
  });

describe('evm/model/decode: the Vault contract', () => {
  let coder: AbiCoder;
  let encode: Encode;
  before(async () => {
    ({ coder, encode } = await loadCodecs());
  });

  function revert(signature: string, values: unknown[]): string {
    const e = vaultItem('error', signature);
    return e.selector + encode(e.inputs, values).slice(2);
  }

  it('a custom error with uint256 arguments: names and exact values (2^255 stays exact)', () => {
    const d = decodeCustomError(coder, vaultIndex(), revert('InsufficientBalance(uint256,uint256)', [10n, 2n ** 255n]));
    assert.ok(d.ok);
    assert.equal(d.item.name, 'InsufficientBalance');
    assert.deepEqual(
      d.item.args.map((a) => [a.name, a.type, a.value]),
      [
        ['available', 'uint256', '10'],
        ['required', 'uint256', (2n ** 255n).toString()],
      ],
    );
    assert.equal(decodedLine(d.item), `InsufficientBalance(available: 10, required: ${2n ** 255n})`);
  });

  it('nested tuples with a dynamic array of tuples, and a string', () => {
    const order = {
      id: 7n,
      legs: [
        { to: ALICE.toLowerCase(), amount: 1n },
        { to: BOB, amount: 2n ** 64n },
      ],
      tag: `0x${'ab'.repeat(32)}`,
    };
    const d = decodeCustomError(coder, vaultIndex(), revert('BadOrder((uint64,(address,uint256)[],bytes32),string)', [order, 'no legs']));
    assert.ok(d.ok);
    assert.equal(d.item.args[0]?.value, `(id: 7, legs: [(to: ${ALICE}, amount: 1), (to: ${BOB}, amount: ${2n ** 64n})], tag: 0x${'ab'.repeat(32)})`);
    assert.equal(d.item.args[1]?.value, '"no legs"');
  });

  it('a dynamic address array (EIP-55), a negative int8 and a bool', () => {
    const d = decodeCustomError(coder, vaultIndex(), revert('TooMany(address[],int8,bool)', [[ALICE.toLowerCase(), BOB.toLowerCase()], -5, true]));
    assert.ok(d.ok);
    assert.deepEqual(
      d.item.args.map((a) => a.value),
      [`[${ALICE}, ${BOB}]`, '-5', 'true'],
    );
  });

  it('an unknown selector says so with the selector; data that does not fit the ABI is not decoded', () => {
    const unknown = decodeCustomError(coder, vaultIndex(), `0xdeadbeef${'00'.repeat(32)}`);
    assert.deepEqual(unknown, { ok: false, selector: '0xdeadbeef', reason: 'unknown' });
    const sel = vaultItem('error', 'InsufficientBalance(uint256,uint256)').selector;
    assert.deepEqual(decodeCustomError(coder, vaultIndex(), `${sel}${'00'.repeat(32)}`), { ok: false, selector: sel, reason: 'undecodable' });
    // A hostile offset past the end of a dynamic argument.
    const bad = vaultItem('error', 'TooMany(address[],int8,bool)').selector + 'ff'.repeat(32) + '00'.repeat(64);
    assert.equal(decodeCustomError(coder, vaultIndex(), bad).ok, false);
    assert.equal(decodeCustomError(coder, vaultIndex(), 'zz').ok, false);
  });

  it('an overloaded function: each overload by its own selector', () => {
    const two = vaultItem('function', 'transfer(address,uint256)');
    const three = vaultItem('function', 'transfer(address,uint256,bytes)');
    assert.notEqual(two.selector, three.selector);
    const a = decodeFunctionCall(coder, vaultIndex(), two.selector + encode(two.inputs, [BOB, 5n]).slice(2));
    const b = decodeFunctionCall(coder, vaultIndex(), three.selector + encode(three.inputs, [BOB, 5n, '0x0102']).slice(2));
    assert.ok(a.ok && b.ok);
    assert.equal(decodedLine(a.item), `transfer(to: ${BOB}, amount: 5)`);
    assert.equal(b.item.signature, 'transfer(address,uint256,bytes)');
    assert.equal(b.item.args[2]?.value, '0x0102');
  });

  it("the workspace's ABI names the arguments before a shipped one of the same signature", () => {
    const index = new AbiIndex();
    const erc20 = parseAbiText(readFileSync(join(process.cwd(), 'media/abis/erc20.abi.json'), 'utf8'));
    assert.ok(erc20);
    index.setFile('builtin:erc20.abi.json', 'erc20 (shipped with the extension)', erc20.items);
    index.setFile('file:///w/Vault.json', 'Vault.json', vaultItems());
    const two = vaultItem('function', 'transfer(address,uint256)');
    const d = decodeFunctionCall(coder, index, two.selector + encode(two.inputs, [BOB, 5n]).slice(2));
    assert.ok(d.ok);
    assert.equal(decodedLine(d.item), `transfer(to: ${BOB}, amount: 5)`);
  });

  it('decodes a log: indexed address from the topics, the rest from data', () => {
    const e = vaultItem('event', 'Deposited(address,uint256,string)');
    const plain = e.inputs.filter((p) => !p.indexed);
    const d = decodeLog(coder, vaultIndex(), {
      address: BOB,
      topics: [e.selector, `0x${'00'.repeat(12)}${ALICE.slice(2).toLowerCase()}`],
      data: encode(plain, [1000n, 'for rent']),
    });
    assert.ok(d.ok);
    assert.equal(decodedLine(d.item), `Deposited(from: ${ALICE}, amount: 1000, note: "for rent")`);
    assert.equal(decodeLog(coder, vaultIndex(), { address: BOB, topics: [e.selector], data: '0x' }).ok, false);
  });
});

describe('evm/model/decode: call data and revert data', () => {
  let coder: AbiCoder;
  let encode: Encode;
  beforeEach(async () => {
    const ox = await import('../../../fixtures/evmEncode.mjs');
    coder = await loadAbiCoder();
    encode = (params, values) => ox.encodeAbiParameters(params as never, values as never);
  });

  const transferData = () => TRANSFER().selector + encode(TRANSFER().inputs, [BOB, 5n]).slice(2);
  const decodedTransfer = {
    ok: true,
    item: {
      kind: 'function',
      name: 'transfer',
      signature: 'transfer(address,uint256)',
      selector: '0xa9059cbb',
      sources: ['abi.json'],
      args: [
        { name: 'to', type: 'address', value: BOB },
        { name: 'amount', type: 'uint256', value: '5' },
      ],
    },
  };

  it('decodes call data with blanks around it and an upper-case 0X: every field of the result', () => {
    const index = indexOf(TRANSFER());
    assert.deepEqual(decodeFunctionCall(coder, index, transferData()), decodedTransfer);
    assert.deepEqual(decodeFunctionCall(coder, index, ` \n${transferData()}\t `), decodedTransfer);
    assert.deepEqual(decodeFunctionCall(coder, index, `0X${transferData().slice(2).toUpperCase()}`), decodedTransfer);
    assert.deepEqual(decodeFunctionCall(coder, index, transferData().slice(2)), decodedTransfer);
  });

  it('hex that is not hex: no selector, undecodable (odd length, a stray 0x inside, other characters)', () => {
    const index = indexOf(TRANSFER());
    const bad = { ok: false, selector: undefined, reason: 'undecodable' };
    const data = transferData();
    assert.deepEqual(decodeFunctionCall(coder, index, `${data}0`), bad);
    assert.deepEqual(decodeFunctionCall(coder, index, `${data.slice(2, 20)}0x${data.slice(20)}`), bad);
    assert.deepEqual(decodeFunctionCall(coder, index, `${data}zz`), bad);
    assert.deepEqual(decodeFunctionCall(coder, index, `zz${data.slice(2)}`), bad);
  });

  it('empty data says empty; shorter than a selector says undecodable; a bare selector calls a function of no arguments', () => {
    const index = indexOf(TRANSFER(), PAUSE());
    assert.deepEqual(decodeFunctionCall(coder, index, '0x'), { ok: false, selector: undefined, reason: 'empty' });
    assert.deepEqual(decodeFunctionCall(coder, index, ' '), { ok: false, selector: undefined, reason: 'empty' });
    assert.deepEqual(decodeFunctionCall(coder, index, '0x8456cb'), { ok: false, selector: undefined, reason: 'undecodable' });
    assert.deepEqual(decodeFunctionCall(coder, index, '0x8456cb59'), {
      ok: true,
      item: { kind: 'function', name: 'pause', signature: 'pause()', selector: '0x8456cb59', sources: ['abi.json'], args: [] },
    });
    // A function selector is not an error selector.
    assert.deepEqual(decodeCustomError(coder, index, '0x8456cb59'), { ok: false, selector: '0x8456cb59', reason: 'unknown' });
  });

  it(`data of ${MAX_DECODE_BYTES} bytes is looked up; one byte more is too large`, () => {
    const index = indexOf(TRANSFER());
    const at = `0xdeadbeef${'00'.repeat(MAX_DECODE_BYTES - 4)}`;
    assert.deepEqual(decodeFunctionCall(coder, index, at), { ok: false, selector: '0xdeadbeef', reason: 'unknown' });
    assert.deepEqual(decodeFunctionCall(coder, index, `${at}00`), { ok: false, selector: '0xdeadbeef', reason: 'tooLarge' });
    assert.deepEqual(decodeCustomError(coder, index, `${at}00`), { ok: false, selector: '0xdeadbeef', reason: 'tooLarge' });
    const quarter = `0xdeadbeef${'00'.repeat(MAX_DECODE_BYTES / 4)}`;
    assert.deepEqual(decodeFunctionCall(coder, index, quarter), { ok: false, selector: '0xdeadbeef', reason: 'unknown' });
  });

  it('fixed-size arrays and a static tuple inline in the arguments: decoded, and refused one word short', () => {
    const item = abiItem({
      type: 'function',
      name: 'route',
      inputs: [
        { name: 'pair', type: 'uint256[2]' },
        {
          name: 'leg',
          type: 'tuple',
          components: [
            { name: 'to', type: 'address' },
            { name: 'amount', type: 'uint256' },
          ],
        },
        { name: 'grid', type: 'bool[2][2]' },
      ],
    });
    const data =
      item.selector +
      encode(item.inputs, [
        [1n, 2n],
        { to: ALICE, amount: 3n },
        [
          [true, false],
          [false, true],
        ],
      ]).slice(2);
    assert.equal(data.length, 10 + 8 * 64);
    const d = decodeFunctionCall(coder, indexOf(item), data);
    assert.ok(d.ok, JSON.stringify(d));
    assert.deepEqual(
      d.item.args.map((a) => a.value),
      ['[1, 2]', `(to: ${ALICE}, amount: 3)`, '[[true, false], [false, true]]'],
    );
    assert.deepEqual(decodeFunctionCall(coder, indexOf(item), data.slice(0, -64)), { ok: false, selector: item.selector, reason: 'undecodable' });
  });

  it('empty structs take no bytes: the argument after them is the first word', () => {
    const item = abiItem({
      type: 'function',
      name: 'f',
      inputs: [
        { name: 'e', type: 'tuple', components: [] },
        { name: 'z', type: 'tuple', components: [] },
        { name: 'x', type: 'uint256' },
      ],
    });
    assert.equal(item.signature, 'f((),(),uint256)');
    const d = decodeFunctionCall(coder, indexOf(item), `${item.selector}${word(5)}`);
    assert.ok(d.ok, JSON.stringify(d));
    assert.deepEqual(
      d.item.args.map((a) => [a.name, a.value]),
      [
        ['e', '()'],
        ['z', '()'],
        ['x', '5'],
      ],
    );
  });

  it('arguments followed by bytes that are not whole words are not this function', () => {
    const index = indexOf(TRANSFER());
    const undecodable = { ok: false, selector: '0xa9059cbb', reason: 'undecodable' };
    assert.deepEqual(decodeFunctionCall(coder, index, `${transferData()}00`), undecodable);
    assert.deepEqual(decodeFunctionCall(coder, index, `${transferData()}${'00'.repeat(8)}`), undecodable);
    assert.deepEqual(decodeFunctionCall(coder, index, `${transferData()}${'00'.repeat(16)}`), undecodable);
  });
});

describe('evm/model/decode: formatAbiValue', () => {
  it('a value of the wrong shape for an array of tuples is shown as it is, not as a tuple', () => {
    const p: AbiParam = { name: 'ts', type: 'tuple[]', components: [{ name: 'a', type: 'uint8' }] };
    assert.equal(formatAbiValue(p, 'x'), 'x');
    assert.equal(formatAbiValue(p, [{ a: 1n }]), '[(a: 1)]');
  });

  it('a fixed-size array, as a dynamic one', () => {
    assert.equal(formatAbiValue({ name: 'p', type: 'uint256[3]' }, [1n, 2n, 3n]), '[1, 2, 3]');
    assert.equal(formatAbiValue({ name: 'p', type: 'bool[2][]' }, [[true, false]]), '[[true, false]]');
  });

  it('at most 50 elements of an array, then how many more', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => BigInt(i));
    const list = fifty.join(', ');
    assert.equal(formatAbiValue({ name: 'xs', type: 'uint8[]' }, fifty), `[${list}]`);
    assert.equal(formatAbiValue({ name: 'xs', type: 'uint8[]' }, [...fifty, 50n]), `[${list}, … 1 more]`);
    assert.equal(formatAbiValue({ name: 'xs', type: 'uint8[]' }, [...fifty, 50n, 51n, 52n]), `[${list}, … 3 more]`);
  });

  it('booleans as true and false', () => {
    assert.equal(formatAbiValue({ name: 'b', type: 'bool' }, false), 'false');
    assert.equal(formatAbiValue({ name: 'b', type: 'bool' }, true), 'true');
  });

  it(`a value of ${MAX_VALUE_CHARS} characters is whole; one more is clipped, its length said`, () => {
    const p = { name: 's', type: 'string' };
    const at = 'a'.repeat(MAX_VALUE_CHARS - 2);
    assert.equal(formatAbiValue(p, at), `"${at}"`);
    assert.equal(formatAbiValue(p, `${at}b`), `"${at}b… (${MAX_VALUE_CHARS + 1} characters)`);
    const hex = `0x${'ab'.repeat(MAX_VALUE_CHARS)}`;
    assert.equal(formatAbiValue({ name: 'b', type: 'bytes' }, hex), `${hex.slice(0, MAX_VALUE_CHARS)}… (${hex.length} characters)`);
  });

  it('a tuple: named components by name, unnamed by position; a value that is no object gives undefined components, never throws', () => {
    const named: AbiParam = {
      name: 't',
      type: 'tuple',
      components: [
        { name: 'length', type: 'uint256' },
        { name: 'ok', type: 'bool' },
      ],
    };
    assert.equal(formatAbiValue(named, { length: 2n, ok: true }), '(length: 2, ok: true)');
    assert.equal(formatAbiValue(named, [3n, false]), '(length: 3, ok: false)');
    assert.equal(formatAbiValue(named, null), '(length: undefined, ok: undefined)');
    assert.equal(formatAbiValue(named, 'abc'), '(length: undefined, ok: undefined)');
    const unnamed: AbiParam = {
      name: '',
      type: 'tuple',
      components: [
        { name: '', type: 'uint8' },
        { name: '', type: 'string' },
      ],
    };
    assert.equal(formatAbiValue(unnamed, [1n, 'x']), '(1, "x")');
  });
});

describe('evm/model/decode: logs', () => {
  let coder: AbiCoder;
  let encode: Encode;
  beforeEach(async () => {
    const ox = await import('../../../fixtures/evmEncode.mjs');
    coder = await loadAbiCoder();
    encode = (params, values) => ox.encodeAbiParameters(params as never, values as never);
  });

  const transferLog = () => ({ address: BOB, topics: [TRANSFER_EVENT().selector, topicOf(ALICE), topicOf(BOB)], data: `0x${word(7)}` });

  it('an ERC-20 Transfer: from and to from topics 1 and 2 (indexed), value from data; every field', () => {
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), transferLog()), {
      ok: true,
      item: {
        kind: 'event',
        name: 'Transfer',
        signature: 'Transfer(address,address,uint256)',
        selector: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        sources: ['abi.json'],
        args: [
          { name: 'from', type: 'address', value: ALICE, indexed: true },
          { name: 'to', type: 'address', value: BOB, indexed: true },
          { name: 'value', type: 'uint256', value: '7' },
        ],
      },
    });
  });

  it('topic0 in upper case is found, and reported in lower case when unknown', () => {
    const log = transferLog();
    const upper = { ...log, topics: [`0x${TRANSFER_EVENT().selector.slice(2).toUpperCase()}`, ...log.topics.slice(1)] };
    assert.equal(decodeLog(coder, indexOf(TRANSFER_EVENT()), upper).ok, true);
    const unknown = `0x${'AB'.repeat(32)}`;
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, topics: [unknown] }), {
      ok: false,
      selector: `0x${'ab'.repeat(32)}`,
      reason: 'unknown',
    });
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, topics: [] }), { ok: false, selector: undefined, reason: 'unknown' });
  });

  it('data that is not hex, or too large, says so with topic0', () => {
    const log = transferLog();
    const topic0 = TRANSFER_EVENT().selector;
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, data: '0xzz' }), { ok: false, selector: topic0, reason: 'undecodable' });
    const at = `0x${'00'.repeat(MAX_DECODE_BYTES)}`;
    const other = `0x${'cd'.repeat(32)}`;
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, topics: [other], data: at }), { ok: false, selector: other, reason: 'unknown' });
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, data: `${at}00` }), { ok: false, selector: topic0, reason: 'tooLarge' });
    const quarter = `0x${'00'.repeat(MAX_DECODE_BYTES / 4)}`;
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, topics: [other], data: quarter }), {
      ok: false,
      selector: other,
      reason: 'unknown',
    });
  });

  it('a log with more or fewer topics than the event has indexed parameters is not that event', () => {
    const log = transferLog();
    const undecodable = { ok: false, selector: TRANSFER_EVENT().selector, reason: 'undecodable' };
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, topics: [...log.topics, topicOf(ALICE)] }), undecodable);
    assert.deepEqual(decodeLog(coder, indexOf(TRANSFER_EVENT()), { ...log, topics: log.topics.slice(0, 2) }), undecodable);
  });

  it('a topic that is not 32 bytes is refused, even for a hashed (string) value', () => {
    const log = { address: BOB, topics: [HASHED().selector, '0x01', `0x${'22'.repeat(32)}`, `0x${'33'.repeat(32)}`], data: '0x' };
    assert.deepEqual(decodeLog(coder, indexOf(HASHED()), log), { ok: false, selector: HASHED().selector, reason: 'undecodable' });
  });

  it('indexed value types come from their topics: a bool and a negative int8; the string from data', () => {
    const topics = [FLAGGED().selector, `0x${word(1)}`, `0x${word(-5)}`];
    const d = decodeLog(coder, indexOf(FLAGGED()), { address: BOB, topics, data: encode([{ name: 'note', type: 'string' }], ['hi']) });
    assert.ok(d.ok);
    assert.deepEqual(d.item.args, [
      { name: 'ok', type: 'bool', value: 'true', indexed: true },
      { name: 'delta', type: 'int8', value: '-5', indexed: true },
      { name: 'note', type: 'string', value: '"hi"' },
    ]);
  });

  it('indexed strings, bytes, arrays (fixed-size too) and tuples are only their keccak256 hash in the topic', () => {
    const h = (b: string) => `0x${b.repeat(32)}`;
    const hashed = decodeLog(coder, indexOf(HASHED()), { address: BOB, topics: [HASHED().selector, h('11'), h('22'), h('33')], data: '0x' });
    assert.ok(hashed.ok, JSON.stringify(hashed));
    assert.deepEqual(hashed.item.args, [
      { name: 'label', type: 'string', value: `${h('11')} (keccak256 of the value)`, indexed: true },
      { name: 'blob', type: 'bytes', value: `${h('22')} (keccak256 of the value)`, indexed: true },
      { name: 'pair', type: 'uint256[2]', value: `${h('33')} (keccak256 of the value)`, indexed: true },
    ]);
    const more = decodeLog(coder, indexOf(HASHED_MORE()), { address: BOB, topics: [HASHED_MORE().selector, h('44'), h('55'), h('66')], data: '0x' });
    assert.ok(more.ok, JSON.stringify(more));
    assert.deepEqual(
      more.item.args.map((a) => a.value),
      [`${h('44')} (keccak256 of the value)`, `${h('55')} (keccak256 of the value)`, `${h('66')} (keccak256 of the value)`],
    );
  });
});

describe('evm/model/decode: what a call returned', () => {
  let coder: AbiCoder;
  let encode: Encode;
  before(async () => ({ coder, encode } = await loadCodecs()));

  const fn = (outputs: unknown[]) => abiItem({ type: 'function', name: 'f', inputs: [], outputs });

  it('by the function outputs: one unnamed value alone, named ones in parentheses, none as ()', () => {
    const one = fn([{ name: '', type: 'bool' }]);
    assert.equal(decodeFunctionResult(coder, one.outputs, encode(one.outputs ?? [], [true])), 'true');
    const two = fn([
      { name: 'amount', type: 'uint256' },
      { name: 'who', type: 'address' },
    ]);
    assert.equal(decodeFunctionResult(coder, two.outputs, encode(two.outputs ?? [], [5n, ALICE])), `(amount: 5, who: ${ALICE})`);
    assert.equal(decodeFunctionResult(coder, fn([]).outputs, '0x'), '()');
  });

  it('undecided when the ABI names no outputs, the data is short, not laid out as they say, too large or not hex', () => {
    const one = fn([{ name: '', type: 'uint256' }]);
    const noOutputs = abiItem({ type: 'function', name: 'g', inputs: [] });
    assert.equal(noOutputs.outputs, undefined);
    assert.equal(decodeFunctionResult(coder, noOutputs.outputs, `0x${word(1n)}`), undefined);
    assert.equal(decodeFunctionResult(coder, one.outputs, '0x01'), undefined);
    assert.equal(decodeFunctionResult(coder, fn([]).outputs, `0x${word(1n)}`), undefined);
    assert.equal(decodeFunctionResult(coder, one.outputs, `0x${'00'.repeat(MAX_DECODE_BYTES + 32)}`), undefined);
    assert.equal(decodeFunctionResult(coder, one.outputs, '0xzz'), undefined);
    const str = fn([{ name: '', type: 'string' }]);
    assert.equal(decodeFunctionResult(coder, str.outputs, `0x${word(0x40n)}${word(0n)}`), undefined, 'an offset that points past the data');
  });

  it('an ABI entry whose outputs are not well formed keeps the function, without outputs', () => {
    const item = abiItem({ type: 'function', name: 'h', inputs: [], outputs: [{ name: '', type: 'uint7' }] });
    assert.equal(item.signature, 'h()');
    assert.equal(item.outputs, undefined);
  });
});
