// solc-js's own output for Vault.sol and Slots.sol (a library linked by address, an immutable),
// laid out as Hardhat 2 writes it (test/fixtures/debugger/solcBuild.ts): what the index matches,
// how it masks, which record wins, and that compiler-generated sources stay out of the user's files.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArtifactIndex } from '../../../src/debugger/model/artifactMatch';
import { decodeSourceMap } from '../../../src/debugger/model/sourceMap';
import { hexToBytes } from '../../../src/core/hex';
import { compileHardhat2, type SolcBuild } from '../../fixtures/debugger/solcBuild';
import { repoRoot } from '../../fixtures/paths';

const root = repoRoot(__dirname);
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');
const LIBRARY_AT = '5fbdb2315678afecb367f032d93f642f64180aa3';
const OWNER = 'f39fd6e51aad88f6f4ce6ab8827279cfffb92266';

/** Hex with the ranges replaced, as a deployment writes library addresses and immutables. */
function fill(hex: string, ranges: Array<{ start: number; length: number }>, value: string): Uint8Array {
  let h = hex.replace(/^0x/, '');
  for (const r of ranges) h = h.slice(0, 2 * r.start) + value.padStart(2 * r.length, '0') + h.slice(2 * (r.start + r.length));
  return hexToBytes(h) ?? assert.fail('not hex');
}

function indexOf(build: SolcBuild, keep: (path: string) => boolean = () => true): ArtifactIndex {
  const index = new ArtifactIndex();
  for (const [path, text] of build.files) if (keep(path)) assert.deepEqual(index.add(path, text).ok, true, path);
  return index;
}

interface Compiled {
  build: SolcBuild;
  slots: SolcBuild['output']['contracts'][string][string];
  /** Slots as a deployment leaves it: the library's address linked in, the owner immutable set. */
  deployedSlots: Uint8Array;
}

let compiled: Compiled | undefined;
function compiledOnce(): Compiled {
  if (compiled) return compiled;
  const build = compileHardhat2({
    'contracts/Vault.sol': read('test/fixtures/evm/Vault.sol'),
    'contracts/Slots.sol': read('test/fixtures/debugger/Slots.sol'),
  });
  const slots = build.output.contracts['contracts/Slots.sol']?.Slots ?? assert.fail();
  const d = slots.evm.deployedBytecode;
  const linked = fill(d.object, Object.values(d.linkReferences['contracts/Slots.sol'] ?? {}).flat(), LIBRARY_AT);
  const owner = Object.values(d.immutableReferences).flat();
  assert.equal(owner.length, 1);
  compiled = { build, slots, deployedSlots: fill(Buffer.from(linked).toString('hex'), owner, OWNER) };
  return compiled;
}

describe('debugger/model/artifactMatch: solc-js’s output in Hardhat 2’s layout, masked and linked', function () {
  this.timeout(60_000);
  let build: SolcBuild;
  let slots: Compiled['slots'];
  let deployedSlots: Uint8Array;
  before(() => ({ build, slots, deployedSlots } = compiledOnce()));

  it('matches a contract linked to a library at a made-up address, with its immutable set, to the artifact and its build info', () => {
    const map = indexOf(build).match(deployedSlots, false);
    assert.equal(map?.contractName, 'Slots');
    assert.equal(map.artifactPath, 'artifacts/contracts/Slots.sol/Slots.json');
    assert.equal(map.sourceText('contracts/Slots.sol'), read('test/fixtures/debugger/Slots.sol'));
  });

  it('needs the build info for a Hardhat 2 artifact’s immutables: the artifact alone does not match the deployed code', () => {
    const alone = indexOf(build, (p) => !p.includes('build-info') && !p.endsWith('.dbg.json'));
    assert.equal(alone.match(deployedSlots, false), undefined);
    const unset = fill(Buffer.from(deployedSlots).toString('hex'), Object.values(slots.evm.deployedBytecode.immutableReferences).flat(), '00');
    assert.equal(alone.match(unset, false)?.contractName, 'Slots');
  });

  it('matches the library at the address its deployment wrote into its call guard, and the linked creation code', () => {
    const lib = build.output.contracts['contracts/Slots.sol']?.Doubler ?? assert.fail();
    const index = indexOf(build);
    assert.equal(index.match(fill(lib.evm.deployedBytecode.object, [{ start: 1, length: 20 }], LIBRARY_AT), false)?.contractName, 'Doubler');
    const creation = fill(slots.evm.bytecode.object, Object.values(slots.evm.bytecode.linkReferences['contracts/Slots.sol'] ?? {}).flat(), LIBRARY_AT);
    assert.equal(index.match(creation, true)?.contractName, 'Slots');
  });

  it('does not match the linked contract with one instruction byte changed, nor a prefix of it', () => {
    const index = indexOf(build);
    const changed = deployedSlots.slice();
    changed[10] = (changed[10] ?? 0) ^ 0x01;
    assert.equal(index.match(changed, false), undefined);
    assert.equal(index.match(deployedSlots.subarray(0, deployedSlots.length - 1), false), undefined);
  });
});

describe('debugger/model/artifactMatch: solc-js’s output in Hardhat 2’s layout, located and ranked', function () {
  this.timeout(60_000);
  let build: SolcBuild;
  let slots: Compiled['slots'];
  let deployedSlots: Uint8Array;
  before(() => ({ build, slots, deployedSlots } = compiledOnce()));

  it('keeps compiler-generated sources out of the user’s files: their pcs locate to nothing, every other location is Slots.sol or Vault.sol', () => {
    const d = slots.evm.deployedBytecode;
    const generated = new Set((d.generatedSources ?? []).map((g) => g.id));
    assert.ok(generated.size > 0 && [...generated].every((id) => id >= Object.keys(build.output.sources).length));
    const decoded = decodeSourceMap(d.sourceMap);
    const map = indexOf(build).match(deployedSlots, false) ?? assert.fail();
    let generatedPcs = 0;
    let located = 0;
    for (let pc = 0, i = 0; pc < deployedSlots.length && decoded.ok && i < decoded.map.length; i++) {
      const at = map.locate(pc);
      if (generated.has(decoded.map.file[i] ?? -1)) {
        assert.equal(at, undefined, `pc ${pc}`);
        generatedPcs++;
      } else if (at) {
        assert.equal(at.path, 'contracts/Slots.sol');
        located++;
      }
      const op = deployedSlots[pc] ?? 0;
      pc += 1 + (op >= 0x60 && op <= 0x7f ? op - 0x5f : 0);
    }
    assert.ok(generatedPcs > 0 && located > 0, `${generatedPcs} generated, ${located} located`);
  });

  it('answers columns in characters past non-ASCII text: the error call in Slots.fail starts where the editor shows it', () => {
    const map = indexOf(build).match(deployedSlots, false) ?? assert.fail();
    const text = read('test/fixtures/debugger/Slots.sol');
    const call = 'revert(unicode"too big: ✓")';
    const at = text.indexOf(call);
    const line = text.slice(0, at).split('\n').length;
    const column = at - text.lastIndexOf('\n', at - 1);
    const found = Array.from({ length: deployedSlots.length }, (_, pc) => map.locate(pc)).find((l) => l?.line === line && l.column === column);
    assert.ok(found, `nothing located at ${line}:${column}`);
    assert.equal(found.start, new TextEncoder().encode(text.slice(0, at)).length);
    // The source's header has multi-byte characters: bytes and characters differ by then.
    assert.notEqual(found.start, at);
  });

  it('prefers the record with sources and a source map over a bare copy of the same code, whatever the order they came in', () => {
    const vault = build.output.contracts['contracts/Vault.sol']?.Vault ?? assert.fail();
    // The same contract built before, from another path, its build info gone.
    const artifact = JSON.parse(build.files.get('artifacts/contracts/Vault.sol/Vault.json') ?? assert.fail()) as Record<string, unknown>;
    const bare = JSON.stringify({ ...artifact, sourceName: 'old/Vault.sol' });
    const code = hexToBytes(vault.evm.deployedBytecode.object) ?? assert.fail();
    const first = new ArtifactIndex();
    first.add('aaa/Vault.json', bare);
    assert.equal(first.match(code, false)?.artifactPath, 'aaa/Vault.json');
    assert.equal(first.match(code, false)?.locate(0), undefined);
    for (const [path, text] of build.files) first.add(path, text);
    const last = indexOf(build);
    last.add('aaa/Vault.json', bare);
    for (const index of [first, last]) {
      const map = index.match(code, false);
      assert.equal(map?.artifactPath, 'artifacts/contracts/Vault.sol/Vault.json');
      assert.equal(map.locate(0)?.path, 'contracts/Vault.sol');
    }
  });

  it('matches from a build info alone, naming the build info as the record', () => {
    const index = indexOf(build, (p) => p.includes('build-info'));
    const map = index.match(deployedSlots, false);
    assert.equal(map?.contractName, 'Slots');
    assert.match(map.artifactPath, /^artifacts\/build-info\/[0-9a-f]+\.json$/);
    assert.equal(map.storageLayout?.storage.find((v) => v.label === 'credits')?.slot, 3n);
  });
});
