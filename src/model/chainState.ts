// What a chain's node answered, reduced to one state the tree, the status bar and the commands
// show the same way: ok, needs a token, token expired, unreachable, invalid configuration, node
// error (or not loaded yet). Pure: the error classes come from src/api, the token status is
// passed in. Labels are English like the rest of src/model (fees.ts); the UI adds the chrome.
import { NotFoundError, TokenExpiredError, UnauthorizedError, WaspApiError } from '../api/errors';

export type ChainState = 'loading' | 'ok' | 'needsToken' | 'expired' | 'unreachable' | 'invalid' | 'nodeError';

/** What the token store says about the chain's node (NodeClients.tokenStatus has this shape). */
export type TokenStatusLike =
  | { kind: 'none' }
  | { kind: 'ok'; expiresAt?: number }
  | { kind: 'expired'; expiredAt: number }
  /** Stored, but not sent: the chain comes from an untrusted workspace. */
  | { kind: 'withheld' };

export interface ChainStateInput {
  /** Problems of the settings entry; any makes the chain invalid whatever else is known. */
  problems?: readonly string[];
  tokenStatus?: TokenStatusLike;
  /** The failure of the last load, if it failed. */
  error?: unknown;
  /** True once a load has completed (with or without an error). */
  loaded: boolean;
  /** The node has the chain but does not run it (its common endpoint says isActive: false). */
  inactive?: boolean;
}

export interface ChainStateDecision {
  state: ChainState;
  /** A few words: "ok", `needs a token with "write" permission`, "token expired"… */
  label: string;
  /** One or more sentences that explain the state (the error's text, the problems). */
  detail?: string;
  /** What the user can do, one sentence. */
  hint?: string;
  /** The permission the node said is missing, when it said one. */
  missingPermission?: string;
  /** A token is stored for the node (sent or not): Sign Out makes sense. */
  hasToken: boolean;
}

const HINT_TOKEN = 'Set an access token (Chain: Set Access Token) or sign in (Chain: Sign In).';
const HINT_EXPIRED = 'Sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).';
const HINT_WITHHELD = 'The workspace is not trusted, so the stored token is not sent to a chain from workspace settings: trust the workspace, or add the chain to your user settings.';

export function decideChainState(input: ChainStateInput): ChainStateDecision {
  const token = input.tokenStatus ?? { kind: 'none' };
  const hasToken = token.kind !== 'none';
  const base = { hasToken };

  if (input.problems && input.problems.length > 0) {
    return { ...base, state: 'invalid', label: 'invalid configuration', detail: input.problems.join('\n'), hint: 'Correct the entry in the waspChain.chains setting.' };
  }
  // Known from the token itself, before any request: the node never sees an expired token.
  if (token.kind === 'expired' || input.error instanceof TokenExpiredError) {
    const at = token.kind === 'expired' ? token.expiredAt : (input.error as TokenExpiredError).expiredAt;
    return { ...base, state: 'expired', label: 'token expired', detail: `The access token expired at ${new Date(at).toISOString()}.`, hint: HINT_EXPIRED };
  }
  if (!input.loaded) return { ...base, state: 'loading', label: 'loading…' };
  const e = input.error;
  if (e === undefined) return { ...base, state: 'ok', label: 'ok' };

  if (e instanceof UnauthorizedError) {
    const permission = e.missingPermission;
    if (token.kind === 'withheld') {
      return {
        ...base,
        state: 'needsToken',
        label: permission ? `needs a token with "${permission}" permission (withheld)` : 'needs a token (withheld)',
        detail: 'The node requires an access token. One is stored for this node, but it is not sent to a chain from workspace settings while the workspace is not trusted.',
        hint: HINT_WITHHELD,
        missingPermission: permission,
      };
    }
    if (permission) {
      return {
        ...base,
        state: 'needsToken',
        label: `needs a token with "${permission}" permission`,
        detail: token.kind === 'ok' ? `The stored token lacks the "${permission}" permission.\n${e.message}` : e.message,
        hint: token.kind === 'ok' ? `Set a token that has the "${permission}" permission, or sign in as a user who has it.` : HINT_TOKEN,
        missingPermission: permission,
      };
    }
    if (token.kind === 'ok' && e.tokenRejected) {
      return { ...base, state: 'needsToken', label: 'token rejected by the node', detail: e.message, hint: HINT_EXPIRED };
    }
    // Without a token, a node's "invalid or expired jwt" only means that it wants one.
    const detail = token.kind === 'none' ? 'The node requires an access token, and none is stored for it.' : e.message;
    return { ...base, state: 'needsToken', label: 'needs a token', detail, hint: HINT_TOKEN };
  }
  if (e instanceof WaspApiError) {
    switch (e.kind) {
      case 'network':
        return { ...base, state: 'unreachable', label: 'unreachable', detail: e.message, hint: e.hint };
      case 'timeout':
        return { ...base, state: 'unreachable', label: 'no answer (timeout)', detail: e.message, hint: e.hint };
      case 'notFound':
        if (input.inactive) {
          return {
            ...base,
            state: 'nodeError',
            label: 'not running on this node',
            detail: 'The node knows this chain but does not run it (inactive): its state cannot be read.',
            hint: 'Check with the node operator, or point the chain at a node that runs it.',
          };
        }
        return {
          ...base,
          state: 'nodeError',
          label: e instanceof NotFoundError && e.what === 'chain' ? 'chain not found on the node' : 'not found (is it a Wasp API?)',
          detail: e.message,
          hint: e.hint,
        };
      default:
        return { ...base, state: 'nodeError', label: NODE_ERROR_LABELS[e.kind] ?? 'node error', detail: e.message, hint: e.hint };
    }
  }
  return {
    ...base,
    state: 'nodeError',
    label: 'unexpected error',
    detail: e instanceof Error ? e.message : String(e),
    hint: 'Try again; if it persists, check the output channel "Wasp Chain Explorer".',
  };
}

const NODE_ERROR_LABELS: Partial<Record<WaspApiError['kind'], string>> = {
  server: 'node error',
  badRequest: 'rejected by the node',
  rateLimited: 'rate limited',
  redirect: 'redirected',
  tooLarge: 'answer too large',
  invalidResponse: 'invalid answer',
  cancelled: 'cancelled',
  invalidInput: 'invalid input',
};

/**
 * The tree item's contextValue: `chain.<state>[.hasToken][.default]`, the shape the menus in
 * package.json match. An invalid entry is exactly `chain.invalid` (menus exclude it by equality).
 */
export function chainContextValue(state: ChainState, options: { hasToken?: boolean; isDefault?: boolean } = {}): string {
  if (state === 'invalid') return 'chain.invalid';
  return `chain.${state}${options.hasToken ? '.hasToken' : ''}${options.isDefault ? '.default' : ''}`;
}
