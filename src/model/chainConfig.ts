// Validation of the `waspChain.chains` entries from every settings scope. Pure: the settings
// reader hands in raw values with their origin, and gets back one result per entry; a bad
// entry never hides the good ones.
import { checkChainId, checkNodeUrl, redactUrl } from '../api/ids';

export type ChainScope = 'user' | 'workspace' | 'folder';

export interface ChainSource {
  scope: ChainScope;
  /** The workspace folder's name, for `folder` scope. */
  folder?: string;
  /** The folder's URI string, to write back to the right place. */
  folderUri?: string;
}

export interface ChainEntry {
  name: string;
  /** Normalised: no trailing slash, no credentials. */
  nodeUrl: string;
  /** Lower-case Bech32. */
  chainId: string;
  source: ChainSource;
}

export interface InvalidChainEntry {
  /** The entry's name when it has one, else a placeholder naming its position. */
  name: string;
  source: ChainSource;
  index: number;
  problems: string[];
}

export type ResolvedChain = { valid: true; chain: ChainEntry } | { valid: false; invalid: InvalidChainEntry };

export interface RawChainList {
  source: ChainSource;
  value: unknown;
}

export function describeSource(source: ChainSource): string {
  switch (source.scope) {
    case 'user':
      return 'User settings';
    case 'workspace':
      return 'Workspace settings';
    case 'folder':
      return `Folder settings (${source.folder ?? '?'})`;
  }
}

/** Validates every entry of every scope in order (user, workspace, folders); the first of a name wins. */
export function resolveChains(lists: RawChainList[]): ResolvedChain[] {
  const out: ResolvedChain[] = [];
  const seen = new Map<string, ChainSource>();
  for (const { source, value } of lists) {
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) {
      out.push({ valid: false, invalid: { name: `(${describeSource(source)})`, source, index: -1, problems: ['waspChain.chains must be a list of { name, nodeUrl, chainId }.'] } });
      continue;
    }
    value.forEach((entry: unknown, index) => {
      const r = validateEntry(entry, source, index);
      if (r.valid) {
        const key = r.chain.name.toLowerCase();
        const first = seen.get(key);
        if (first) {
          out.push({ valid: false, invalid: { name: r.chain.name, source, index, problems: [`The name "${r.chain.name}" is already used in ${describeSource(first)}: names must be unique.`] } });
          return;
        }
        seen.set(key, source);
      }
      out.push(r);
    });
  }
  return out;
}

export function validateEntry(entry: unknown, source: ChainSource, index: number): ResolvedChain {
  const problems: string[] = [];
  const obj = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) problems.push('An entry must be an object { name, nodeUrl, chainId }.');
  const name = typeof obj.name === 'string' ? obj.name.trim() : '';
  if (!name) problems.push('The entry has no name.');
  else if (name.length > 100) problems.push('The name is longer than 100 characters.');
  let nodeUrl = '';
  if (typeof obj.nodeUrl !== 'string' || obj.nodeUrl.trim() === '') problems.push('The entry has no nodeUrl.');
  else {
    const r = checkNodeUrl(obj.nodeUrl);
    if (r.ok) nodeUrl = r.url.toString().replace(/\/+$/, '');
    else problems.push(`nodeUrl: ${r.reason}`);
  }
  let chainId = '';
  if (typeof obj.chainId !== 'string' || obj.chainId.trim() === '') problems.push('The entry has no chainId.');
  else {
    const r = checkChainId(obj.chainId);
    if (r.ok) chainId = r.chainId;
    else problems.push(`chainId: ${r.reason}`);
  }
  if (problems.length > 0) {
    return { valid: false, invalid: { name: name || `(entry ${index + 1})`, source, index, problems } };
  }
  return { valid: true, chain: { name, nodeUrl, chainId, source } };
}

/** The key a token is stored under: the node's origin and path, never a chain name (two chains on one node share it). */
export function nodeKey(nodeUrl: string): string {
  const url = new URL(redactUrl(nodeUrl));
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
