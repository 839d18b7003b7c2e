// Reading forge's own records (test/fixtures/realPeers buildProject(): out/<File>.sol/<Name>.json
// and out/build-info/*.json, compiled by solc-js through forge) without a chain.
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
