// The code anvil holds after the real-peer fixture deployed it (test/fixtures/realPeers), matched
// to the records forge wrote (out/ and out/build-info) and to the Hardhat 3 records written from
// the same compiler output: Bank and Receipt carry immutables, so masking is what makes them match.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3';
import { ArtifactIndex } from '../../../src/debugger/model/artifactMatch';
import type { CodeMap, SourceLocation } from '../../../src/debugger/model/codeMap';
import { nameSlot } from '../../../src/debugger/model/storageNames';
import { hexToBytes } from '../../../src/core/hex';
import { files } from '../helpers/realPeers';
import { ANVIL_ACCOUNTS, startRealPeers, type RealPeers } from '../../fixtures/realPeers/realPeers';

const bytes = (hex: string) => hexToBytes(hex) ?? assert.fail(`not hex: ${hex.slice(0, 20)}`);
const word = (v: bigint) => v.toString(16).padStart(64, '0');

/** Every pc of `code` that locates, with its location. */
function locations(map: CodeMap, code: Uint8Array): Array<[number, SourceLocation]> {
  const out: Array<[number, SourceLocation]> = [];
  for (let pc = 0; pc < code.length; pc++) {
    const at = map.locate(pc);
    if (at) out.push([pc, at]);
  }
  return out;
}

interface World {
  peers: RealPeers;
  source: string;
  code: Map<string, Uint8Array>;
  indexes: Record<'foundry' | 'hardhat', ArtifactIndex>;
}

/** What holds for the records of one toolchain layout. */
function layoutSuite(layout: 'foundry' | 'hardhat', world: World): void {
  const dir = layout === 'foundry' ? 'out/Bank.sol' : 'artifacts/src/Bank.sol';
  const index = () => world.indexes[layout];

  it(`matches the deployed Ledger, Bank and both Receipts to their ${layout} artifacts, with the sources and ABI of the build`, () => {
    const expected: Array<[string, string]> = [
      ['ledger', 'Ledger'],
      ['ignitionLedger', 'Ledger'],
      ['bank', 'Bank'],
      ['issuedReceipt', 'Receipt'],
      ['hardhatDeployReceipt', 'Receipt'],
    ];
    for (const [which, name] of expected) {
      const map = index().match(world.code.get(which) ?? assert.fail(), false);
      assert.ok(map, `${which} did not match`);
      assert.equal(map.contractName, name);
      assert.equal(map.artifactPath, `${dir}/${name}.json`);
      assert.equal(map.sourceText('src/Bank.sol'), world.source);
      assert.deepEqual(map.abi, world.peers.contracts[name as 'Ledger'].abi);
    }
  });

  it(`needs the immutables masked for the ${layout} Bank: anvil’s code differs from the artifact’s bytes, yet matches`, () => {
    const onChain = world.code.get('bank') ?? assert.fail();
    const compiled = bytes(world.peers.contracts.Bank.deployedBytecode);
    assert.equal(onChain.length, compiled.length);
    assert.notDeepEqual(onChain, compiled);
    assert.equal(index().match(onChain, false)?.contractName, 'Bank');
  });

  it(`maps a pc of the deployed Ledger (${layout}) to the line of \`revert Overdrawn(have, amount)\` in Ledger.debit`, () => {
    const onChain = world.code.get('ledger') ?? assert.fail();
    const map = index().match(onChain, false) ?? assert.fail();
    const statement = 'revert Overdrawn(have, amount)';
    const at = world.source.indexOf(statement);
    assert.ok(at > 0 && world.source.indexOf(statement, at + 1) < 0);
    const byteAt = new TextEncoder().encode(world.source.slice(0, at)).length;
    const line = world.source.slice(0, at).split('\n').length;
    const column = at - world.source.lastIndexOf('\n', at - 1);
    // solc maps the revert's instructions to the error call inside the statement.
    const inside = locations(map, onChain).filter(([, l]) => byteAt <= l.start && l.start + l.length <= byteAt + statement.length);
    assert.ok(inside.length > 0, 'no pc maps into the revert statement');
    const call = 'Overdrawn(have, amount)';
    const callAt = byteAt + statement.indexOf(call);
    const exact = inside.find(([, l]) => l.start === callAt && l.length === call.length);
    assert.ok(exact, `no pc maps to the error call: ${JSON.stringify(inside.slice(0, 3))}`);
    assert.deepEqual(
      [exact[1].path, exact[1].line, exact[1].column, exact[1].endLine, exact[1].endColumn],
      ['src/Bank.sol', line, column + statement.indexOf(call), line, column + statement.length],
    );
    // Every location the Ledger's code gives lies in the user's world.source.
    for (const [, l] of locations(map, onChain)) assert.equal(l.path, 'src/Bank.sol');
  });

  it(`matches creations (${layout}): the Bank’s init code with its constructor argument, the Ledger’s, a Receipt’s with 42`, async () => {
    for (const [tx, name] of [
      [world.peers.txs.deployBank, 'Bank'],
      [world.peers.txs.ignitionLedger, 'Ledger'],
      [world.peers.txs.hardhatDeployReceipt, 'Receipt'],
    ] as const) {
      const input = bytes((await world.peers.rpc<{ input: string }>('eth_getTransactionByHash', [tx])).input);
      const map = index().match(input, true);
      assert.equal(map?.contractName, name);
      // The creation's first instruction belongs to the contract's definition.
      const first = map?.locate(0);
      assert.equal(first?.path, 'src/Bank.sol');
      assert.ok(world.source.slice(first.start).startsWith(`contract ${name}`), JSON.stringify(first));
      assert.equal(index().match(input, false), undefined, 'init code is not runtime code');
    }
  });
}

/** A changed instruction byte is another code; a changed metadata hash is the same code rebuilt. */
function changedByteSuite(layout: 'foundry' | 'hardhat', world: World): void {
  const index = () => world.indexes[layout];
  it(`does not match (${layout}) the Ledger’s code with one byte of its instructions changed; a changed metadata hash still matches`, () => {
    const onChain = world.code.get('ledger') ?? assert.fail();
    const changed = onChain.slice();
    changed[40] = (changed[40] ?? 0) ^ 0x01;
    assert.equal(index().match(changed, false), undefined);
    const rebuilt = onChain.slice();
    const tailByte = rebuilt.length - 10;
    rebuilt[tailByte] = (rebuilt[tailByte] ?? 0) ^ 0xff;
    assert.equal(index().match(rebuilt, false)?.contractName, 'Ledger');
  });

  it(`does the same (${layout}) for the Bank’s init code: an instruction changed, or its runtime’s metadata hash changed`, async () => {
    const input = bytes((await world.peers.rpc<{ input: string }>('eth_getTransactionByHash', [world.peers.txs.deployBank])).input);
    const changed = input.slice();
    changed[20] = (changed[20] ?? 0) ^ 0x01;
    assert.equal(index().match(changed, true), undefined);
    // The creation code ends with the runtime's metadata; the constructor argument (one word) follows it.
    const rebuilt = input.slice();
    const tailByte = rebuilt.length - 32 - 10;
    rebuilt[tailByte] = (rebuilt[tailByte] ?? 0) ^ 0xff;
    assert.equal(index().match(rebuilt, true)?.contractName, 'Bank');
  });
}

describe('debugger/model/artifactMatch: anvil’s code of the real-peer fixture against forge’s and Hardhat 3’s records', function () {
  this.timeout(30_000);
  const code = new Map<string, Uint8Array>();
  const indexes = {} as Record<'foundry' | 'hardhat', ArtifactIndex>;
  // Filled by `before`; the layout suites read it when their tests run.
  const world = { code, indexes } as World;
  let peers: RealPeers | undefined;
  const skipped: string[] = [];

  before(async function () {
    // The first run compiles the contracts (forge build through solc-js); later runs reuse the cache.
    this.timeout(180_000);
    indexes.foundry = new ArtifactIndex();
    indexes.hardhat = new ArtifactIndex();
    peers = await startRealPeers();
    world.peers = peers;
    world.source = readFileSync(join(peers.project, 'src', 'Bank.sol'), 'utf8');
    for (const rel of files(peers.project)) {
      const layout = rel.startsWith('out/') ? 'foundry' : rel.startsWith('artifacts/') ? 'hardhat' : undefined;
      if (!layout) continue;
      const r = indexes[layout].add(rel, readFileSync(join(peers.project, rel), 'utf8'));
      if (!r.ok) skipped.push(`${rel}: ${r.reason}`);
    }
    for (const [name, address] of Object.entries({
      ledger: peers.addresses.ledger,
      bank: peers.addresses.bank,
      issuedReceipt: peers.addresses.issuedReceipt,
      hardhatDeployReceipt: peers.addresses.hardhatDeployReceipt,
      ignitionLedger: peers.addresses.ignitionLedger,
    }))
      code.set(name, bytes(await world.peers.rpc<string>('eth_getCode', [address, 'latest'])));
  });
  after(() => peers?.stop());

  it('indexes every record forge and Hardhat 3 wrote, skipping none', () => {
    assert.deepEqual(skipped, []);
  });

  for (const layout of ['foundry', 'hardhat'] as const) {
    layoutSuite(layout, world);
    changedByteSuite(layout, world);
  }

  it('pairs Hardhat 3’s split build info (<id>.output.json before <id>.json) and its artifacts whatever order they come in', () => {
    const peers = world.peers;
    const reversed = new ArtifactIndex();
    for (const rel of files(peers.project)
      .filter((f) => f.startsWith('artifacts/'))
      .reverse())
      assert.ok(reversed.add(rel, readFileSync(join(peers.project, rel), 'utf8')).ok, rel);
    const map = reversed.match(code.get('bank') ?? assert.fail(), false);
    assert.equal(map?.artifactPath, 'artifacts/src/Bank.sol/Bank.json');
    assert.equal(map.sourceText('src/Bank.sol'), world.source);
    assert.equal(map.locate(0)?.path, 'src/Bank.sol');
  });

  it('exposes the storage layout forge asked solc for, and names the slot anvil holds the saver’s credit in', async () => {
    const map = indexes.foundry.match(code.get('ledger') ?? assert.fail(), false) ?? assert.fail();
    const layout = map.storageLayout ?? assert.fail('no storage layout');
    assert.deepEqual(
      layout.storage.map((v) => [v.label, v.slot]),
      [['credits', 0n]],
    );
    // The save transaction credited 1000 wei to the deployer: its value sits at keccak256(key . slot).
    const preimage = bytes(`0x${ANVIL_ACCOUNTS[0].slice(2).padStart(64, '0')}${word(0n)}`);
    const slot = BigInt(`0x${Buffer.from(keccak_256(preimage)).toString('hex')}`);
    const held = await world.peers.rpc<string>('eth_getStorageAt', [world.peers.addresses.ledger, `0x${slot.toString(16)}`, 'latest']);
    assert.equal(BigInt(held), 1000n);
    assert.equal(nameSlot(layout, slot, new Map([[slot, preimage]])), `credits[${ANVIL_ACCOUNTS[0]}]`);
    assert.equal(indexes.hardhat.match(code.get('bank') ?? assert.fail(), false)?.storageLayout?.storage[0]?.label, 'sink');
  });
});
