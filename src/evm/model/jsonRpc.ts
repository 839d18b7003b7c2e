// "Load EVM logs": one eth_getTransactionReceipt POST to the chain's EVM JSON-RPC, only when the
// user clicks. Which URL is ./rpcTarget.ts's rule; here it must still be http(s) without
// credentials; nothing of ours is sent but the transaction hash (no token, no cookie). The answer
// is bounded in time and size and validated before use. The request goes through the shared
// transport (api/transport.ts): a POST, so never retried. Pure: `fetch` is injected.
import * as z from 'zod/mini';
import { externalUrlToOpen } from '../../core/text';
import { ResponseTooLargeError, TimeoutError } from '../../api/errors';
import { send } from '../../api/transport';
import type { EvmLog } from './decode';
import { HEX64 } from '../../core/idShapes';

export const RPC_TIMEOUT_MS = 15_000;
export const RPC_MAX_BYTES = 4 * 1024 * 1024;
/** Logs shown at most (a transaction may emit thousands). */
export const MAX_LOGS = 500;

const Hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(2 * RPC_MAX_BYTES));
const LogSchema = z.object({ address: Hex, topics: z.array(Hex).check(z.maxLength(4)), data: Hex });
const AnswerSchema = z.object({
  result: z.optional(z.nullable(z.object({ logs: z.array(LogSchema), status: z.optional(z.string()) }))),
  error: z.optional(z.object({ code: z.optional(z.number()), message: z.optional(z.string()) })),
});

export type RpcOutcome =
  | { ok: true; logs: EvmLog[]; total: number; status?: string }
  | { ok: false; reason: 'badUrl' | 'notFound' | 'rpcError' | 'http' | 'tooLarge' | 'invalid' | 'network' | 'timeout'; detail?: string };

/** Asks `url` for the receipt of `txHash` and returns its logs (at most MAX_LOGS, with the total). */
export async function fetchEvmLogs(
  url: string,
  txHash: string,
  options: { fetch: typeof globalThis.fetch; signal?: AbortSignal; timeoutMs?: number; maxBytes?: number },
): Promise<RpcOutcome> {
  const checked = externalUrlToOpen(url);
  if (checked === undefined || !HEX64.test(txHash)) return { ok: false, reason: 'badUrl' };
  let text: string;
  try {
    const { response, text: body } = await send({
      url: checked,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [txHash.toLowerCase()] }),
      // Never a cookie or a redirect to somewhere else: one request to the URL shown.
      credentials: 'omit',
      redirect: 'error',
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? RPC_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? RPC_MAX_BYTES,
      readErrorBody: false,
      fetch: options.fetch,
      context: {},
    });
    if (!response.ok) return { ok: false, reason: 'http', detail: String(response.status) };
    text = body;
  } catch (e) {
    if (e instanceof TimeoutError) return { ok: false, reason: 'timeout' };
    if (e instanceof ResponseTooLargeError) return { ok: false, reason: 'tooLarge' };
    const cause = e instanceof Error && e.cause !== undefined ? e.cause : e;
    return { ok: false, reason: 'network', detail: cause instanceof Error ? cause.message : String(cause) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  if (parsed.data.error) return { ok: false, reason: 'rpcError', detail: parsed.data.error.message ?? String(parsed.data.error.code ?? '') };
  const result = parsed.data.result;
  if (!result) return { ok: false, reason: 'notFound' };
  const out: RpcOutcome = { ok: true, logs: result.logs.slice(0, MAX_LOGS), total: result.logs.length };
  if (result.status !== undefined) out.status = result.status;
  return out;
}
