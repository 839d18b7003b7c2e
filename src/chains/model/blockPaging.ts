// Which blocks the tree's Blocks list asks for: the latest and the ones before it, a page at a
// time ("Load more"), and, when following the chain, the blocks that are new since. Pure.
// Loaded lists can be long (a follower runs for days): none is spread into a call's arguments,
// which throws past about 10^5 elements.

export const BLOCK_PAGE_SIZE = 20;
/** The blocks a followed list keeps: new blocks push the oldest out (unless "Load more" made it longer). */
export const FOLLOW_CAP = 200;

function lowestOf(loaded: readonly number[]): number {
  let low = Infinity;
  for (const i of loaded) if (i < low) low = i;
  return low;
}

function highestOf(loaded: readonly number[]): number {
  let high = -1;
  for (const i of loaded) if (i > high) high = i;
  return high;
}

/** The next page below what is loaded (newest first): `size` indices down to block 0. */
export function nextPage(latest: number, loaded: readonly number[], size = BLOCK_PAGE_SIZE): number[] {
  const lowest = loaded.length === 0 ? latest + 1 : lowestOf(loaded);
  const out: number[] = [];
  for (let i = lowest - 1; i >= 0 && out.length < size; i--) out.push(i);
  return out;
}

/** The blocks one load reads at most while none of them passes the list's filter. */
export const SCAN_LIMIT = 200;

/** What one load (the first, or a "Load more") has read so far: from `high` down to `low`. */
export interface LoadScan {
  readonly high: number;
  readonly low: number;
  readonly scanned: number;
  /** How many of them pass the filter. */
  readonly matched: number;
}

/**
 * The next blocks one load asks for: a page first, then, while none of what it read passes the
 * filter, page after page until one does, block 0 is reached or `limit` blocks were read (the
 * last page cut to fit). [] when the load is done.
 */
export function nextLoadPage(
  latest: number,
  loaded: readonly number[],
  scan: Pick<LoadScan, 'scanned' | 'matched'>,
  limit = SCAN_LIMIT,
  size = BLOCK_PAGE_SIZE,
): number[] {
  const want = scan.scanned < size ? size - scan.scanned : scan.matched > 0 ? 0 : Math.min(size, limit - scan.scanned);
  return want <= 0 ? [] : nextPage(latest, loaded, want);
}

/** A load's scan after it read `blocks` (`matches` of them pass the filter). */
export function scanned(scan: LoadScan | undefined, indices: readonly number[], matches: number): LoadScan {
  let high = scan?.high ?? -1;
  let low = scan?.low ?? Infinity;
  for (const i of indices) {
    if (i > high) high = i;
    if (i < low) low = i;
  }
  return { high, low, scanned: (scan?.scanned ?? 0) + indices.length, matched: (scan?.matched ?? 0) + matches };
}

/** Whether blocks below the loaded ones remain. */
export function hasMore(loaded: readonly number[]): boolean {
  return loaded.length > 0 && lowestOf(loaded) > 0;
}

/** The blocks newer than the loaded ones (newest first), at most `size`: a follower never floods a node after a pause. */
export function newerBlocks(latest: number, loaded: readonly number[], size = BLOCK_PAGE_SIZE): number[] {
  const highest = highestOf(loaded);
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

/**
 * A followed list after new blocks arrived: newest first, no longer than `cap` or than it was
 * before (what "Load more" added stays until newer blocks push it out), the oldest dropped.
 */
export function followedBlocks<B extends { blockIndex: number }>(current: readonly B[], added: readonly B[], cap = FOLLOW_CAP): B[] {
  const merged = mergeBlocks(current, added);
  return merged.slice(0, Math.max(cap, current.length));
}
