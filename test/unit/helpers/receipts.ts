// Receipts to build views from: the demo chains' Stardust receipts (test/fixtures/demoData.ts) and
// the receipts a real Rebased node sent (test/fixtures/samples/rebased), each a fresh copy that a
// patch may change before the schema reads it as the client does.
import { RebasedReceiptSchema, type RebasedReceipt } from '../../../src/api/rebasedSchemas';
import { ReceiptSchema, type Receipt } from '../../../src/api/stardustSchemas';
import { buildReceiptView, type ReceiptView } from '../../../src/transactions/model/receiptView';
import { DEMO_RECEIPTS, createDemoChains, type ReceiptJson } from '../../fixtures/demoData';
import type { RebasedReceiptWire } from '../../fixtures/wire';
import { rebasedSample } from './samples';

export type DemoReceiptName = keyof typeof DEMO_RECEIPTS;
type DemoRef = DemoReceiptName | { chainId: string; requestId: string };

/** A demo receipt as the local node sends it (a copy). */
export function demoReceiptJson(demo: DemoRef): ReceiptJson {
  const ref = typeof demo === 'string' ? DEMO_RECEIPTS[demo] : demo;
  const r = createDemoChains()
    .find((c) => c.chainId === ref.chainId)
    ?.receipts.find((x) => x.request.requestId === ref.requestId);
  if (!r) throw new Error(`demo receipt ${ref.requestId} missing`);
  return structuredClone(r);
}

/** A demo receipt read by the Stardust schema, after the patch. */
export function stardustReceipt(demo: DemoRef, patch?: (json: ReceiptJson) => void): Receipt {
  const json = demoReceiptJson(demo);
  patch?.(json);
  return ReceiptSchema.parse(json);
}

/** A Rebased sample receipt as the node sends it (a copy). */
export const rebasedReceiptJson = (name: string): RebasedReceiptWire => rebasedSample(name) as RebasedReceiptWire;

/** A Rebased sample receipt read by the Rebased schema, after the patch. */
export function rebasedReceipt(name: string, patch?: (body: RebasedReceiptWire) => void): RebasedReceipt {
  const body = rebasedReceiptJson(name);
  patch?.(body);
  return RebasedReceiptSchema.parse(body);
}

/** The view of a demo receipt, after the patch. */
export const stardustView = (demo: DemoRef, patch?: (json: ReceiptJson) => void): ReceiptView => buildReceiptView(stardustReceipt(demo, patch));

/** The view of a Rebased sample receipt, after the patch. */
export const rebasedView = (name: string, patch?: (body: RebasedReceiptWire) => void): ReceiptView => buildReceiptView(rebasedReceipt(name, patch));
