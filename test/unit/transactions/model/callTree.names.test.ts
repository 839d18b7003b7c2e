// The call tree of hand-made trace frames (src/transactions/model/callTree.ts): which addresses the
// address book is asked about (never the missing address of a failed creation), and a tree without
// a revert, which marks no origin at all.
import * as assert from 'node:assert/strict';
import type { TraceFrame } from '../../../../src/evm/model/callTrace';
import { loadAbiCoder } from '../../../../src/evm/model/decode';
import { AbiIndex } from '../../../../src/evm/model/abiIndex';
import { buildCallTree } from '../../../../src/transactions/model/callTree';

const A = `0x${'ab'.repeat(20)}`;
const B = `0x${'cd'.repeat(20)}`;

function frame(over: Partial<TraceFrame> = {}): TraceFrame {
  return {
    index: 0,
    parent: undefined,
    depth: 0,
    type: 'CALL',
    from: A,
    to: B,
    gas: 100n,
    gasUsed: 21n,
    input: '0x',
    logs: [],
    logsCut: 0,
    children: [],
    ...over,
  };
}

describe('transactions/model/callTree: names and origin', () => {
  it('for a creation that failed without an address, the address book is asked about the caller only', async () => {
    const asked: string[] = [];
    const book = new Map([[A, 'Deployer']]);
    const nameOf = (address: string): string | undefined => {
      asked.push(address);
      return book.get(address.toLowerCase());
    };
    const created = frame({ type: 'CREATE', to: undefined, error: 'out of gas' });
    const view = buildCallTree({
      coder: await loadAbiCoder(),
      index: new AbiIndex(),
      magic: new AbiIndex(),
      generation: 'rebased',
      trace: { frames: [created], cut: 0 },
      nameOf,
    });
    assert.deepEqual(asked, [A]);
    const root = view.frames[0];
    assert.equal(root?.fromName, 'Deployer');
    assert.equal(root !== undefined && 'toName' in root, false);
    assert.equal(root !== undefined && 'to' in root, false);
  });

  it('the caller and the callee of a call are both looked up and named', async () => {
    const asked: string[] = [];
    const nameOf = (address: string): string | undefined => {
      asked.push(address);
      return address === B ? 'Vault' : undefined;
    };
    const view = buildCallTree({
      coder: await loadAbiCoder(),
      index: new AbiIndex(),
      magic: new AbiIndex(),
      generation: 'rebased',
      trace: { frames: [frame()], cut: 0 },
      nameOf,
    });
    assert.deepEqual(asked, [A, B]);
    assert.equal(view.frames[0]?.toName, 'Vault');
  });

  it('a tree whose root did not fail marks no origin', async () => {
    const view = buildCallTree({
      coder: await loadAbiCoder(),
      index: new AbiIndex(),
      magic: new AbiIndex(),
      generation: 'rebased',
      trace: { frames: [frame()], cut: 0 },
    });
    assert.deepEqual(Object.keys(view).sort(), ['cut', 'frames', 'notes', 'summary']);
    assert.equal(view.summary, '1 calls, 0 failed');
    assert.equal(view.frames[0]?.origin, false);
  });
});
