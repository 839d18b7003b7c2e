// Which toolchain records the hover trusts at their own transaction-hash fields
// (src/receipts/model/idEvidence.ts): Foundry broadcasts, Hardhat Ignition journals and
// hardhat-deploy deployments, known by their layout in the project alone.
import * as assert from 'node:assert/strict';
import { idEvidence, toolchainRecord } from '../../../../src/receipts/model/idEvidence';

const ID = `0x${'ab'.repeat(32)}`;

/** A path of exactly 400 characters from `tail` on: its first segment is `tail`'s first. */
function longPath(first: string, rest: string): string {
  const fill = 400 - first.length - 1 - rest.length - 1;
  return `/work/project/${first}/${'D'.repeat(fill)}/${rest}`;
}

describe('receipts/model/idEvidence: toolchain records', () => {
  const cases: [string, ReturnType<typeof toolchainRecord>][] = [
    ['/p/broadcast/Deploy.s.sol/1/run-latest.json', 'foundry'],
    ['/p/run-latest.json', undefined],
    ['/x/run-1.json', undefined],
    ['/p/broadcast/run-1.json', undefined],
    ['/p/broadcast/Deploy.s.sol/1/myrun-1.json', undefined],
    ['/p/broadcast/Deploy.s.sol/1/run-1.json.bak', undefined],
    [longPath('broadcast', '1/run-latest.json'), 'foundry'],
    [`/p/broadcast/${'D'.repeat(400)}/1/run-latest.json`, undefined],
    ['/p/ignition/deployments/chain-1/journal.jsonl', 'ignition'],
    ['/p/ignition/deployments/chain-1/other.json', 'hardhatDeploy'],
    ['/p/deployments/chain-1/journal.jsonl', undefined],
    ['/p/ignition/chain-1/journal.jsonl', undefined],
    ['/p/deployments/sepolia/Token.json', 'hardhatDeploy'],
    ['/p/deployments/a/b/Token.json', undefined],
    ['/Token.json', undefined],
    ['/p/deployments/Token.json', undefined],
    ['/p/deployments/sepolia/README.md', undefined],
    ['/p/deployments/sepolia/.migrations.json', undefined],
    [longPath('deployments', 'Token.json'), 'hardhatDeploy'],
  ];
  for (const [path, expected] of cases) {
    const title = path.length > 80 ? `${path.slice(0, 40)}…${path.slice(-30)} (${path.length} characters)` : path;
    it(`${title}: ${String(expected)}`, () => assert.equal(toolchainRecord(path), expected));
  }

  it('a flag named hash in a Foundry broadcast is a bound name, not the record\u2019s own field', () => {
    const line = `--hash ${ID}`;
    const place = { path: '/p/broadcast/Deploy.s.sol/1/run-latest.json', line, start: 7, end: 7 + ID.length };
    assert.equal(idEvidence(place), 'bound');
    assert.equal(idEvidence({ ...place, line: `  "hash": "${ID}",`, start: 11, end: 11 + ID.length }), 'toolchain');
  });
});
