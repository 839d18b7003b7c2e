// What the Live view shows of the feed and what a failure notification is about: the view's filter
// (outcome; every request by default, the workspace's accounts and contracts, addresses or contracts
// the user typed) read from untrusted input and applied to the feed's entries, and whether an entry
// touches the workspace: its sender or the EVM transaction's recipient is named by the address book
// (the user's labels, the deployment records). Pure.
import type { FeedEntry, FeedFilter } from './feed';
import { matches } from './feed';

export type OutcomeChoice = 'all' | 'success' | 'failure';
/** `mine`: the accounts and contracts the workspace names; `all`: every request; `listed`: the addresses given. */
export type AddressScope = 'mine' | 'all' | 'listed';

export interface LiveViewFilter {
  outcome: OutcomeChoice;
  scope: AddressScope;
  /** EVM addresses or agent IDs (for `listed`). */
  addresses: readonly string[];
  /** EVM contract addresses, ISC hnames or core contract names; empty: any. */
  contracts: readonly string[];
}

/**
 * Every request: the first open shows what the chains publish. The workspace's own (`mine`) is one
 * pick away; as the default it hid every request of a chain the workspace has no record on yet.
 */
export const DEFAULT_VIEW_FILTER: LiveViewFilter = { outcome: 'all', scope: 'all', addresses: [], contracts: [] };

/** Addresses or contracts one filter holds at most (a pasted list is cut there). */
export const MAX_FILTER_ITEMS = 50;
/** What each list takes: an address filter EVM addresses and agent IDs (`0x…@chain`, 0x + 64 hex, Bech32); a contract filter EVM addresses, hnames and core contract names. */
const SHAPES = {
  address: /^(?:0x[0-9a-fA-F]{40}(?:@[0-9a-zA-Z]{1,100})?|0x[0-9a-fA-F]{64}|[a-z]{1,10}1[02-9ac-hj-np-z]{6,100})$/,
  contract: /^(?:0x[0-9a-fA-F]{40}|(?:0x)?[0-9a-fA-F]{8}|[a-z][a-z0-9_]{0,63})$/,
} as const;

/** Whether the workspace names an address (lower-case EVM address in, the book's answer out). */
export type IsMine = (address: string) => boolean;

/**
 * Whether an entry touches the workspace: its sender or its EVM recipient is named. Only EVM
 * addresses are looked up (the book names nothing else).
 */
export function touchesWorkspace(entry: FeedEntry, isMine: IsMine): boolean {
  const evm = (a: string | undefined) => a !== undefined && /^0x[0-9a-f]{40}$/.test(a);
  return (evm(entry.sender) && isMine(entry.sender)) || (evm(entry.target) && isMine(entry.target as string));
}

/**
 * Whether the view shows an entry. With `mine` and a workspace that names nothing (`bookEmpty`),
 * every request shows: the description says so, rather than an empty view that looks broken.
 */
export function passes(entry: FeedEntry, filter: LiveViewFilter, isMine: IsMine, bookEmpty: boolean): boolean {
  const base: FeedFilter = {};
  if (filter.outcome !== 'all') base.outcome = filter.outcome;
  if (filter.contracts.length > 0) base.contracts = filter.contracts;
  if (filter.scope === 'listed') base.addresses = filter.addresses;
  if (!matches(entry, base)) return false;
  if (filter.scope === 'listed' && filter.addresses.length === 0) return false;
  return filter.scope !== 'mine' || bookEmpty || touchesWorkspace(entry, isMine);
}

/**
 * The items of a typed list (addresses or contracts): split on commas and white space, each one
 * checked for a shape the filters understand; the rest are returned to be named to the user.
 */
export function parseFilterItems(text: string, kind: 'address' | 'contract'): { items: string[]; rejected: string[] } {
  const shape = SHAPES[kind];
  const items: string[] = [];
  const rejected: string[] = [];
  for (const part of text.slice(0, 10_000).split(/[\s,;]+/)) {
    if (part === '') continue;
    if (shape.test(part)) {
      if (!items.includes(part) && items.length < MAX_FILTER_ITEMS) items.push(part);
    } else if (rejected.length < 5) rejected.push(part.slice(0, 80));
  }
  return { items, rejected };
}

/** A filter read back from stored state (a workspace's memento is as untrusted as a settings file): anything odd is the default. */
export function filterFrom(value: unknown): LiveViewFilter {
  if (typeof value !== 'object' || value === null) return DEFAULT_VIEW_FILTER;
  const v = value as Record<string, unknown>;
  const outcome: OutcomeChoice = v.outcome === 'success' || v.outcome === 'failure' ? v.outcome : 'all';
  const scope: AddressScope = v.scope === 'mine' || v.scope === 'listed' ? v.scope : 'all';
  const list = (x: unknown, kind: 'address' | 'contract') =>
    Array.isArray(x) ? parseFilterItems(x.filter((s): s is string => typeof s === 'string').join(' '), kind).items : [];
  const addresses = list(v.addresses, 'address');
  return { outcome, scope: scope === 'listed' && addresses.length === 0 ? 'all' : scope, addresses, contracts: list(v.contracts, 'contract') };
}
