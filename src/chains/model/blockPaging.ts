// Which blocks the tree's Blocks list asks for: the latest and the ones before it, a page at a
// time ("Load more"), and, when following the chain, the blocks that are new since. Pure.

export const BLOCK_PAGE_SIZE = 20;

/** The next page below what is loaded (newest first): `size` indices down to block 0. */
export function nextPage(latest: number, loaded: readonly number[], size = BLOCK_PAGE_SIZE): number[] {
  const lowest = loaded.length === 0 ? latest + 1 : Math.min(...loaded);
  const out: number[] = [];
  for (let i = lowest - 1; i >= 0 && out.length < size; i--) out.push(i);
  return out;
}

/** Whether blocks below the loaded ones remain. */
export function hasMore(loaded: readonly number[]): boolean {
  return loaded.length > 0 && Math.min(...loaded) > 0;
}

/** The blocks newer than the loaded ones (newest first), at most `size`: a follower never floods a node after a pause. */
export function newerBlocks(latest: number, loaded: readonly number[], size = BLOCK_PAGE_SIZE): number[] {
  const highest = loaded.length === 0 ? -1 : Math.max(...loaded);
  const out: number[] = [];
  for (let i = latest; i > highest && out.length < size; i--) out.push(i);
  return out;
}

/** Newest first, each index once. */
export function mergeBlocks<B extends { blockIndex: number }>(current: readonly B[], added: readonly B[]): B[] {
  const byIndex = new Map<number, B>();
  for (const b of [...current, ...added]) byIndex.set(b.blockIndex, b);
  return [...byIndex.values()].sort((a, b) => b.blockIndex - a.blockIndex);
}
