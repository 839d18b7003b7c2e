// The rows of `npm run bench`'s table, in order: a string array is a section heading; a row names
// its figure's id (what bench/run.mjs and bench/host.ts emit) and how to show and judge it:
//   - a timing row has `timing: { atMost?, show }`: its figure carries `detail.times`, one value per
//     run; the table shows their median, min and max, and judges the median against `atMost`;
//   - a p99 row has `p99: { atMost }`: judged on its value, from the samples its figure counts;
//   - any other row (counts, bytes) has `show` and, for a target, `check`: a single figure.
// This file: the bundle, the plain-Node benches, activation and the hover on text; bench/rowsHost.mjs
// the rest of the host's scenarios.
import { KB, kb, median, ms } from './rowFormat.mjs';
import { HOST_ROWS } from './rowsHost.mjs';

export const ROWS = [
  ['Bundle size'],
  {
    what: 'loaded at activation, minified: main + its static chunks (gzip)',
    id: 'bundle.startup',
    show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})`,
    target: '≤ 60 KB',
    check: (f) => f.value <= 60 * KB,
    note: (f) =>
      Object.entries(f.detail.files)
        .map(([k, b]) => `${k} ${kb(b)}`)
        .join(', '),
  },
  { what: "… the extension's own code (src/)", id: 'bundle.extension.own', show: (f) => `${kb(f.value)} (${f.detail.files} files)` },
  {
    what: '… dependencies',
    id: 'bundle.extension.deps',
    show: (f) => kb(f.value),
    note: (f) =>
      Object.entries(f.detail)
        .map(([k, b]) => `${k} ${kb(b)}`)
        .join(', '),
  },
  {
    what: 'loaded on first use (lazy chunks, gzip)',
    id: 'bundle.lazy',
    show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})`,
    note: (f) =>
      Object.entries(f.detail.files)
        .map(([k, b]) => `${k} ${kb(b)}`)
        .join(', ') || 'none',
  },
  {
    what: 'output files holding src/api/errors.ts (the error classes)',
    id: 'bundle.errorsModule',
    show: (f) => String(f.value),
    target: '= 1',
    check: (f) => f.value === 1,
  },
  {
    what: 'browser entry (web worker host): the whole extension in one file, minified (gzip)',
    id: 'bundle.browser',
    show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})`,
  },
  { what: 'receipt panel webview bundle (gzip)', id: 'bundle.webview.receiptMain', show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})` },
  { what: 'chain info panel webview bundle (gzip)', id: 'bundle.webview.chainInfoMain', show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})` },
  ["Watched requests and blocks (plain Node, the extension's watch loop and client against the local node)"],
  {
    what: "20 watches, the node's long poll lasting 6 s: requests sent per minute",
    id: 'watch.longPoll.perMinute',
    show: (f) => `${f.value} (${f.detail.requests} in ${f.detail.seconds} s, at most ${f.detail.maxInFlightPerWatch} in flight per watch)`,
  },
  {
    what: '… requests per watch per long poll (bounded by the long poll, not a timer)',
    id: 'watch.longPoll.perLongPoll',
    show: (f) => String(f.value),
    target: '≤ 1',
    check: (f) => f.value <= 1,
  },
  {
    what: "… the same at a real node's 30 s long poll: requests per minute",
    id: 'watch.longPoll.perMinuteAt30s',
    show: (f) => String(f.value),
    target: '≤ 40',
    check: (f) => f.value <= 40,
  },
  {
    what: '20 watches, a node answering 408 at once: requests per minute (5 s minimum round)',
    id: 'watch.instant408.perMinute',
    show: (f) => `${f.value} (${f.detail.requests}, bound ${f.detail.bound})`,
    target: '≤ 1 per watch per 5 s',
    check: (f) => f.detail.requests <= f.detail.bound,
  },
  {
    what: '20 watches, the node down: requests per minute (backoff 2, 4, 8 s…)',
    id: 'watch.nodeDown.perMinute',
    show: (f) => `${f.value} (${f.detail.requests} in ${f.detail.seconds} s, bound ${f.detail.bound})`,
    target: 'never a storm',
    check: (f) => f.detail.requests <= f.detail.bound,
  },
  {
    what: 'expanding a block of 100 receipts: one request, validated, rows built',
    id: 'blocks.expand100.node',
    timing: { atMost: 100, show: ms },
    target: '≤ 100 ms',
    note: (f) => `${f.detail.requestsPerExpand} request per expand`,
  },
  ['"Why no receipt?" (plain Node, the diagnosis against the local node)'],
  {
    what: 'a diagnosis end to end: round trips (time ÷ the node latency)',
    id: 'noReceipt.diagnosis',
    timing: { atMost: 4, show: String },
    target: '≤ 4',
    note: (f) => `median ${f.detail.p50} ms at ${f.detail.latencyMs} ms per answer; ${f.detail.requests} requests, ${f.detail.peakInFlight} in flight at once`,
  },
  ['Activation (in the extension host; a run is a fresh host: the main run and the startup runs)'],
  {
    what: "code loading + activate() (VS Code's own marks)",
    id: 'activation.vscode',
    timing: { atMost: 30, show: ms },
    target: '≤ 30 ms',
    note: (f) => `medians: code loading ${ms(median(f.detail.codeLoading))} + activate() ${ms(median(f.detail.activateCall))}`,
  },
  {
    what: "the extension's own: modules evaluating + activate()",
    id: 'activation.ms',
    timing: { atMost: 10, show: ms },
    target: '≤ 10 ms',
  },
  { what: '… modules evaluating', id: 'activation.load', timing: { show: ms } },
  { what: '… activate()', id: 'activation.activate', timing: { show: ms } },
  { what: "VS Code preparing the ExtensionContext meanwhile (not the extension's)", id: 'activation.contextWait', timing: { show: ms } },
  { what: 'ext.activate() wall time seen by the bench', id: 'activation.wall', timing: { show: ms } },
  {
    what: 'the features loading on first use (ready(): the features chunk, its services, every registration)',
    id: 'activation.features',
    timing: { show: ms },
  },
  ['Hover on text that is not a request ID (10,000-line file)'],
  {
    what: 'provideHover, per call (a run: a pass over 50,000 positions)',
    id: 'hover.nonId.direct',
    timing: { atMost: 20, show: (v) => `${v} µs` },
    target: '≤ 20 µs',
  },
  { what: 'vscode.executeHoverProvider, per call (all providers, IPC)', id: 'hover.nonId.command', show: (f) => ms(f.value) },
  ['EVM ABIs (plain Node)'],
  {
    what: 'index build of 500 Hardhat artifacts (resolve, open, capped read, validate, selectors)',
    id: 'evm.index.build500',
    timing: { atMost: 2000, show: ms },
    target: '≤ 2,000 ms',
  },
  {
    what: 'heap the ABI index of those 500 artifacts keeps (its own estimate, which its 64 MiB budget counts)',
    id: 'evm.index.heap500',
    show: (f) => `${(f.value / 1024).toFixed(1)} MiB (estimate ${((f.detail?.estimateKiB ?? 0) / 1024).toFixed(1)} MiB)`,
  },
  {
    what: 'a warm hover’s decoding of a custom error (index of 5,000 items)',
    id: 'evm.hover.warm.p50',
    timing: { atMost: 1000, show: (v) => `${v} µs` },
    target: '≤ 1 ms',
    note: (f) => `p99 ${f.detail?.p99 ?? '?'} µs`,
  },
  {
    what: 'decoding 128 KB of hostile call or revert data: the worst input (aliased, or most values)',
    id: 'evm.decode.hostile128k',
    timing: { atMost: 50, show: ms },
    target: '≤ 50 ms',
  },
  {
    what: 'a trace answer at the size cap, parsed and read into the call tree (blocks the host), p50',
    id: 'evm.trace.parseAtCap',
    show: (f) => `${f.value} ms (cap ${f.detail.capMiB} MiB)`,
  },
  {
    what: '… a state diff (prestateTracer) at the same cap, p50',
    id: 'evm.stateDiff.parseAtCap',
    show: (f) => `${f.value} ms (cap ${f.detail.capMiB} MiB)`,
  },
  ['Debug Transaction: the replay (plain Node, against anvil)'],
  {
    what: 'a transaction of 10,000 EVM steps replayed and recorded',
    id: 'debugger.replay.10k',
    timing: { atMost: 500, show: ms },
    target: '≤ 500 ms',
    note: (f) => `${f.detail.stepsPerSecond} steps/s`,
  },
  {
    what: '… of 1,000,000 EVM steps',
    id: 'debugger.replay.1m',
    timing: { atMost: 10_000, show: ms },
    target: '≤ 10 s',
    note: (f) => `${f.detail.stepsPerSecond} steps/s`,
  },
  {
    what: '… the heap a recorded 1,000,000-step replay holds',
    id: 'debugger.replay.heap1m',
    show: (f) => `${f.value} MiB`,
  },
  {
    what: "a step's stack, memory and storage rebuilt (a run: the worst of 50 steps over the 1,000,000)",
    id: 'debugger.replay.step',
    timing: { atMost: 16, show: ms },
    target: '≤ 16 ms',
    note: (f) => `a step's median in the first run ${f.detail.p50} ms`,
  },
  {
    what: '"Debug Transaction" to the first stop, 10,000 steps: the JSON-RPC, the replay, the lines, the protocol',
    id: 'debugger.session.10k',
    timing: { atMost: 500, show: ms },
    target: '≤ 500 ms',
    note: (f) => `medians: continue over it all ${f.detail.continueP50} ms, a step back ${f.detail.stepBackP50} ms`,
  },
  {
    what: '… 1,000,000 steps',
    id: 'debugger.session.1m',
    timing: { atMost: 10_000, show: ms },
    target: '≤ 10 s',
  },
  {
    what: '… a continue over all 1,000,000 (the longest scan a command makes)',
    id: 'debugger.session.1m.continue',
    timing: { atMost: 16, show: ms },
    target: '≤ 16 ms',
  },
  {
    what: '… a step back among them',
    id: 'debugger.session.1m.stepBack',
    timing: { atMost: 16, show: ms },
    target: '≤ 16 ms',
  },
  ['Workspace records (plain Node)'],
  {
    what: 'the sent-transactions scan of 115 broadcasts × 5,000 transactions: peak heap over the heap before it',
    id: 'workspace.sentScan.peakHeap',
    show: (f) =>
      `${f.value} MiB (${f.detail.kept} kept, ${f.detail.keptHeapMiB} MiB after a GC; ${f.detail.read} files of ${f.detail.fileMiB} MiB read; ` +
      `every file read, hashes repeating: ${f.detail.everyFileRead?.peakMiB} MiB)`,
  },
  ...HOST_ROWS,
];
