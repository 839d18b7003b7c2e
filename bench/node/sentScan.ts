// Plain Node: the memory of the sent-transactions scan ("Why no receipt?" reads the workspace's
// Foundry broadcasts, src/workspace/model/sentTransactions.ts) over FILES broadcast files of
// TXS_PER_FILE distinct transactions each, written to a temp dir and read the way the host reads
// them (nodeFolderIo: open, capped read). The figure is the heap's peak while the scan runs, over
// the heap before it (sampled at every file opened and every millisecond the loop is free), with
// the heap the result keeps after a full GC beside it. The time cap is raised so that every file is
// read on any machine: the figure is the cost of the files, not of how many fit in 5 s here. A
// second workspace repeats three runs' hashes over the 115 files (forge's run-latest.json copies
// its newest run): the cap never fills, every file is read, and the peak is what reading costs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSentTxPath, MAX_SENT_TXS, readSentTransactions, SENT_TX_SCAN_LIMITS } from '../../src/workspace/model/sentTransactions';
import type { ScanFile, ScanIo } from '../../src/workspace/model/scan';
import { nodeFolderIo } from '../../test/fixtures/nodeFolderFs';
import { emit, round } from '../shared';

const FILES = 115;
const TXS_PER_FILE = 5_000;
const MiB = 1024 * 1024;

const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

/** One broadcast as forge writes it (the fields of an entry it writes for a call), with hashes of its own. */
function broadcast(file: number, hashes: number): string {
  const from = `0x${hex(0xf00d, 40)}`;
  const transactions = Array.from({ length: TXS_PER_FILE }, (_, i) => ({
    hash: `0x${hex(file % hashes, 8)}${hex(i, 56)}`,
    transactionType: 'CALL',
    contractName: 'Token',
    contractAddress: `0x${hex(0xc0de, 40)}`,
    function: 'transfer(address,uint256)',
    arguments: [`0x${hex(i + 1, 40)}`, String(1000 + i)],
    transaction: {
      from,
      to: `0x${hex(0xc0de, 40)}`,
      gas: '0x1d4c0',
      value: '0x0',
      input: `0xa9059cbb${hex(i + 1, 64)}${hex(1000 + i, 64)}`,
      nonce: `0x${(file * TXS_PER_FILE + i).toString(16)}`,
      chainId: '0x7a69',
    },
    additionalContracts: [],
    isFixedGasLimit: false,
  }));
  return JSON.stringify(
    { transactions, receipts: [], libraries: [], pending: [], returns: {}, timestamp: 1_700_000_000 + file, chain: 31337, commit: 'abc1234' },
    null,
    2,
  );
}

/** One scan of FILES broadcasts whose hashes repeat every `hashes` files: its peak heap and what it kept. */
async function scan(hashes: number): Promise<Record<string, number>> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench: run with --expose-gc');
  const dir = mkdtempSync(join(tmpdir(), 'wasp-bench-sent-'));
  try {
    const files: ScanFile<string>[] = [];
    let bytes = 0;
    for (let f = 0; f < FILES; f++) {
      const label = `broadcast/Script${hex(f, 3)}.s.sol/31337/run-${1_700_000_000 + f}.json`;
      const path = join(dir, label);
      mkdirSync(join(path, '..'), { recursive: true });
      const text = broadcast(f, hashes);
      bytes += text.length;
      writeFileSync(path, text);
      files.push({ uri: path, folder: dir, key: path, label });
    }
    const disk = nodeFolderIo(isSentTxPath);
    let peak = 0;
    const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
    const io: ScanIo<string> = {
      open: (f) => {
        sample();
        return disk.open(f);
      },
    };
    gc();
    const before = process.memoryUsage().heapUsed;
    peak = before;
    const timer = setInterval(sample, 1);
    const t0 = performance.now();
    const report = await readSentTransactions(files, io, { ...SENT_TX_SCAN_LIMITS, maxMillis: 120_000 });
    const millis = performance.now() - t0;
    clearInterval(timer);
    sample();
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    if (report.byHash.size !== Math.min(MAX_SENT_TXS, Math.min(FILES, hashes) * TXS_PER_FILE))
      throw new Error(`bench: ${report.byHash.size} transactions kept`);
    return {
      peakMiB: round((peak - before) / MiB, 0),
      read: report.read,
      fileMiB: round(bytes / FILES / MiB, 1),
      kept: report.byHash.size,
      keptHeapMiB: round(kept / MiB, 0),
      millis: round(millis, 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const distinct = await scan(FILES);
  const repeated = await scan(3);
  emit('workspace.sentScan.peakHeap', distinct.peakMiB ?? 0, 'MiB', {
    files: FILES,
    txsPerFile: TXS_PER_FILE,
    ...distinct,
    everyFileRead: repeated,
  });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
