// Plain Node: how long a trace answer at the size cap (TRACE_MAX_BYTES) blocks the extension host's
// event loop when a failed request's panel reads it: the JSON-RPC body parsed, checked and read
// into a call tree (callTracer) or a state diff (prestateTracer in diff mode), all synchronous.
// Each body is as large as the cap lets through; the figure is the median of RUNS.
import { TRACE_MAX_BYTES, fetchCallTrace, fetchStateDiff } from '../../src/evm/model/jsonRpc';
import { emit, round, stats } from '../shared';

const RUNS = 7;
const MiB = 1024 * 1024;
const TX = `0x${'ab'.repeat(32)}`;
const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

/** A little under the cap: the envelope must still fit. */
const fill = (max: number) => max - 4096;

/** A callTracer answer: a root with calls of calls, each frame with a 4-word input and one log. */
function callTraceBody(max: number): string {
  const frame = (i: number) =>
    JSON.stringify({
      type: 'CALL',
      from: `0x${hex(i, 40)}`,
      to: `0x${hex(i + 1, 40)}`,
      gas: '0x30d40',
      gasUsed: `0x${hex(100 + i, 4)}`,
      input: `0xa9059cbb${hex(i, 64).repeat(4)}`,
      output: `0x${'00'.repeat(31)}01`,
      logs: [{ address: `0x${hex(i + 1, 40)}`, topics: [`0x${hex(i, 64)}`], data: `0x${hex(i, 64)}` }],
      value: '0x0',
    });
  const head = `{"jsonrpc":"2.0","id":1,"result":{"type":"CALL","from":"0x${hex(1, 40)}","to":"0x${hex(2, 40)}","gas":"0x1","gasUsed":"0x1","input":"0x","value":"0x0","calls":[`;
  const parts: string[] = [head];
  let size = head.length;
  for (let i = 0; ; i++) {
    const f = frame(i);
    if (size + f.length + 1 > fill(max)) break;
    parts.push(i === 0 ? f : `,${f}`);
    size += f.length + 1;
  }
  parts.push(']}}');
  return parts.join('');
}

/** A prestateTracer diff: accounts each with 100 changed slots, as many as fit. */
function stateDiffBody(max: number): string {
  const slots = (a: number, v: number) => `{${Array.from({ length: 100 }, (_, s) => `"0x${hex(a * 100 + s, 64)}":"0x${hex(v + s, 64)}"`).join(',')}}`;
  const account = (a: number, v: number) => `"0x${hex(a, 40)}":{"balance":"0x${hex(v, 8)}","nonce":${v},"storage":${slots(a, v)}}`;
  const pre: string[] = [];
  const post: string[] = [];
  let size = 64;
  for (let a = 1; ; a++) {
    const [p, q] = [account(a, 1), account(a, 2)];
    if (size + p.length + q.length + 2 > fill(max)) break;
    pre.push(p);
    post.push(q);
    size += p.length + q.length + 2;
  }
  return `{"jsonrpc":"2.0","id":1,"result":{"pre":{${pre.join(',')}},"post":{${post.join(',')}}}}`;
}

/** The answer's synchronous part: parse, check, read (the in-memory fetch hands the body at once). */
async function timed(body: string, read: (f: typeof fetch) => Promise<{ ok: boolean }>): Promise<number[]> {
  const times: number[] = [];
  const f = (async () => new Response(body, { headers: { 'content-type': 'application/json' } })) as typeof fetch;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = await read(f);
    times.push(performance.now() - t0);
    if (!r.ok) throw new Error(`bench: the answer was refused: ${JSON.stringify(r)}`);
  }
  return times;
}

async function main(): Promise<void> {
  const trace = callTraceBody(TRACE_MAX_BYTES);
  emitAtCap('evm.trace.parseAtCap', trace, await timed(trace, (f) => fetchCallTrace('http://127.0.0.1:1/', TX, { fetch: f })));
  const diff = stateDiffBody(TRACE_MAX_BYTES);
  emitAtCap('evm.stateDiff.parseAtCap', diff, await timed(diff, (f) => fetchStateDiff('http://127.0.0.1:1/', TX, { fetch: f })));
}

/** The p50 of parsing a body at the cap, with its spread. */
function emitAtCap(id: string, body: string, times: number[]): void {
  const s = stats(times);
  emit(id, round(s.p50, 0), 'ms', {
    capMiB: TRACE_MAX_BYTES / MiB,
    bodyMiB: round(body.length / MiB, 1),
    runs: RUNS,
    min: round(s.min, 0),
    max: round(s.max, 0),
  });
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
