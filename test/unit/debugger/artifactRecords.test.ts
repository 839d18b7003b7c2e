// What readBuildRecord makes of each record shape, written whole in the test (no forge, no solc):
// the exact record, so a field lost, added or renamed shows.
import { strict as assert } from 'node:assert';
import { joinPath, readBuildRecord } from '../../../src/debugger/model/artifacts';
import { decodeSourceMap } from '../../../src/debugger/model/sourceMap';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'));
const mapOf = (text: string) => {
  const d = decodeSourceMap(text);
  assert.ok(d.ok);
  return d.map;
};
const read = (path: string, value: unknown) => readBuildRecord(path, JSON.stringify(value));
// A library's runtime: PUSH20 <20 zero bytes> ADDRESS EQ, then one more byte.
const LIBRARY = `73${'00'.repeat(20)}301400`;

describe('debugger/model/artifacts: a Foundry artifact, field by field', () => {
  it('names the contract after its file, the source after compilationTarget, and keeps the ABI, codes, maps, layout and source id', () => {
    const layout = {
      storage: [{ label: 'm', slot: '1', offset: 0, type: 't_map' }],
      types: {
        t_map: { encoding: 'mapping', label: 'mapping(address => S)', numberOfBytes: '32', key: 't_address', value: 't_struct' },
        t_arr: { encoding: 'dynamic_array', label: 'uint8[]', numberOfBytes: '32', base: 't_uint8' },
        t_struct: { encoding: 'inplace', label: 'struct S', numberOfBytes: '64', members: [{ label: 'a', slot: '2', offset: 1, type: 't_uint8' }] },
        t_uint8: { encoding: 'inplace', label: 'uint8', numberOfBytes: '1' },
      },
    };
    const r = read('out/X.sol/X.jsonish.json', {
      abi: [{ type: 'function', name: 'f' }],
      bytecode: { object: '0x600160', sourceMap: '0:1:0' },
      deployedBytecode: { object: '0x6002600301', sourceMap: '1:2:0;3:4:0', immutableReferences: { '5': [{ start: 3, length: 2 }] } },
      storageLayout: layout,
      metadata: { settings: { compilationTarget: { 'src/X.sol': 'X' } } },
      id: 4,
    });
    assert.deepStrictEqual(r, {
      kind: 'artifact',
      layout: 'foundry',
      contract: {
        contractName: 'X.jsonish',
        sourceName: 'src/X.sol',
        abi: [{ type: 'function', name: 'f' }],
        deployed: { bytes: bytes('6002600301'), mask: [{ start: 3, length: 2 }], sourceMap: mapOf('1:2:0;3:4:0') },
        creation: { bytes: bytes('600160'), mask: [], sourceMap: mapOf('0:1:0') },
        storageLayout: {
          storage: [{ label: 'm', slot: 1n, offset: 0, type: 't_map' }],
          types: Object.assign(Object.create(null) as object, {
            t_map: { encoding: 'mapping', label: 'mapping(address => S)', numberOfBytes: 32, key: 't_address', value: 't_struct' },
            t_arr: { encoding: 'dynamic_array', label: 'uint8[]', numberOfBytes: 32, base: 't_uint8' },
            t_struct: { encoding: 'inplace', label: 'struct S', numberOfBytes: 64, members: [{ label: 'a', slot: 2n, offset: 1, type: 't_uint8' }] },
            t_uint8: { encoding: 'inplace', label: 'uint8', numberOfBytes: 1 },
          }),
        },
      },
      sourceId: 4,
    });
  });

  it('leaves out what the artifact lacks: empty code, an empty map, a layout, a source id', () => {
    const r = read('out/I.sol/I.json', { abi: [], bytecode: { object: '0x', sourceMap: '' }, deployedBytecode: { object: '0x6001', sourceMap: '' } });
    assert.deepStrictEqual(r, {
      kind: 'artifact',
      layout: 'foundry',
      contract: { contractName: 'I', sourceName: undefined, abi: [], deployed: { bytes: bytes('6001'), mask: [] } },
    });
    const iface = read('out/I.sol/I.json', { abi: [], bytecode: { object: '0x' }, deployedBytecode: { object: '0x' } });
    assert.deepStrictEqual(iface.kind === 'artifact' && iface.contract, { contractName: 'I', sourceName: undefined, abi: [] });
  });

  it('takes the source from rawMetadata when metadata names none, and none from a compilationTarget that is not an object or text that is not JSON', () => {
    const source = (over: Record<string, unknown>) => {
      const r = read('out/A.sol/A.json', { abi: [], deployedBytecode: { object: '0x6001' }, ...over });
      return r.kind === 'artifact' ? r.contract.sourceName : r.kind;
    };
    const raw = (target: unknown) => JSON.stringify({ settings: { compilationTarget: target } });
    assert.deepStrictEqual(
      [
        source({ metadata: { settings: { compilationTarget: { 'src/M.sol': 'A' } } }, rawMetadata: raw({ 'src/R.sol': 'A' }) }),
        source({ metadata: {}, rawMetadata: raw({ 'src/R.sol': 'A' }) }),
        source({ metadata: { settings: {} }, rawMetadata: raw({ 'src/R.sol': 'A' }) }),
        source({ rawMetadata: raw('src/R.sol') }),
        source({ rawMetadata: '{not json' }),
        source({ rawMetadata: '{}' }),
        source({}),
      ],
      ['src/M.sol', 'src/R.sol', 'src/R.sol', undefined, undefined, undefined, undefined],
    );
  });
});

describe('debugger/model/artifacts: a library’s runtime code', () => {
  it('masks a library’s own address in its runtime code only, and only after the full PUSH20 <address> ADDRESS EQ opening', () => {
    const masks = (deployed: string, creation = '0x6001') => {
      const r = read('out/L.sol/L.json', { abi: [], bytecode: { object: creation }, deployedBytecode: { object: deployed } });
      return r.kind === 'artifact' ? [r.contract.deployed?.mask, r.contract.creation?.mask] : r.kind;
    };
    const lib = [{ start: 1, length: 20 }];
    assert.deepStrictEqual(masks(LIBRARY), [lib, []]);
    assert.deepStrictEqual(masks(LIBRARY.slice(0, -2)), [[], []], 'exactly 23 bytes: no room for code after the guard');
    assert.deepStrictEqual(masks(`72${LIBRARY.slice(2)}`), [[], []]);
    assert.deepStrictEqual(masks(`${LIBRARY.slice(0, 42)}31${LIBRARY.slice(44)}`), [[], []]);
    assert.deepStrictEqual(masks(`${LIBRARY.slice(0, 44)}15${LIBRARY.slice(46)}`), [[], []]);
    assert.deepStrictEqual(masks('0x6001', LIBRARY), [[], []], 'creation code is never a library’s runtime');
  });
});

describe('debugger/model/artifacts: link and immutable references at the code’s edge', () => {
  const withLink = (object: string, start: number, length: number) =>
    read('out/A.sol/A.json', { abi: [], deployedBytecode: { object, linkReferences: { 'a.sol': { L: [{ start, length }] } } } });

  it('zeroes a link reference that ends on the code’s last byte and masks it', () => {
    const r = withLink(`0x60__$${'ab'.repeat(17)}$__`, 1, 20);
    assert.deepStrictEqual(r.kind === 'artifact' && r.contract.deployed, { bytes: bytes(`60${'00'.repeat(20)}`), mask: [{ start: 1, length: 20 }] });
  });

  it('skips a link reference that starts inside the code but runs past its end, with the reason', () => {
    assert.deepStrictEqual(withLink(`0x${'60'.repeat(10)}`, 5, 20), {
      kind: 'skipped',
      reason: 'deployedBytecode: a link reference lies outside the bytecode',
    });
  });

  it('keeps an immutable reference that ends on the code’s last byte, skips one a byte longer', () => {
    const imm = (length: number) =>
      read('out/A.sol/A.json', { abi: [], deployedBytecode: { object: '0x600160', immutableReferences: { '1': [{ start: 1, length }] } } });
    const kept = imm(2);
    assert.deepStrictEqual(kept.kind === 'artifact' && kept.contract, {
      contractName: 'A',
      sourceName: undefined,
      abi: [],
      deployed: { bytes: bytes('600160'), mask: [{ start: 1, length: 2 }] },
    });
    assert.deepStrictEqual(imm(3), { kind: 'skipped', reason: 'deployedBytecode: an immutable reference lies outside the bytecode' });
  });

  it('names the code whose hex is bad: runtime or creation, bare or beside link references', () => {
    const links = { 'a.sol': { L: [{ start: 1, length: 20 }] } };
    const placeholder = `__$${'ab'.repeat(17)}$__`;
    assert.deepStrictEqual(
      [
        read('out/A.sol/A.json', { abi: [], deployedBytecode: { object: '0xzz' } }),
        read('out/A.sol/A.json', { abi: [], bytecode: { object: '0xzz' }, deployedBytecode: { object: '0x60' } }),
        read('out/A.sol/A.json', { abi: [], bytecode: { object: `0xzz${placeholder}`, linkReferences: links }, deployedBytecode: { object: '0x60' } }),
      ],
      [
        { kind: 'skipped', reason: 'deployedBytecode: bytecode is not hex' },
        { kind: 'skipped', reason: 'bytecode: bytecode is not hex' },
        { kind: 'skipped', reason: 'bytecode: bytecode is not hex once its link references are set aside' },
      ],
    );
  });
});

describe('debugger/model/artifacts: Hardhat’s artifact and debug link', () => {
  const hardhat = (over: Record<string, unknown> = {}) => ({
    contractName: 'H',
    sourceName: 'contracts/H.sol',
    abi: [],
    bytecode: '0x6001',
    deployedBytecode: '0x600260',
    immutableReferences: { '3': [{ start: 2, length: 1 }] },
    ...over,
  });

  it('reads a Hardhat artifact with its immutables, and its buildInfoId only when it names one', () => {
    const contract = {
      contractName: 'H',
      sourceName: 'contracts/H.sol',
      abi: [],
      deployed: { bytes: bytes('600260'), mask: [{ start: 2, length: 1 }] },
      creation: { bytes: bytes('6001'), mask: [] },
    };
    assert.deepStrictEqual(read('artifacts/contracts/H.sol/H.json', hardhat()), { kind: 'artifact', layout: 'hardhat', contract });
    assert.deepStrictEqual(read('artifacts/contracts/H.sol/H.json', hardhat({ buildInfoId: 'solc-0_8_28-abc' })), {
      kind: 'artifact',
      layout: 'hardhat',
      contract,
      buildInfoId: 'solc-0_8_28-abc',
    });
  });

  it('skips a Hardhat artifact whose creation code is not hex, naming that code', () => {
    assert.deepStrictEqual(read('artifacts/H.json', hardhat({ bytecode: '0xzz' })), { kind: 'skipped', reason: 'bytecode: bytecode is not hex' });
  });

  it('points a debug link at its artifact beside it and at the build info relative to its folder', () => {
    assert.deepStrictEqual(read('artifacts/a.dbg.json.d/H.sol/H.dbg.json', { _format: 'hh-sol-dbg-1', buildInfo: './../../build-info//x.json' }), {
      kind: 'debugLink',
      artifactPath: 'artifacts/a.dbg.json.d/H.sol/H.json',
      buildInfoPath: 'artifacts/build-info/x.json',
    });
  });

  it('joins paths past empty and "." segments, and refuses to climb out of the workspace', () => {
    assert.deepStrictEqual(
      [joinPath('', 'a.json'), joinPath('a/b', './c//d.json'), joinPath('a', '../../x.json'), joinPath('/a/./b/', '../c')],
      ['a.json', 'a/b/c/d.json', undefined, 'a/c'],
    );
  });
});

describe('debugger/model/artifacts: a build info and what is not a record', () => {
  it('reads each contract of a build info: its ABI or none, its codes, its layout; texts only of sources that carry content', () => {
    const r = read('out/build-info/b.json', {
      id: 'b1',
      input: { sources: { 'a.sol': { content: 'contract A {}' }, 'lib.sol': {} } },
      source_id_to_path: { '7': 'ignored.sol' },
      output: {
        sources: { 'a.sol': { id: 0 }, 'lib.sol': { id: 1 } },
        contracts: {
          'a.sol': {
            A: { abi: [{ type: 'event' }], evm: { bytecode: { object: '6001' } } },
            I: { abi: [] },
          },
          'lib.sol': { L: { evm: { deployedBytecode: { object: '6002', sourceMap: '0:1:1' } }, storageLayout: { storage: [], types: null } } },
        },
      },
    });
    assert.deepStrictEqual(r, {
      kind: 'buildInfo',
      id: 'b1',
      sources: {
        ids: new Map([
          [0, 'a.sol'],
          [1, 'lib.sol'],
        ]),
        texts: new Map([['a.sol', 'contract A {}']]),
      },
      contracts: [
        { contractName: 'A', sourceName: 'a.sol', abi: [{ type: 'event' }], creation: { bytes: bytes('6001'), mask: [] } },
        { contractName: 'I', sourceName: 'a.sol', abi: [] },
        {
          contractName: 'L',
          sourceName: 'lib.sol',
          abi: [],
          deployed: { bytes: bytes('6002'), mask: [], sourceMap: mapOf('0:1:1') },
          storageLayout: { storage: [], types: Object.create(null) as object },
        },
      ],
    });
  });

  it('takes source ids from source_id_to_path only when the output lists no sources, and only decimal ids of up to 7 digits', () => {
    const r = read('out/build-info/b.json', {
      input: { sources: {} },
      source_id_to_path: { '0': 'a.sol', x: 'b.sol', '12345678': 'c.sol', '1234567': 'd.sol', '-1': 'e.sol', '7x': 'f.sol', x7: 'g.sol' },
    });
    assert.deepStrictEqual(r.kind === 'buildInfo' && [...r.sources.ids], [
      [0, 'a.sol'],
      [1234567, 'd.sol'],
    ]);
  });

  it('reads a Hardhat 3 build info output, and skips one whose contract’s creation code is bad, naming it', () => {
    const output = (object: string) => ({
      _format: 'hh3-sol-build-info-output-1',
      id: 'x',
      output: { sources: { 'a.sol': { id: 2 } }, contracts: { 'a.sol': { A: { abi: [], evm: { bytecode: { object } } } } } },
    });
    assert.deepStrictEqual(read('artifacts/build-info/x.output.json', output('6001')), {
      kind: 'buildInfoOutput',
      id: 'x',
      sources: { ids: new Map([[2, 'a.sol']]), texts: new Map() },
      contracts: [{ contractName: 'A', sourceName: 'a.sol', abi: [], creation: { bytes: bytes('6001'), mask: [] } }],
    });
    assert.deepStrictEqual(read('artifacts/build-info/x.output.json', output('zz')), {
      kind: 'skipped',
      reason: 'output.contracts.a.sol.A.evm.bytecode: bytecode is not hex',
    });
  });

  it('skips JSON that is not an object with its reason, and reads a file of exactly the size limit', () => {
    assert.deepStrictEqual(
      ['5', 'null', '"s"', '[]', 'true'].map((text) => readBuildRecord('out/A.sol/A.json', text)),
      Array(5).fill({ kind: 'skipped', reason: 'not a JSON object' }),
    );
    const text = JSON.stringify({ abi: [], deployedBytecode: { object: '0x6001' } });
    assert.equal(readBuildRecord('out/A.sol/A.json', text, text.length).kind, 'artifact');
  });
});
