// Which record answers for a code: the runtime with its metadata tail set aside, the init code with
// constructor arguments after it, and the order among records that hold the same code. Records are
// written in the test (test/unit/helpers/buildRecords.ts): no forge, no solc, no chain.
import { strict as assert } from 'node:assert';
import { ArtifactIndex, projectRoot } from '../../../src/debugger/model/artifactMatch';
import { buildInfo, code, foundry } from '../helpers/buildRecords';

// A CBOR metadata tail: a map of one entry, then its length (4).
const TAIL = 'a1616100' + '0004';
const index = (files: Array<[string, string]>) => {
  const i = new ArtifactIndex();
  for (const [path, text] of files) assert.equal(i.add(path, text).ok, true, path);
  return i;
};

describe('debugger/model/artifactMatch: the project folder of an artifact', () => {
  it('is what precedes the first out/ or artifacts/ folder, "" at the top, and none elsewhere', () => {
    assert.deepStrictEqual(
      ['pkg/out/A.sol/A.json', 'a/b/artifacts/contracts/A.sol/A.json', 'out/A.sol/A.json', 'build/A.json', 'outer/artifactsX/A.json'].map(projectRoot),
      ['pkg', 'a/b', '', undefined, undefined],
    );
  });
});

describe('debugger/model/artifactMatch: runtime code', () => {
  it('matches a runtime code whatever its metadata tail holds', () => {
    const i = index([['out/A.sol/A.json', foundry({ deployed: `6080604052${TAIL}` })]]);
    assert.equal(i.match(code(`6080604052${TAIL.replace('6161', '6262')}`), false)?.contractName, 'A');
    assert.equal(i.match(code(`6080604053${TAIL}`), false), undefined);
  });

  it('maps no program counter inside the metadata tail, even where the map has entries for it', () => {
    // PUSH1 1 STOP, then the tail read as code would be LOG1, PUSH2 6100, STOP, DIV: six instructions in all.
    const i = index([
      [
        'out/build-info/b.json',
        buildInfo(
          { 'a.sol': 'abcdef' },
          { 'a.sol': 0 },
          { 'a.sol': { A: { deployed: `600100${TAIL}`, map: '0:1:0:i;1:1:0:i;2:1:0:i;3:1:0:i;4:1:0:i;5:1:0:i' } } },
        ),
      ],
    ]);
    const map = i.match(code(`600100${TAIL}`), false) ?? assert.fail();
    assert.deepStrictEqual(
      [0, 2, 3, 4, 7, 8].map((pc) => [map.locate(pc)?.start, map.jumpAt(pc)]),
      [
        [0, 'i'],
        [1, 'i'],
        [undefined, undefined],
        [undefined, undefined],
        [undefined, undefined],
        [undefined, undefined],
      ],
    );
  });

  it('forgets a removed file, keeps the others, and ignores a path it never read', () => {
    const i = index([
      ['out/A.sol/A.json', foundry({ deployed: '6001' })],
      ['out/B.sol/B.json', foundry({ deployed: '6002' })],
    ]);
    assert.equal(i.match(code('6001'), false)?.contractName, 'A');
    i.remove('out/Never.sol/Never.json');
    assert.equal(i.match(code('6001'), false)?.contractName, 'A');
    i.remove('out/A.sol/A.json');
    assert.deepStrictEqual([i.match(code('6001'), false), i.match(code('6002'), false)?.contractName], [undefined, 'B']);
  });

  it('answers a record without sources or layout with no source text and no storageLayout', () => {
    const map = index([['out/A.sol/A.json', foundry({ deployed: '6001' })]]).match(code('6001'), false) ?? assert.fail();
    assert.deepStrictEqual([map.sourceText('src/A.sol'), map.locate(0), map.jumpAt(0), 'storageLayout' in map], [undefined, undefined, undefined, false]);
  });
});

describe('debugger/model/artifactMatch: init code', () => {
  // PUSH1 1 PUSH1 2 STOP, then the runtime's metadata tail, as solc ends a creation code.
  const CREATION = `6001600200${TAIL}`;
  let i: ArtifactIndex;
  beforeEach(() => {
    i = index([['out/A.sol/A.json', foundry({ creation: CREATION })]]);
  });

  it('matches the creation code followed by constructor arguments, whatever its metadata tail holds', () => {
    assert.equal(i.match(code(`${CREATION}${'00'.repeat(31)}07`), true)?.contractName, 'A');
    assert.equal(i.match(code(`${CREATION.replace('6161', '6363')}`), true)?.contractName, 'A');
    assert.equal(i.match(code(`6001600300${TAIL}`), true), undefined);
  });

  it('does not match an init code shorter than the creation code, even one that lacks only the metadata', () => {
    assert.equal(i.match(code('6001600200'), true), undefined);
    assert.equal(i.match(code(CREATION), false), undefined, 'nor the creation code as runtime code');
  });

  it('prefers the longest creation code the init code starts with, in whichever order the records sort', () => {
    const short = foundry({ creation: '60016002' });
    const long = foundry({ creation: '6001600260036004' });
    const init = code('6001600260036004' + 'ff'.repeat(32));
    for (const [a, b] of [
      [short, long],
      [long, short],
    ] as const)
      assert.equal(
        index([
          ['out/A.sol/A.json', a],
          ['out/B.sol/B.json', b],
        ]).match(init, true)?.artifactPath,
        a === long ? 'out/A.sol/A.json' : 'out/B.sol/B.json',
      );
  });

  it('keeps a shorter creation code that matches when a longer one sorted after it does not', () => {
    const i2 = index([
      ['out/A.sol/A.json', foundry({ creation: '60016002' })],
      ['out/B.sol/B.json', foundry({ creation: '6001600260056006' })],
    ]);
    assert.equal(i2.match(code('6001600260036004ffff'), true)?.artifactPath, 'out/A.sol/A.json');
  });
});

describe('debugger/model/artifactMatch: which of several records holding the same code answers', () => {
  it('one with a source map before one without, on its runtime or (lacking one) its creation code', () => {
    const i = index([
      ['out/A.sol/A.json', foundry({ deployed: '6001', creation: '6002' })],
      ['out/B.sol/B.json', foundry({ deployed: '6001', map: '0:1:0' })],
      ['out/C.sol/C.json', foundry({ creation: '6002', creationMap: '0:1:0' })],
    ]);
    assert.deepStrictEqual([i.match(code('6001'), false)?.contractName, i.match(code('6002'), true)?.contractName], ['B', 'C']);
  });

  it('one whose source text is known before one whose map names a source without text', () => {
    const i = index([
      ['p/out/A.sol/A.json', foundry({ deployed: '6001', map: '0:1:0', source: 'src/A.sol', id: 0 })],
      ['p/out/B.sol/B.json', foundry({ deployed: '6001', map: '0:1:0', source: 'src/B.sol', id: 0 })],
    ]);
    i.addSourceText('p', 'src/B.sol', 'contract B {}');
    assert.deepStrictEqual(i.match(code('6001'), false)?.locate(0), {
      path: 'src/B.sol',
      start: 0,
      length: 1,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      jump: '-',
    });
  });

  it('an artifact before a build info’s contract, whichever was added first', () => {
    const files: Array<[string, string]> = [
      ['out/z.sol/Z.json', foundry({ deployed: '6001', source: 'src/z.sol' })],
      ['out/build-info/b.json', buildInfo({}, {}, { 'src/y.sol': { Y: { deployed: '6001' } } })],
    ];
    assert.equal(index(files).match(code('6001'), false)?.artifactPath, 'out/z.sol/Z.json');
    assert.equal(index([...files].reverse()).match(code('6001'), false)?.artifactPath, 'out/z.sol/Z.json');
  });

  it('then the first path in code-point order, whichever was added first, however many there are', () => {
    const paths = ['out/B.sol/B.json', 'out/A.sol/A.json', 'out/C.sol/C.json'];
    for (const order of [paths, [...paths].reverse()])
      assert.equal(index(order.map((p) => [p, foundry({ deployed: '6001' })])).match(code('6001'), false)?.artifactPath, 'out/A.sol/A.json');
    const many = Array.from({ length: 100 }, (_, n) => `out/F${String((n * 37) % 100).padStart(3, '0')}.sol/F.json`);
    assert.equal(index(many.map((p) => [p, foundry({ deployed: '6001' })])).match(code('6001'), false)?.artifactPath, 'out/F000.sol/F.json');
  });

  it('then, within one build info, the contract the compiler lists first', () => {
    const i = index([
      ['out/build-info/b.json', buildInfo({}, {}, { 'src/a.sol': { P: { deployed: '6001' }, Q: { deployed: '6001' }, R: { deployed: '6001' } } })],
    ]);
    assert.equal(i.match(code('6001'), false)?.contractName, 'P');
  });
});
