// A block of the chain log as the client reads it, two minutes before NOW, for the Blocks list's rows and filter.
import type { BlockInfo } from '../../../src/api/chainLogSchemas';

export const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

export function block(patch: Partial<BlockInfo> = {}): BlockInfo {
  return {
    blockIndex: 2417,
    timestamp: new Date(NOW - 2 * 60_000).toISOString(),
    totalRequests: 3,
    numSuccessfulRequests: 2,
    numOffLedgerRequests: 1,
    gasBurned: 12_345n,
    gasFeeCharged: 678n,
    ...patch,
  } as BlockInfo;
}
