// Which generation's node sent a receipt, told from the receipt itself: a Rebased receipt carries
// `generation: 'rebased'` (set where its schema validates it), a Stardust one has no such field.
// The narrowing a receipt's own fields need (its request's shape differs); features that only
// want to know what the chain does ask its traits (traits.ts). Pure.
import type { ChainReceipt } from './chainApi';
import type { RebasedReceipt } from './rebasedSchemas';

export function isRebasedReceipt(r: ChainReceipt): r is RebasedReceipt {
  return 'generation' in r && r.generation === 'rebased';
}
