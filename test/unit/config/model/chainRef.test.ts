// Which chain a command argument names (src/config/model/chainRef.ts): nothing, a name, a tree
// node, a settings entry, an invalid entry; and what names no chain.
import * as assert from 'node:assert/strict';
import { parseChainArg } from '../../../../src/config/model/chainRef';

describe('config/model/chainRef: parseChainArg', () => {
  it('reads nothing, a name and { chainName }', () => {
    assert.deepEqual(parseChainArg(undefined), { kind: 'none' });
    assert.deepEqual(parseChainArg(null), { kind: 'none' });
    assert.deepEqual(parseChainArg('IOTA EVM'), { kind: 'name', name: 'IOTA EVM' });
    assert.deepEqual(parseChainArg({ chainName: 'IOTA EVM' }), { kind: 'name', name: 'IOTA EVM', key: undefined });
  });

  it('keeps the key of a chain node, not of a detail or receipt node', () => {
    assert.deepEqual(parseChainArg({ kind: 'chain', id: 'chain/user//a', chainName: 'A', key: 'k1' }), { kind: 'name', name: 'A', key: 'k1' });
    assert.deepEqual(parseChainArg({ kind: 'detail', id: 'x/publicURL', chainName: 'A', key: 'forged' }), { kind: 'name', name: 'A', key: undefined });
    assert.deepEqual(parseChainArg({ kind: 'receipt', chainName: 'A', requestId: '0x01' }), { kind: 'name', name: 'A', key: undefined });
  });

  it('tells the node of an invalid settings entry apart from its valid namesake', () => {
    const node = { kind: 'chain', id: 'invalid/user//3', chainName: 'Valid', key: 'k3', invalidEntry: { source: { scope: 'user' }, index: 3 } };
    assert.deepEqual(parseChainArg(node), { kind: 'invalidEntry', name: 'Valid', key: 'k3' });
    // Only a chain node can be an invalid entry: a detail node claiming it still names its chain.
    assert.equal(parseChainArg({ ...node, kind: 'detail' }).kind, 'name');
  });

  it('reads a ChainEntry and { chain: ChainEntry }', () => {
    const entry = { name: 'Shimmer', nodeUrl: 'http://127.0.0.1:1', chainId: 'smr1x', source: { scope: 'user' } };
    assert.deepEqual(parseChainArg(entry), { kind: 'name', name: 'Shimmer' });
    assert.deepEqual(parseChainArg({ chain: entry }), { kind: 'name', name: 'Shimmer' });
  });

  it("treats a list in first place (a menu's selection) as no argument", () => {
    assert.deepEqual(parseChainArg([{ chainName: 'A' }]), { kind: 'none' });
  });

  it('refuses what names no chain instead of guessing', () => {
    for (const arg of [42, true, {}, { name: 'A' }, { chain: null }, { chain: { id: 1 } }, { chainName: 7 }]) {
      assert.deepEqual(parseChainArg(arg), { kind: 'unrecognised' }, JSON.stringify(arg));
    }
  });

  it('does not read a chain name off a function or a number', () => {
    assert.deepEqual(parseChainArg(Object.assign(() => 0, { chainName: 'IOTA' })), { kind: 'unrecognised' });
    assert.deepEqual(parseChainArg(42), { kind: 'unrecognised' });
    assert.deepEqual(parseChainArg(true), { kind: 'unrecognised' });
  });

  it('only a plain object names a chain; a function carrying the same fields does not', () => {
    assert.deepEqual(parseChainArg(Object.assign(() => 0, { chainName: 'IOTA' })), { kind: 'unrecognised' });
    assert.deepEqual(parseChainArg(5), { kind: 'unrecognised' });
  });
});
