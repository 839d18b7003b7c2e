// Plain Node: the EVM ABI index of a workspace of 500 Hardhat artifacts (each the Vault fixture with
// its own error, function and event names, so 500 × 10 distinct items), built the way the host
// builds it (resolve, open, read with its caps, parse, validate, hash the selectors), the heap the
// index keeps for them (with --expose-gc: the heap after a full GC with the index, minus without
// it, beside the index's own estimate that its memory budget counts), and the decoding a warm hover
// adds for a custom-error revert (explainEvm + its lines). The files are written to a temp dir first.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RebasedReceiptSchema } from '../../src/api/rebasedSchemas';
import { AbiIndex, parseAbiText } from '../../src/evm/model/abiIndex';
import { loadAbiCoder } from '../../src/evm/model/decode';
import { explainEvm, explanationLines } from '../../src/transactions/model/evmExplain';
import { scanIntoIndex, type ScanFile } from '../../src/workspace/model/scan';
import { nodeFolderIo } from '../../test/fixtures/nodeFolderFs';
import { buildReceiptView } from '../../src/transactions/model/receiptView';
import { emit, round, stats } from '../shared';

const ARTIFACTS = 500;
const RUNS = 5;
const HOVERS = 2_000;

async function main(): Promise<void> {
  const repo = process.cwd();
  const vault = readFileSync(join(repo, 'test/fixtures/evm/hardhat/artifacts/contracts/Vault.sol/Vault.json'), 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'wasp-bench-abi-'));
  try {
    const files: ScanFile<string>[] = [];
    for (let i = 0; i < ARTIFACTS; i++) {
      const text = vault.replace(/"name": "(InsufficientBalance|BadOrder|TooMany|Deposited|OrderPlaced|deposit|transfer|place|balances)"/g, `"name": "$1${i}"`);
      const path = join(dir, `artifacts/contracts/C${i}.sol/C${i}.json`);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, text);
      files.push({ uri: path, folder: dir, key: path, label: `artifacts/contracts/C${i}.sol/C${i}.json` });
    }
    const io = nodeFolderIo();
    const builds: number[] = [];
    let index = new AbiIndex();
    for (let r = 0; r < RUNS; r++) {
      index = new AbiIndex();
      const t0 = performance.now();
      const report = await scanIntoIndex(index, files, io);
      // The first lookup builds the selector maps: part of the cost of the first hover.
      index.errors('0x00000000');
      builds.push(performance.now() - t0);
      if (report.indexed !== ARTIFACTS) throw new Error(`bench: ${report.indexed} of ${ARTIFACTS} artifacts indexed`);
    }
    emit('evm.index.build500', round(stats(builds).p50, 1), 'ms', {
      artifacts: ARTIFACTS,
      bytesEach: vault.length,
      runs: RUNS,
      max: round(stats(builds).max, 1),
      times: builds.map((t) => round(t, 1)),
    });

    await emitIndexHeap(files);

    // A warm hover's extra work: the custom error of artifact 250 decoded out of 5,000 items.
    const coder = await loadAbiCoder();
    const items = parseAbiText(vault.replace(/"name": "(InsufficientBalance)"/g, '"name": "$1250"'))?.items ?? [];
    const error = items.find((i) => i.kind === 'error' && i.name === 'InsufficientBalance250');
    if (!error) throw new Error('bench: no error item');
    const { encodeAbiParameters } = await import('../../test/fixtures/evmEncode.mjs');
    const data = error.selector + (encodeAbiParameters(error.inputs as never, [3n, 5n] as never) as string).slice(2);
    const body = JSON.parse(readFileSync(join(repo, 'test/fixtures/samples/rebased/receipt-failed-evm-revert.json'), 'utf8'));
    body.rawError = { code: 'a774', params: [`${data.slice(2)}:string`] };
    body.errorMessage = `execution reverted: ${data.slice(2)}`;
    const receipt = RebasedReceiptSchema.parse(body);
    const view = buildReceiptView(receipt);
    const times: number[] = [];
    let line = '';
    for (let i = 0; i < HOVERS; i++) {
      const t0 = performance.now();
      const e = explainEvm(coder, index, receipt, view);
      line = e ? (explanationLines(e)[0] ?? '') : '';
      times.push(performance.now() - t0);
    }
    if (!line.includes('InsufficientBalance250(available: 3, required: 5)')) throw new Error(`bench: not decoded: ${line}`);
    const warm = times.slice(HOVERS / 10);
    emit('evm.hover.warm.p50', round(stats(warm).p50 * 1000, 0), 'µs', {
      p99: round(stats(warm).p99 * 1000, 0),
      items: index.fileCount * items.length,
      times: warm.map((t) => round(t * 1000, 0)),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The heap one index of the files keeps (lookup maps built), measured between full collections. */
async function emitIndexHeap(files: ScanFile<string>[]): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench: run with --expose-gc for the index heap');
  gc();
  const before = process.memoryUsage().heapUsed;
  const index = new AbiIndex();
  await scanIntoIndex(index, files, nodeFolderIo());
  index.errors('0x00000000');
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  emit('evm.index.heap500', round(kept / 1024, 0), 'KiB', {
    artifacts: files.length,
    estimateKiB: round(index.bytes / 1024, 0),
    budgetKiB: round(index.maxBytes / 1024, 0),
    // Keeps the index alive until after the measurement.
    files: index.fileCount,
  });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
