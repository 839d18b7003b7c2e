// How an artifact pairs with the build info that compiled it (its sources, maps, layout) and with
// the sources the workspace holds: records written in the test (test/unit/helpers/buildRecords.ts),
// no forge, no solc, no chain.
import { strict as assert } from 'node:assert';
import { ArtifactIndex } from '../../../src/debugger/model/artifactMatch';
import { buildInfo, code, foundry, hardhat, hardhat3Build } from '../helpers/buildRecords';

const index = (files: Array<[string, string]>) => {
  const i = new ArtifactIndex();
  for (const [path, text] of files) assert.equal(i.add(path, text).ok, true, path);
  return i;
};
const A_SOL = 'contracts/A.sol';

describe('debugger/model/artifactMatch: the sources an artifact asks the workspace for', () => {
  it('only a Foundry artifact’s own source, by id and path, below a project folder, when no build info holds its text; once per folder', () => {
    const i = index([
      ['p/out/A.sol/A.json', foundry({ deployed: '6001', source: 'src/A.sol', id: 0 })],
      ['p/out/A.sol/A2.json', foundry({ deployed: '6002', source: 'src/A.sol', id: 0 })],
      ['p/out/N.sol/N.json', foundry({ deployed: '6003', id: 1 })],
      ['p/out/M.sol/M.json', foundry({ deployed: '6004', source: 'src/M.sol' })],
      ['artifacts/contracts/A.sol/A.json', hardhat('A', A_SOL, { deployed: '6005' })],
      ['artifacts/contracts/A.sol/A.dbg.json', JSON.stringify({ _format: 'hh-sol-dbg-1', buildInfo: '../../build-info/x.json' })],
      ['build/B.json', foundry({ deployed: '6006', source: 'src/B.sol', id: 0 })],
      ['q/out/C.sol/C.json', foundry({ deployed: '6007', source: 'src/C.sol', id: 0 })],
      ['q/out/build-info/c.json', buildInfo({ 'src/C.sol': 'contract C {}' }, { 'src/C.sol': 0 }, {})],
    ]);
    assert.deepStrictEqual(i.sourcesWanted(), [{ artifactPath: 'p/out/A.sol/A2.json', root: 'p', path: 'src/A.sol' }]);
  });

  it('maps the artifact to the lines of the text handed back, and nothing to an artifact without a source id or a project folder', () => {
    const i = index([
      ['p/out/A.sol/A.json', foundry({ deployed: '6001', map: '0:8:0', source: 'src/A.sol', id: 0 })],
      ['artifacts/contracts/A.sol/A.json', hardhat('A', A_SOL, { deployed: '6002' })],
      ['build/B.json', foundry({ deployed: '6003', map: '0:8:0', source: 'src/B.sol', id: 0 })],
    ]);
    i.addSourceText('p', 'src/A.sol', 'contract A {}');
    i.addSourceText('', A_SOL, 'contract A {}');
    // A folder may be named "undefined": it is not the folder of an artifact outside any project.
    i.addSourceText('undefined', 'src/B.sol', 'contract B {}');
    const a = i.match(code('6001'), false);
    assert.deepStrictEqual([a?.locate(0)?.path, a?.sourceText('src/A.sol')], ['src/A.sol', 'contract A {}']);
    assert.equal(i.match(code('6002'), false)?.sourceText(A_SOL), undefined);
    assert.deepStrictEqual([i.match(code('6003'), false)?.sourceText('src/B.sol'), i.match(code('6003'), false)?.locate(0)], [undefined, undefined]);
  });

  it('ranks an artifact whose own source was not handed back as one with a map and no text, no higher', () => {
    // A pairs with a build that lacks A's text (a map, no text); B has a map and no build: equal, so A by path.
    const i = index([
      ['out/A.sol/A.json', foundry({ deployed: '6001', source: 'src/A.sol', id: 0 })],
      ['out/B.sol/B.json', foundry({ deployed: '6001', map: '0:1:0', source: 'src/B.sol', id: 0 })],
      ['out/build-info/a.json', buildInfo({ 'src/A.sol': undefined }, { 'src/A.sol': 0 }, { 'src/A.sol': { A: { deployed: '6001', map: '0:1:0' } } })],
    ]);
    assert.equal(i.match(code('6001'), false)?.artifactPath, 'out/A.sol/A.json');
  });
});

describe('debugger/model/artifactMatch: which build an artifact pairs with', () => {
  const holdingA = { [A_SOL]: { A: { deployed: '6001', map: '0:1:0' } } };
  const builds = (link: [string, string]): Array<[string, string]> => [
    ['artifacts/build-info/y.json', buildInfo({ [A_SOL]: 'Y' }, { [A_SOL]: 0 }, holdingA)],
    ['artifacts/build-info/x.json', buildInfo({ [A_SOL]: 'X' }, { [A_SOL]: 0 }, holdingA)],
    link,
  ];

  it('the build a Hardhat debug link names, not the first that holds the same contract', () => {
    const i = index([
      ['artifacts/contracts/A.sol/A.json', hardhat('A', A_SOL, { deployed: '6001' })],
      ...builds(['artifacts/contracts/A.sol/A.dbg.json', JSON.stringify({ _format: 'hh-sol-dbg-1', buildInfo: '../../build-info/x.json' })]),
    ]);
    const map = i.match(code('6001'), false);
    assert.deepStrictEqual([map?.artifactPath, map?.sourceText(A_SOL)], ['artifacts/contracts/A.sol/A.json', 'X']);
  });

  it('the Hardhat 3 build its buildInfoId names; and alone when no build has that id', () => {
    const [yIn, yOut] = hardhat3Build('y', { [A_SOL]: 'Y' }, { [A_SOL]: 0 }, holdingA);
    const [xIn, xOut] = hardhat3Build('x', { [A_SOL]: 'X' }, { [A_SOL]: 0 }, holdingA);
    const files: Array<[string, string]> = [
      ['artifacts/build-info/y.json', yIn],
      ['artifacts/build-info/y.output.json', yOut],
      ['artifacts/build-info/x.json', xIn],
      ['artifacts/build-info/x.output.json', xOut],
    ];
    const paired = index([['artifacts/contracts/A.sol/A.json', hardhat('A', A_SOL, { deployed: '6001', buildInfoId: 'x' })], ...files]);
    assert.deepStrictEqual(
      [paired.match(code('6001'), false)?.artifactPath, paired.match(code('6001'), false)?.sourceText(A_SOL)],
      ['artifacts/contracts/A.sol/A.json', 'X'],
    );
    const alone = index([['artifacts/contracts/A.sol/A.json', hardhat('A', A_SOL, { deployed: '6001', buildInfoId: 'gone' })]]);
    assert.equal(alone.match(code('6001'), false)?.artifactPath, 'artifacts/contracts/A.sol/A.json');
  });

  it('a Hardhat 3 build split in two answers as its <id>.json, with the texts of one and the ids of the other, in either order', () => {
    const [bIn, bOut] = hardhat3Build('x', { [A_SOL]: 'contract A {}' }, { [A_SOL]: 0 }, holdingA);
    for (const files of [
      [
        ['artifacts/build-info/x.json', bIn],
        ['artifacts/build-info/x.output.json', bOut],
      ],
      [
        ['artifacts/build-info/x.output.json', bOut],
        ['artifacts/build-info/x.json', bIn],
      ],
    ] as Array<Array<[string, string]>>) {
      const map = index(files).match(code('6001'), false);
      assert.deepStrictEqual([map?.artifactPath, map?.locate(0)?.path, map?.sourceText(A_SOL)], ['artifacts/build-info/x.json', A_SOL, 'contract A {}']);
    }
  });
});

describe('debugger/model/artifactMatch: which build contract is the artifact’s own', () => {
  it('only a build contract of the same source and name: another source’s contract of that name stays the build’s own', () => {
    const i = index([
      ['artifacts/contracts/A.sol/A.json', hardhat('A', A_SOL, { deployed: '6001' })],
      [
        'artifacts/build-info/x.json',
        buildInfo({ 'contracts/Other.sol': 'X' }, { 'contracts/Other.sol': 0 }, { 'contracts/Other.sol': { A: { deployed: '6001', map: '0:1:0' } } }),
      ],
    ]);
    assert.equal(i.match(code('6001'), false)?.artifactPath, 'artifacts/build-info/x.json');
  });

  it('an artifact naming no source pairs with the build’s contract listed under the empty source name', () => {
    const i = index([
      ['out/A.sol/A.json', foundry({ deployed: '6001' })],
      ['out/build-info/x.json', buildInfo({ '': 'X' }, { '': 0 }, { '': { A: { deployed: '6001', map: '0:1:0' } } })],
    ]);
    assert.equal(i.match(code('6001'), false)?.artifactPath, 'out/A.sol/A.json');
  });

  it('only a build contract whose runtime code is the artifact’s byte for byte: not one a byte shorter, nor one of equal length', () => {
    for (const other of ['60', '6002']) {
      const i = index([
        ['artifacts/contracts/A.sol/A.json', hardhat('A', A_SOL, { deployed: '6001' })],
        ['artifacts/build-info/x.json', buildInfo({ [A_SOL]: 'X' }, { [A_SOL]: 0 }, { [A_SOL]: { A: { deployed: other, map: '0:1:0' } } })],
      ]);
      const map = i.match(code('6001'), false);
      assert.deepStrictEqual([map?.artifactPath, map?.locate(0), map?.sourceText(A_SOL)], ['artifacts/contracts/A.sol/A.json', undefined, undefined], other);
    }
  });
});

describe('debugger/model/artifactMatch: what a paired artifact takes from its build', () => {
  const layout = {
    storage: [{ label: 'x', slot: '0', offset: 0, type: 't_uint256' }],
    types: { t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' } },
  };
  const pair = (artifact: string, build: Record<string, unknown>) =>
    index([
      ['artifacts/contracts/A.sol/A.json', artifact],
      ['artifacts/build-info/x.json', buildInfo({ [A_SOL]: 'contract A {}' }, { [A_SOL]: 0 }, { [A_SOL]: { A: { deployed: '6001600200', ...build } } })],
    ]);

  it('the build’s map and storage layout, while the artifact’s own immutables stay masked', () => {
    const i = pair(hardhat('A', A_SOL, { deployed: '6001600200', immutables: { '1': [{ start: 3, length: 1 }] } }), { map: '0:1:0', layout });
    const map = i.match(code('6001600900'), false) ?? assert.fail('the immutable byte is masked');
    assert.deepStrictEqual(
      [map.artifactPath, map.locate(0)?.path, map.storageLayout],
      [
        'artifacts/contracts/A.sol/A.json',
        A_SOL,
        {
          storage: [{ label: 'x', slot: 0n, offset: 0, type: 't_uint256' }],
          types: Object.assign(Object.create(null) as object, { t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: 32 } }),
        },
      ],
    );
  });

  it('the build’s creation code and its map when the artifact has none', () => {
    const map = pair(hardhat('A', A_SOL, { deployed: '6001600200' }), { creation: '6002', creationMap: '0:1:0' }).match(code('6002ff'), true);
    assert.deepStrictEqual([map?.artifactPath, map?.locate(0)?.path], ['artifacts/contracts/A.sol/A.json', A_SOL]);
  });

  it('not a creation code that differs from the artifact’s, nor its map; and the build’s contract no longer answers for it', () => {
    const i = pair(hardhat('A', A_SOL, { deployed: '6001600200', creation: '6003' }), { creation: '6002', creationMap: '0:1:0' });
    const own = i.match(code('6003'), true);
    assert.deepStrictEqual([own?.artifactPath, own?.locate(0), i.match(code('6002'), true)], ['artifacts/contracts/A.sol/A.json', undefined, undefined]);
  });

  it('keeps the artifact’s creation code when the build has none', () => {
    const i = pair(hardhat('A', A_SOL, { deployed: '6001600200', creation: '6003' }), { map: '0:1:0' });
    assert.equal(i.match(code('6003'), true)?.artifactPath, 'artifacts/contracts/A.sol/A.json');
  });
});
