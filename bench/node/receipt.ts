// Plain Node: validation and view building of a receipt with 1 MiB of params and 10,000 burn
// records, step by step as the client does it (JSON text -> parseJsonExact -> ReceiptSchema ->
// buildReceiptView), and the heap one such answer holds once cached. Run with --expose-gc.
import { parseJsonExact } from '../../src/api/json';
import { ReceiptSchema } from '../../src/api/stardustSchemas';
import { buildReceiptView } from '../../src/transactions/model/receiptView';
import { BIG_BURN_RECORDS, BIG_PARAM_BYTES, benchRequestId, bigReceipt, emit, round, stats } from '../shared';

const RUNS = 7;

function time<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

function main(): void {
  const text = JSON.stringify(bigReceipt(benchRequestId('big', 0)));
  emit('receipt.big.jsonBytes', Buffer.byteLength(text), 'B', { paramBytes: BIG_PARAM_BYTES, burnRecords: BIG_BURN_RECORDS });

  const parse: number[] = [];
  const validate: number[] = [];
  const view: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const p = time(() => parseJsonExact(text));
    const v = time(() => ReceiptSchema.safeParse(p.value));
    if (!v.value.success) throw new Error(`bench: the big receipt does not validate: ${v.value.error.issues[0]?.message}`);
    const receipt = v.value.data;
    const b = time(() => buildReceiptView(receipt));
    // The first run pays for JIT compilation: it is reported apart.
    if (i === 0) emit('receipt.big.node.firstRun', round(p.ms + v.ms + b.ms, 1), 'ms');
    else {
      parse.push(p.ms);
      validate.push(v.ms);
      view.push(b.ms);
    }
  }
  const detail = (s: number[]) => ({ runs: s.length, min: round(stats(s).min, 1), max: round(stats(s).max, 1) });
  emit('receipt.big.node.parse', round(stats(parse).p50, 1), 'ms', detail(parse));
  emit('receipt.big.node.validate', round(stats(validate).p50, 1), 'ms', detail(validate));
  emit('receipt.big.node.view', round(stats(view).p50, 1), 'ms', detail(view));

  // What one cached answer of this size holds: the validated receipt and its view model.
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    const keep: unknown[] = [];
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const copies = 10;
    for (let i = 0; i < copies; i++) {
      const r = ReceiptSchema.parse(parseJsonExact(text));
      keep.push({ receipt: r, view: buildReceiptView(r) });
    }
    gc();
    gc();
    const per = (process.memoryUsage().heapUsed - before) / copies;
    emit('receipt.big.node.retainedPerEntry', round(per / 1024 / 1024, 2), 'MB', { copies, held: keep.length });
  }
}

main();
