// [pure] What a chain command's argument names, read the same way by every command: a tree node
// (chain, detail or receipt: `chainName`), a name, `{ chainName }`, `{ chain: ChainEntry }`, a
// ChainEntry, or nothing. The node of an invalid settings entry is told apart, so that no command
// acts on a valid chain that happens to share its name.

/** What a command argument names. */
export type ChainRef =
  | { readonly kind: 'none' }
  /** `key` is the model key when the argument is a chain node of the tree (it names one exact entry). */
  | { readonly kind: 'name'; readonly name: string; readonly key?: string }
  /** The node of an invalid settings entry: its name may equal a valid chain's, which must not be acted on. */
  | { readonly kind: 'invalidEntry'; readonly name: string; readonly key?: string }
  | { readonly kind: 'unrecognised' };

export function parseChainArg(arg: unknown): ChainRef {
  // A tree menu passes (node, selectedNodes); a list in first place names nothing.
  if (arg === undefined || arg === null || Array.isArray(arg)) return { kind: 'none' };
  if (typeof arg === 'string') return { kind: 'name', name: arg };
  if (typeof arg !== 'object') return { kind: 'unrecognised' };
  const o = arg as Record<string, unknown>;
  if (typeof o.chainName === 'string') {
    // Only chain nodes carry a key; detail and receipt nodes name their chain by chainName alone.
    const key = o.kind === 'chain' && typeof o.key === 'string' ? o.key : undefined;
    if (o.kind === 'chain' && o.invalidEntry !== undefined) return { kind: 'invalidEntry', name: o.chainName, key };
    return { kind: 'name', name: o.chainName, key };
  }
  const chain = o.chain as Record<string, unknown> | null | undefined;
  if (typeof chain === 'object' && chain !== null && typeof chain.name === 'string') return { kind: 'name', name: chain.name };
  // A ChainEntry itself.
  if (typeof o.name === 'string' && typeof o.chainId === 'string') return { kind: 'name', name: o.name };
  return { kind: 'unrecognised' };
}
