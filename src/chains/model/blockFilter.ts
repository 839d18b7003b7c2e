// Which blocks the Blocks list shows: all, those with requests, those with a failed request.
// Apart from the row texts (blockRows.ts) so that the part of the tree loaded at activation
// (blocks.ts) can name the filter without loading them. Pure.
import type { BlockInfo } from '../../api/chainLogSchemas';
import { englishL10n, type L10n } from '../../core/l10n';

export type BlockFilter = 'all' | 'withRequests' | 'withFailures';

export const BLOCK_FILTERS: readonly BlockFilter[] = ['all', 'withRequests', 'withFailures'];

export function failedRequests(b: Pick<BlockInfo, 'totalRequests' | 'numSuccessfulRequests'>): number {
  return Math.max(0, b.totalRequests - b.numSuccessfulRequests);
}

export function blockMatches(b: Pick<BlockInfo, 'totalRequests' | 'numSuccessfulRequests'>, filter: BlockFilter): boolean {
  if (filter === 'withRequests') return b.totalRequests > 0;
  if (filter === 'withFailures') return failedRequests(b) > 0;
  return true;
}

/** The filter as the tree names it ("only blocks with requests"), and the quick pick. */
export function filterName(filter: BlockFilter, l10n: L10n = englishL10n): string {
  if (filter === 'withRequests') return l10n.t('blocks with requests');
  if (filter === 'withFailures') return l10n.t('blocks with failed requests');
  return l10n.t('all blocks');
}
