// What each chain command reads of the extension: the narrow slice it uses of the objects
// extension.ts builds (the chain registry, the node clients, the token store, the log).
import type * as vscode from 'vscode';
import type { ChainRegistry } from '../../config/chainRegistry';
import type { NodeClients } from '../../config/nodeClients';
import type { TokenStore } from '../../config/tokenStore';
import type { ChainArgDeps } from '../../config/chainArg';

type Log = Pick<vscode.LogOutputChannel, 'info' | 'warn'>;

/** Copy Chain ID, Open Public URL, Open Website. */
export interface ChainActionDeps extends ChainArgDeps {
  readonly log: Log;
}

/** Set as Default Chain. */
export interface SetDefaultDeps extends ChainArgDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'valid' | 'defaultChainName' | 'settled' | 'find'>;
}

/** Use the Node's Chain. */
export interface UseNodeChainDeps extends SetDefaultDeps {
  readonly log: Log;
}

/** Remove Chain. */
export interface RemoveChainDeps {
  readonly chains: Pick<ChainRegistry, 'removeEntry' | 'settled' | 'clearDefaultIfNamed' | 'evmOnly'>;
  readonly log: Log;
}

/** Add Chain: the name checked against every entry, the node surveyed without a token. */
export interface AddChainDeps {
  readonly chains: Pick<ChainRegistry, 'add' | 'addEvmOnly' | 'get' | 'find' | 'settled' | 'all'>;
  readonly clients: Pick<NodeClients, 'clientForNode' | 'limited'>;
  readonly log: Log;
}

/** Set Access Token, Sign In, Sign Out. */
export interface TokenCommandDeps extends ChainArgDeps {
  readonly clients: Pick<NodeClients, 'generations' | 'tokenAllowed' | 'clientForNode'>;
  readonly tokens: Pick<TokenStore, 'get' | 'set' | 'delete'>;
  readonly log: Log;
}
