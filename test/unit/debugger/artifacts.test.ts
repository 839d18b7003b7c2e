// Reading forge's own records (test/fixtures/realPeers buildProject(): out/<File>.sol/<Name>.json
// and out/build-info/*.json, compiled by solc-js through forge) without a chain; then how an artifact
// and a build info pair, over small records in forge's shapes.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArtifactIndex } from '../../../src/debugger/model/artifactMatch';
import { readBuildRecord } from '../../../src/debugger/model/artifacts';
import { hexToBytes } from '../../../src/core/hex';
import { buildProject } from '../../fixtures/realPeers/realPeers';

describe('debugger/model/artifacts: forge’s out/ records', function () {
  this.timeout(60_000);
  let dir: string;
  let bank: Record<string, unknown>;
  let buildInfo: [string, string];
  before(function () {
    this.timeout(180_000);
    dir = buildProject();
    bank = JSON.parse(readFileSync(join(dir, 'out', 'Bank.sol', 'Bank.json'), 'utf8')) as Record<string, unknown>;
    const name = readdirSync(join(dir, 'out', 'build-info')).find((f) => f.endsWith('.json')) ?? assert.fail();
    buildInfo = [`out/build-info/${name}`, readFileSync(join(dir, 'out', 'build-info', name), 'utf8')];
  });

  it('reads an artifact’s source path from its metadata, or from rawMetadata when the parsed metadata is absent', () => {
    for (const artifact of [bank, { ...bank, metadata: undefined }]) {
      const r = readBuildRecord('out/Bank.sol/Bank.json', JSON.stringify(artifact));
      assert.equal(r.kind, 'artifact');
      assert.deepEqual(r.kind === 'artifact' && [r.layout, r.contract.contractName, r.contract.sourceName, r.sourceId], ['foundry', 'Bank', 'src/Bank.sol', 1]);
    }
  });

  it('reads the build info’s sources by id and text, and its contracts with their maps', () => {
    const r = readBuildRecord(...buildInfo);
    assert.equal(r.kind, 'buildInfo');
    if (r.kind !== 'buildInfo') return;
    assert.deepEqual(
      [...r.sources.ids],
      [
        [0, 'script/Deploy.s.sol'],
        [1, 'src/Bank.sol'],
      ],
    );
    assert.equal(r.sources.texts.get('src/Bank.sol'), readFileSync(join(dir, 'src', 'Bank.sol'), 'utf8'));
    const names = (r.contracts ?? []).filter((c) => c.deployed?.sourceMap).map((c) => c.contractName);
    assert.deepEqual(names.sort(), ['Bank', 'Deploy', 'Ledger', 'Receipt']);
  });

  it('pairs a Foundry artifact with the build info only when the build’s source of its id is its source', () => {
    const code = hexToBytes((bank.deployedBytecode as { object: string }).object) ?? assert.fail();
    const paired = new ArtifactIndex();
    paired.add('out/Bank.sol/Bank.json', JSON.stringify(bank));
    paired.add(...buildInfo);
    assert.deepEqual([paired.match(code, false)?.artifactPath, paired.match(code, false)?.locate(0)?.path], ['out/Bank.sol/Bank.json', 'src/Bank.sol']);
    // An artifact claiming source id 0 (the script) is not that build's Bank: the build info answers for itself.
    const misnamed = new ArtifactIndex();
    misnamed.add('out/Bank.sol/Bank.json', JSON.stringify({ ...bank, id: 0 }));
    misnamed.add(...buildInfo);
    assert.equal(misnamed.match(code, false)?.artifactPath, buildInfo[0]);
  });
});

describe('debugger/model/artifactMatch: pairing an artifact with a build info, without a build', () => {
  // PUSH1 0x80 PUSH1 0x40 MSTORE STOP, then a CBOR tail (as artifactsHostile.test.ts): forge’s shapes, written small.
  const RUNTIME = '0x6080604052' + '00' + 'a1616100' + '0004';
  const code = Uint8Array.from(Buffer.from(RUNTIME.slice(2), 'hex'));
  const artifact = JSON.stringify({
    abi: [],
    bytecode: { object: '0x', sourceMap: '' },
    deployedBytecode: { object: RUNTIME, sourceMap: '0:8:0' },
    metadata: { settings: { compilationTarget: { 'src/A.sol': 'A' } } },
    id: 0,
  });
  const buildInfo = (deployed: string) =>
    JSON.stringify({
      input: { sources: { 'src/A.sol': { content: 'contract A {}' } } },
      output: {
        sources: { 'src/A.sol': { id: 0 } },
        contracts: { 'src/A.sol': { A: { abi: [], evm: { deployedBytecode: { object: deployed, sourceMap: '0:8:0' } } } } },
      },
    });
  const indexOf = (build?: string) => {
    const index = new ArtifactIndex();
    index.add('out/A.sol/A.json', artifact);
    if (build) index.add('out/build-info/b.json', buildInfo(build));
    return index;
  };

  it('takes the build info’s sources for the artifact only when its code is the artifact’s, byte for byte', () => {
    assert.deepEqual(indexOf(RUNTIME).match(code, false)?.locate(0)?.path, 'src/A.sol');
    for (const other of [RUNTIME.replace('6080', '6081'), `${RUNTIME}00`]) {
      const map = indexOf(other).match(code, false);
      assert.equal(map?.artifactPath, 'out/A.sol/A.json', other);
      assert.equal(map?.locate(0), undefined, other);
    }
  });

  it('asks the workspace for the artifact’s source only when no build info holds its text', () => {
    assert.deepEqual(indexOf().sourcesWanted(), [{ artifactPath: 'out/A.sol/A.json', root: '', path: 'src/A.sol' }]);
    assert.deepEqual(indexOf(RUNTIME).sourcesWanted(), []);
  });

  it('forgets a removed file’s record, and nothing for a path it never read', () => {
    const index = indexOf();
    assert.equal(index.match(code, false)?.contractName, 'A');
    index.remove('out/B.sol/B.json');
    assert.equal(index.match(code, false)?.contractName, 'A');
    index.remove('out/A.sol/A.json');
    assert.equal(index.match(code, false), undefined);
  });
});
