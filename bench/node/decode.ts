// Plain Node: the worst decoding time of 128 KB of hostile data, as a hover or a row of Load EVM Logs
// decodes it (decode.ts with the shipped magic-contract ABI and a workspace error). Each input is
// decoded RUNS times; the figure is the median of the slowest input (the slowest single decode of
// each is in the detail: on a loaded machine it measures the machine). Inputs:
// call data matching the shipped callView whose items alias one large `bytes` (seconds before the
// strict-layout check), revert data of `E(bytes[])` likewise, and strictly laid out data with as
// many values as 128 KB holds (what the check lets through to the decoder).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AbiIndex, abiOfJson, parseAbiItem, type AbiItem } from '../../src/evm/model/abiIndex';
import { decodeCustomError, decodeFunctionCall, loadAbiCoder, type AbiCoder, type Decoded } from '../../src/evm/model/decode';
import { emit, round, stats } from '../shared';

const KB = 1024;
const SIZE = 128 * KB;
const RUNS = 20;

const word = (n: number) => n.toString(16).padStart(64, '0');

interface Input {
  name: string;
  decode: (c: AbiCoder) => Decoded;
}

function inputs(repo: string): Input[] {
  const magic = abiOfJson(JSON.parse(readFileSync(join(repo, 'media/abis/iscMagic.abi.json'), 'utf8')))?.items ?? [];
  const callView = magic.find((i) => i.name === 'callView');
  const error = parseAbiItem({ type: 'error', name: 'E', inputs: [{ name: 'list', type: 'bytes[]' }] });
  if (!callView || !error) throw new Error('bench: no callView or E(bytes[])');
  const index = new AbiIndex();
  index.setFile('builtin:iscMagic', 'iscMagic', magic);
  index.setFile('file:///w/E.json', 'E.json', [error as AbiItem]);

  // callView(1, 2, ((key, value)[])): n items all at one element whose key and value are one blob.
  const n = 2_000;
  const blob = SIZE - 32 * n - 6 * 32;
  const callArgs = word(1) + word(2) + word(0x60) + word(0x20) + word(n) + word(32 * n).repeat(n) + word(0x40) + word(0x40) + word(blob) + 'ab'.repeat(blob);
  // E(bytes[]): m elements all at one blob.
  const m = 2_000;
  const errBlob = SIZE - 32 * m - 3 * 32;
  const errArgs = word(0x20) + word(m) + word(32 * m).repeat(m) + word(errBlob) + 'cd'.repeat(errBlob);
  // E(bytes[]) laid out strictly: as many empty elements as fit (an offset and a length each).
  const k = Math.floor((SIZE - 64) / 64);
  let offsets = '';
  for (let i = 0; i < k; i++) offsets += word(32 * k + 32 * i);
  const strictArgs = word(0x20) + word(k) + offsets + word(0).repeat(k);
  // callView laid out strictly: as many items of empty key and value as fit.
  const j = Math.floor((SIZE - 6 * 32) / (5 * 32));
  let items = '';
  for (let i = 0; i < j; i++) items += word(32 * j + 128 * i);
  const strictCall = word(1) + word(2) + word(0x60) + word(0x20) + word(j) + items + (word(0x40) + word(0x60) + word(0) + word(0)).repeat(j);
  return [
    { name: 'callView, aliased items', decode: (c) => decodeFunctionCall(c, index, callView.selector + callArgs) },
    { name: 'E(bytes[]), aliased elements', decode: (c) => decodeCustomError(c, index, error.selector + errArgs) },
    { name: 'E(bytes[]), strict, most elements', decode: (c) => decodeCustomError(c, index, error.selector + strictArgs) },
    { name: 'callView, strict, most items', decode: (c) => decodeFunctionCall(c, index, callView.selector + strictCall) },
  ];
}

async function main(): Promise<void> {
  const coder = await loadAbiCoder();
  const results: Record<string, { p50Ms: number; maxMs: number; outcome: string }> = {};
  let worst = 0;
  let worstTimes: number[] = [];
  for (const input of inputs(process.cwd())) {
    const times: number[] = [];
    let outcome = '';
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const d = input.decode(coder);
      times.push(performance.now() - t0);
      outcome = d.ok ? `decoded ${d.item.name}` : d.reason;
    }
    const { p50, max } = stats(times);
    results[input.name] = { p50Ms: round(p50, 1), maxMs: round(max, 1), outcome };
    if (p50 >= worst) {
      worst = p50;
      worstTimes = times;
    }
    console.log(`bench: ${input.name}: ${outcome}, median of ${RUNS} ${round(p50, 1)} ms, slowest ${round(max, 1)} ms`);
  }
  emit('evm.decode.hostile128k', round(worst, 1), 'ms', { bytes: SIZE, runs: RUNS, inputs: results, times: worstTimes.map((t) => round(t, 1)) });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
