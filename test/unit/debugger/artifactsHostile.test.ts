// A workspace may be hostile: every build record is read as hostile input. A bad file is skipped
// with the reason, never thrown on, and leaves the index matching what the good files hold.
import { strict as assert } from 'node:assert';
import { ArtifactIndex } from '../../../src/debugger/model/artifactMatch';
import { MAX_BUILD_RECORD_CHARS, readBuildRecord } from '../../../src/debugger/model/artifacts';

// PUSH1 0x80 PUSH1 0x40 MSTORE STOP, then a CBOR tail: a map of one entry and its length (3).
const RUNTIME = '0x6080604052' + '00' + 'a1616100' + '0004';
const good = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    abi: [],
    bytecode: { object: '0x6000', sourceMap: '' },
    deployedBytecode: { object: RUNTIME, sourceMap: '0:1:0:-;;;;', linkReferences: {}, immutableReferences: {} },
    metadata: { settings: { compilationTarget: { 'src/A.sol': 'A' } } },
    ...over,
  });
const deployed = (over: Record<string, unknown>) => good({ deployedBytecode: { object: RUNTIME, sourceMap: '0:1:0', ...over } });

describe('debugger/model/artifacts: hostile build records', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['not JSON', '{"abi": [', /not JSON/],
    ['a JSON array', '[1,2]', /not a JSON object/],
    ['no build record at all', '{"hello": "world"}', /not a build record/],
    ['a number for the deployed code', good({ deployedBytecode: 5 }), /not a build record/],
    ['a number for the object', deployed({ object: 7 }), /deployedBytecode\.object/],
    ['code that is not hex', deployed({ object: '0xzz' }), /deployedBytecode: bytecode is not hex/],
    ['an unlinked placeholder no link reference names', deployed({ object: `0x60__$${'ab'.repeat(17)}$__` }), /not hex/],
    ['a source map with garbage', deployed({ sourceMap: '0:1:0;<script>' }), /source map entry 1/],
    ['a source map with a negative number', deployed({ sourceMap: '0:1:0;-7:1:0' }), /source map entry 1: start/],
    ['a negative immutable offset', deployed({ immutableReferences: { '1': [{ start: -1, length: 32 }] } }), /immutableReferences/],
    ['an immutable past the code', deployed({ immutableReferences: { '1': [{ start: 4, length: 32 }] } }), /outside the bytecode/],
    ['a link reference past the code', deployed({ linkReferences: { 'a.sol': { L: [{ start: 100, length: 20 }] } } }), /outside the bytecode/],
    [
      'code that is not hex beside its link references',
      deployed({ object: `0xzz__$${'ab'.repeat(17)}$__`, linkReferences: { 'a.sol': { L: [{ start: 1, length: 20 }] } } }),
      /^deployedBytecode: bytecode is not hex once its link references are set aside$/,
    ],
    ['creation code that is not hex', good({ bytecode: { object: '0xzz', sourceMap: '' } }), /^bytecode: bytecode is not hex$/],
    ['an ABI that is not a list', good({ abi: { evil: true } }), /abi/],
    ['a storage slot that is not a number', good({ storageLayout: { storage: [{ label: 'x', slot: '0x1', offset: 0, type: 't' }], types: {} } }), /slot/],
    ['a huge bytecode', deployed({ object: `0x${'00'.repeat(200_000)}` }), /object/],
    [
      'a Hardhat artifact with a wrong type',
      JSON.stringify({ contractName: 1, sourceName: 'a', abi: [], bytecode: '0x', deployedBytecode: '0x' }),
      /contractName/,
    ],
    [
      'a Hardhat artifact whose code is not hex',
      JSON.stringify({ contractName: 'A', sourceName: 'a', abi: [], bytecode: '0x', deployedBytecode: '0xzz' }),
      /^deployedBytecode: bytecode is not hex$/,
    ],
    [
      'a Hardhat 3 build info output whose contract has a bad map',
      JSON.stringify({
        _format: 'hh3-sol-build-info-output-1',
        id: 'x',
        output: { contracts: { 'a.sol': { A: { evm: { deployedBytecode: { object: '00', sourceMap: 'x' } } } } } },
      }),
      /^output\.contracts\.a\.sol\.A\.evm\.deployedBytecode: source map entry 0/,
    ],
    ['a debug link out of the workspace', JSON.stringify({ _format: 'hh-sol-dbg-1', buildInfo: '../../../../../etc/passwd' }), /outside the workspace/],
    ['a build info with wrong types', JSON.stringify({ input: { sources: { 'a.sol': { content: 3 } } }, output: {} }), /input\.sources\.a\.sol\.content/],
    [
      'a build info whose contract has a bad map',
      JSON.stringify({ input: { sources: {} }, output: { contracts: { 'a.sol': { A: { evm: { deployedBytecode: { object: '00', sourceMap: 'x' } } } } } } }),
      /output\.contracts\.a\.sol\.A\.evm\.deployedBytecode: source map entry 0/,
    ],
  ];

  for (const [what, text, reason] of cases)
    it(`skips ${what}, with the reason`, () => {
      const index = new ArtifactIndex();
      const r = index.add('out/A.sol/A.json', text);
      assert.equal(r.ok, false);
      assert.match(r.ok ? '' : r.reason, reason);
    });

  it('keeps matching what the good files hold after every hostile one was added, and a bad file replaces a good one at its path', () => {
    const index = new ArtifactIndex();
    assert.deepEqual(index.add('out/A.sol/A.json', good()), { ok: true, kind: 'artifact' });
    for (const [, text] of cases) index.add('out/Bad.sol/Bad.json', text);
    const code = new Uint8Array([0x60, 0x80, 0x60, 0x40, 0x52, 0x00, 0xa1, 0x61, 0x61, 0x00, 0x00, 0x04]);
    assert.equal(index.match(code, false)?.contractName, 'A');
    // No build info: the map's source 0 has no text, so no location, and no throw.
    assert.equal(index.match(code, false)?.locate(0), undefined);
    index.add('out/A.sol/A.json', 'garbage');
    assert.equal(index.match(code, false), undefined);
  });
});

describe('debugger/model/artifacts: a build record’s size, its maps and source ids', () => {
  it('skips a file over the size limit before parsing it, and by default one a character over MAX_BUILD_RECORD_CHARS', () => {
    const small = new ArtifactIndex(1000);
    const r = small.add('out/A.sol/A.json', good() + ' '.repeat(1000));
    assert.deepEqual(r, { ok: false, reason: 'larger than 1000 characters' });
    assert.deepEqual(readBuildRecord('out/A.sol/A.json', ' '.repeat(MAX_BUILD_RECORD_CHARS + 1)), {
      kind: 'skipped',
      reason: `larger than ${MAX_BUILD_RECORD_CHARS} characters`,
    });
  });

  it('answers undefined, never throws, for a map whose ranges lie past the source text or name sources the build lacks', () => {
    const index = new ArtifactIndex();
    index.add(
      'build-info/x.json',
      JSON.stringify({
        input: { sources: { 'a.sol': { content: 'short' } } },
        output: {
          sources: { 'a.sol': { id: 0 } },
          contracts: { 'a.sol': { A: { abi: [], evm: { deployedBytecode: { object: '6001600101', sourceMap: '0:999999:0;1:1:5;2:2:0' } } } } },
        },
      }),
    );
    const map = index.match(new Uint8Array([0x60, 0x01, 0x60, 0x01, 0x01]), false) ?? assert.fail();
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, -1, 1e12, Number.NaN].map((pc) => map.locate(pc)?.start),
      [undefined, undefined, undefined, undefined, 2, undefined, undefined, undefined, undefined],
    );
  });

  it('a build info whose output lists no sources takes its source_id_to_path ids, decimal ones only; a contract with no ABI has none', () => {
    const r = readBuildRecord(
      'build-info/x.json',
      JSON.stringify({
        input: { sources: { 'a.sol': { content: 'contract A {}' } } },
        source_id_to_path: { '0': 'a.sol', x: 'b.sol', '12345678': 'c.sol', '-1': 'd.sol', '12': 'e.sol' },
        output: { contracts: { 'a.sol': { A: { evm: { deployedBytecode: { object: '6001', sourceMap: '0:1:0' } } } } } },
      }),
    );
    assert.equal(r.kind, 'buildInfo');
    assert.deepEqual(r.kind === 'buildInfo' ? [...r.sources.ids] : [], [
      [0, 'a.sol'],
      [12, 'e.sol'],
    ]);
    assert.deepEqual(r.kind === 'buildInfo' ? r.contracts?.map((c) => c.abi) : [], [[]]);
  });
});
