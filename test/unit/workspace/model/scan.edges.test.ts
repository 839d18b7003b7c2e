// The scan's edges not reached by a normal checkout (src/workspace/model/scan.ts, scanGuard.ts,
// folderFile.ts): a read that fails midway, a slow source under the default time budget, an
// iterator whose return() gives nothing, the log line of a report, a folder path with trailing slashes.
import * as assert from 'node:assert/strict';
import { AbiIndex } from '../../../../src/evm/model/abiIndex';
import { pathBelow } from '../../../../src/workspace/model/folderFile';
import { describeReport, indexFile, readScanFile, type ScanFile, type ScanIo } from '../../../../src/workspace/model/scan';
import { readCapped } from '../../../../src/workspace/model/scanGuard';

const file: ScanFile<string> = { uri: 'out/A.sol/A.json', folder: '/w', key: 'file:///w/out/A.sol/A.json', label: 'out/A.sol/A.json' };
const LIMITS = { maxFiles: 10, maxFileBytes: 1 << 20, maxMillis: 1_000 };
const ONE_FN = new TextEncoder().encode(JSON.stringify({ abi: [{ type: 'function', name: 'f', inputs: [] }] }));
const ioOf = (chunks: () => AsyncIterable<Uint8Array>, size = 10): ScanIo<string> => ({
  open: async () => ({ size, chunks: chunks(), close: async () => undefined }),
});

describe('workspace/model/scan: edges', () => {
  it('a read that fails midway is malformed', async () => {
    const failing = async function* (): AsyncGenerator<Uint8Array> {
      yield new Uint8Array([1]);
      throw new Error('EIO');
    };
    assert.equal(await readScanFile(file, ioOf(failing), LIMITS, () => 1_000), 'malformed');
  });

  it('without a time budget given, a file whose bytes come a few ms late is still indexed', async () => {
    const slow = async function* (): AsyncGenerator<Uint8Array> {
      await new Promise((r) => setTimeout(r, 5));
      yield ONE_FN;
    };
    const r = await indexFile(new AbiIndex(), file, ioOf(slow, ONE_FN.length), LIMITS);
    assert.deepEqual(r, { outcome: 'indexed', badItems: 0 });
  });

  it('the log line of a report names every count', () => {
    const line = describeReport({ indexed: 1, noAbi: 2, malformed: 3, tooLarge: 4, refused: 5, overBudget: 6, leftOut: 7, badItems: 8, millis: 9 });
    assert.equal(
      line,
      "1 files indexed, 2 without an ABI, 3 malformed, 4 too large, 5 refused (not a regular file inside the folder), 6 over the index's memory budget, 7 left out, 8 invalid entries, in 9 ms",
    );
  });

  it('a read abandoned at the cap over an iterator whose return() gives nothing still ends as too large', async () => {
    const source: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => ({ done: false, value: new Uint8Array(8) }),
        return: (() => undefined) as unknown as () => Promise<IteratorResult<Uint8Array>>,
      }),
    };
    assert.deepEqual(await readCapped(source, 10, () => 1_000), { stopped: 'tooLarge' });
  });

  it('a folder path with several trailing slashes still holds its files', () => {
    assert.equal(pathBelow('/w//', '/w/out/A.json'), 'out/A.json');
  });
});
