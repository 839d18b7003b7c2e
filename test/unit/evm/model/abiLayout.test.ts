// Call data, revert data and log data whose offsets alias, overlap or point back into a head are
// refused before the ABI decoder walks them (src/evm/model/abiLayout.ts, used by decode.ts): such
// data decodes each aliased value again, gigabytes out of a few hundred kilobytes, and blocked the
// extension host for seconds per hover. Everything an encoder writes still decodes.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AbiIndex, type AbiItem, abiOfJson, type AbiParam } from '../../../../src/evm/model/abiIndex';
import { strictlyLaidOut } from '../../../../src/evm/model/abiLayout';
import { type AbiCoder, decodeCustomError, decodeFunctionCall, decodeLog, loadAbiCoder } from '../../../../src/evm/model/decode';
import { aliasedCallViewArgs, word } from '../../../fixtures/hostileAbiData';
import { repoRoot } from '../../../fixtures/paths';
import { bytesOf } from '../../../fixtures/rlp';
import { abiItem } from '../../helpers/evm';

/** The index of the magic contract's ABI shipped with the extension, and its callView. */
function shippedMagic(): { index: AbiIndex; callView: AbiItem } {
  const parsed = abiOfJson(JSON.parse(readFileSync(join(repoRoot(__dirname), 'media/abis/iscMagic.abi.json'), 'utf8')));
  const callView = parsed?.items.find((i) => i.name === 'callView');
  assert.ok(parsed && callView);
  const index = new AbiIndex();
  index.setFile('builtin:iscMagic', 'iscMagic', parsed.items);
  return { index, callView };
}

describe('evm/model/abiLayout: aliased offsets are refused before decoding', () => {
  let coder: AbiCoder;
  let encode: (params: readonly AbiParam[], values: readonly unknown[]) => string;
  beforeEach(async () => {
    const ox = await import('../../../fixtures/evmEncode.mjs');
    coder = await loadAbiCoder();
    encode = (params, values) => ox.encodeAbiParameters(params as never, values as never);
  });

  it('call data of 128 KB matching the shipped callView, its 1,500 items aliasing one 84 KB bytes: not decoded, non-canonical', () => {
    const { index, callView } = shippedMagic();
    const data = callView.selector + aliasedCallViewArgs(1_500, 84 * 1024);
    assert.ok(data.length / 2 > 128 * 1024);
    assert.deepEqual(decodeFunctionCall(coder, index, data), { ok: false, selector: callView.selector, reason: 'nonCanonical' });
  });

  it('revert data of a workspace error `E(bytes[])` whose 3,000 elements all point at one 40 KB bytes: not decoded, non-canonical', () => {
    const item = abiItem({ type: 'error', name: 'E', inputs: [{ name: 'list', type: 'bytes[]' }] });
    const index = new AbiIndex();
    index.setFile('file:///w/E.json', 'E.json', [item]);
    const n = 3_000;
    const size = 40 * 1024;
    const data = item.selector + word(0x20) + word(n) + word(32 * n).repeat(n) + word(size) + 'cd'.repeat(size);
    assert.deepEqual(decodeCustomError(coder, index, data), { ok: false, selector: item.selector, reason: 'nonCanonical' });
  });

  it('log data whose two strings share one tail: not decoded, non-canonical; the same values laid out in order decode', () => {
    const item = abiItem({
      type: 'event',
      name: 'Named',
      inputs: [
        { name: 'who', type: 'address', indexed: true },
        { name: 'first', type: 'string' },
        { name: 'last', type: 'string' },
      ],
    });
    const index = new AbiIndex();
    index.setFile('file:///w/N.json', 'N.json', [item]);
    const topics = [item.selector, `0x${word(0xbeef)}`];
    const shared = `0x${word(0x40)}${word(0x40)}${word(2)}${'6869'.padEnd(64, '0')}`;
    assert.deepEqual(decodeLog(coder, index, { address: '0x01', topics, data: shared }), { ok: false, selector: item.selector, reason: 'nonCanonical' });
    const plain = encode(item.inputs.slice(1), ['hi', 'hi']);
    const d = decodeLog(coder, index, { address: '0x01', topics, data: plain });
    assert.ok(d.ok, JSON.stringify(d));
    assert.deepEqual(
      d.item.args.map((a) => a.value),
      ['0x000000000000000000000000000000000000bEEF', '"hi"', '"hi"'],
    );
  });

  it('what an encoder writes is laid out strictly: nested tuples, arrays of arrays, fixed arrays of dynamic values, empty ones', () => {
    const cases: Array<[AbiParam[], unknown[]]> = [
      [
        [
          { name: 'a', type: 'string' },
          { name: 'b', type: 'uint256' },
          { name: 'c', type: 'bytes' },
        ],
        ['x'.repeat(70), 7n, '0x'],
      ],
      [[{ name: 'a', type: 'bytes[]' }], [['0x', '0x01', `0x${'ff'.repeat(33)}`]]],
      [
        [
          { name: 'a', type: 'uint256[2][]' },
          { name: 'b', type: 'string[2]' },
        ],
        [
          [
            [1n, 2n],
            [3n, 4n],
          ],
          ['', 'y'],
        ],
      ],
      [[{ name: 'a', type: 'string[][]' }], [[['p', 'q'], [], ['r']]]],
      [
        [
          {
            name: 't',
            type: 'tuple[]',
            components: [
              { name: 'k', type: 'bytes' },
              { name: 'n', type: 'uint8' },
              { name: 'v', type: 'string[]' },
            ],
          },
        ],
        [
          [
            { k: '0xab', n: 1, v: ['s'] },
            { k: '0x', n: 2, v: [] },
          ],
        ],
      ],
      [
        [
          {
            name: 's',
            type: 'tuple',
            components: [
              { name: 'x', type: 'uint256' },
              { name: 'y', type: 'address' },
            ],
          },
          { name: 'z', type: 'bytes32[]' },
        ],
        [{ x: 1n, y: '0x000000000000000000000000000000000000BeEF' }, []],
      ],
      [[], []],
    ];
    for (const [params, values] of cases) assert.equal(strictlyLaidOut(params, bytesOf(encode(params, values))), true, JSON.stringify(params));
  });

  it('offsets that point back into the head, leave a gap, repeat, or point past the data are refused', () => {
    const two: AbiParam[] = [
      { name: 'a', type: 'bytes' },
      { name: 'b', type: 'bytes' },
    ];
    const tailOf = (hex: string) => word(hex.length / 2) + hex.padEnd(64, '0');
    assert.equal(strictlyLaidOut(two, bytesOf(word(0x40) + word(0x80) + tailOf('01') + tailOf('02'))), true);
    assert.equal(strictlyLaidOut(two, bytesOf(word(0x00) + word(0x80) + tailOf('01') + tailOf('02'))), false, 'into the head');
    assert.equal(strictlyLaidOut(two, bytesOf(word(0x60) + word(0xa0) + word(0) + tailOf('01') + tailOf('02'))), false, 'a gap');
    assert.equal(strictlyLaidOut(two, bytesOf(word(0x40) + word(0x40) + tailOf('01'))), false, 'the same tail twice');
    assert.equal(strictlyLaidOut(two, bytesOf(word(0x80) + word(0x40) + tailOf('01') + tailOf('02'))), false, 'out of order');
    assert.equal(strictlyLaidOut(two, bytesOf(word(0x40) + word(0x80) + tailOf('01'))), false, 'past the data');
    assert.equal(strictlyLaidOut(two, bytesOf(word(0x40) + word(0x80) + tailOf('01') + word(33) + '02'.padEnd(64, '0'))), false, 'a length past the data');
    assert.equal(strictlyLaidOut(two, bytesOf(`${word(0x40)}${'ff'.repeat(32)}${tailOf('01')}`)), false, 'an offset of 2^256 - 1');
  });

  it('an array longer than the words left, and fixed arrays of values with no bytes, are refused', () => {
    const list: AbiParam[] = [{ name: 'l', type: 'uint256[]' }];
    assert.equal(strictlyLaidOut(list, bytesOf(word(0x20) + word(2) + word(1) + word(2))), true);
    assert.equal(strictlyLaidOut(list, bytesOf(word(0x20) + word(3) + word(1) + word(2))), false);
    assert.equal(strictlyLaidOut(list, bytesOf(word(0x20) + word(2n ** 200n) + word(1) + word(2))), false);
    const hollow: AbiParam[] = [{ name: 'h', type: 'tuple[999999][999999]', components: [] }];
    assert.equal(strictlyLaidOut(hollow, bytesOf(word(1))), false);
    assert.equal(strictlyLaidOut([{ name: 'z', type: 'uint256[0][999999]' }], bytesOf(word(1))), false);
    assert.equal(
      strictlyLaidOut(
        [
          { name: 'e', type: 'tuple', components: [] },
          { name: 'x', type: 'uint256' },
        ],
        bytesOf(word(1)),
      ),
      true,
    );
  });
});
