// The names the debugger gives a call: a call to the ISC magic contract is named by the magic
// contract's own interfaces, whichever generation declares the function, before any workspace ABI
// that happens to share its selector; other calls keep the workspace's names.
import * as assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3';
import { Describer } from '../../../src/debugger/model/describe';
import type { CodeMap } from '../../../src/debugger/model/codeMap';
import type { ReplayFrame } from '../../../src/debugger/model/recording';
import { AbiIndex, abiOfJson } from '../../../src/evm/model/abiIndex';
import { loadAbiCoder } from '../../../src/evm/model/decode';
import { MAGIC_ADDRESS, magicAbiIndex } from '../../../src/evm/model/iscMagic';

const selector = (signature: string) =>
  `0x${Buffer.from(keccak_256(new TextEncoder().encode(signature)))
    .toString('hex')
    .slice(0, 8)}`;
const OTHER = `0x${'5f'.repeat(20)}`;

function frame(codeAddress: string, input: string, native: boolean): ReplayFrame {
  return {
    index: 1,
    parent: 0,
    depth: 1,
    kind: 'STATICCALL',
    caller: `0x${'ca'.repeat(20)}`,
    address: codeAddress,
    codeAddress,
    value: 0n,
    input,
    gas: 100_000n,
    code: new Uint8Array(),
    native,
    firstStep: 10,
    lastStep: 10,
  };
}

describe('debugger/model/describe: the name of a call', () => {
  let describer: Describer;
  before(async () => {
    const workspace = new AbiIndex();
    // A workspace contract whose function shares the magic contract's selector.
    const abi = abiOfJson([{ type: 'function', name: 'getChainID', inputs: [], outputs: [{ type: 'uint256' }], stateMutability: 'view' }]);
    workspace.setFile('out/Mine.sol/Mine.json', 'Mine', abi?.items ?? []);
    describer = new Describer(await loadAbiCoder(), [workspace], undefined, await Promise.all([magicAbiIndex('rebased'), magicAbiIndex('stardust')]));
  });

  it("a native call to the magic contract is named by its interface: ISCSandbox.getChainID, not the workspace's Mine", () => {
    assert.equal(describer.frameName(frame(MAGIC_ADDRESS, selector('getChainID()'), true), undefined), 'ISCSandbox.getChainID: native, not replayed');
  });

  it("a function only Wasp 1's interface declares is named too: ISCSandbox.getChainOwnerID", () => {
    assert.equal(describer.frameName(frame(MAGIC_ADDRESS, selector('getChainOwnerID()'), true), undefined), 'ISCSandbox.getChainOwnerID: native, not replayed');
  });

  it('an unknown selector to the magic contract keeps the selector, and still says it is native', () => {
    assert.equal(describer.frameName(frame(MAGIC_ADDRESS, '0xdeadbeef', true), undefined), '0x1074…0000.0xdeadbeef: native, not replayed');
  });

  it("a call elsewhere with that selector keeps the workspace's name", () => {
    assert.equal(describer.frameName(frame(OTHER, selector('getChainID()'), false), undefined), 'Mine.getChainID');
  });

  it('a call no ABI names is named by its selector, by fallback when its data is shorter than one, by receive when it has none', () => {
    const map = (abi: unknown): CodeMap => ({
      contractName: 'C',
      artifactPath: 'out/C.sol/C.json',
      locate: () => undefined,
      jumpAt: () => undefined,
      sourceText: () => undefined,
      abi: abi as unknown[],
    });
    const name = (input: string, abi: unknown = []) => describer.frameName(frame(OTHER, input, false), map(abi));
    assert.equal(name('0x12345678'), 'C.0x12345678');
    assert.equal(name('0x123456'), 'C.fallback');
    assert.equal(name('0x'), 'C.receive');
    assert.equal(name('0x12345678', { not: 'an ABI' }), 'C.0x12345678');
  });
});
