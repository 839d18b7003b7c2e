// What a chain's node answered, reduced to one state the tree, the status bar and the commands
// show the same way: ok, needs a token, token expired, unreachable, invalid configuration, node
// error (or not loaded yet). Pure: the error classes come from src/api, the token status is
// passed in. Words go through an `l10n` argument (model/l10n.ts); the UI adds the chrome.
import { NotFoundError, TokenExpiredError, UnauthorizedError, WaspApiError } from '../../api/errors';
import { englishL10n, type L10n } from '../../core/l10n';
import { formatTime } from '../../core/format';

/**
 * `untrusted`: a chain from the settings of a workspace in Restricted Mode, listed but never contacted.
 * `migrated`: a Stardust entry whose node now runs Rebased; `otherChain`: a Rebased entry whose chain
 * ID is not the node's. Both offer to rewrite the entry with the node's chain.
 */
export type ChainState = 'loading' | 'ok' | 'needsToken' | 'expired' | 'unreachable' | 'invalid' | 'nodeError' | 'untrusted' | 'migrated' | 'otherChain';

/** What the node's detected generation says about the entry (src/api/generation.ts detects it). */
export type GenerationFinding =
  /** A Stardust (Bech32) entry on a node that runs Rebased, with chain `nodeChainId`. */
  | { kind: 'migrated'; nodeChainId: string }
  /** A Rebased entry whose chain ID differs from the chain the node runs. */
  | { kind: 'otherChain'; nodeChainId: string; configuredChainId: string }
  /** A Rebased entry (0x chain ID or none) on a node that runs Stardust. */
  | { kind: 'stardustNode'; version: string }
  /** A Rebased node that runs no chain. */
  | { kind: 'noChain' }
  /** Not a Wasp node: what it answered in a few words (`said`) and in full (`answered`), revealed and short. */
  | { kind: 'unclassified'; said: string; answered: string };

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

const hintToken = (l10n: L10n) => l10n.t('Set an access token (Chain: Set Access Token) or sign in (Chain: Sign In).');
const hintExpired = (l10n: L10n) => l10n.t('Sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).');
const hintWithheld = (l10n: L10n) =>
  l10n.t(
    'The workspace is not trusted, so the stored token is not sent to a chain from workspace settings: trust the workspace, or add the chain to your user settings.',
  );

/** Words come through `l10n` (vscode.l10n in the extension; English by default). */
export function decideChainState(input: ChainStateInput, l10n: L10n = englishL10n): ChainStateDecision {
  const token = input.tokenStatus ?? { kind: 'none' };
  const hasToken = token.kind !== 'none';
  const base = { hasToken };

  if (input.problems && input.problems.length > 0) {
    return {
      ...base,
      state: 'invalid',
      label: l10n.t('invalid configuration'),
      detail: input.problems.join('\n'),
      hint: l10n.t('Correct the entry in the waspChain.chains setting.'),
    };
  }
  // Known from the token itself, before any request: the node never sees an expired token.
  if (token.kind === 'expired' || input.error instanceof TokenExpiredError) {
    const at = token.kind === 'expired' ? token.expiredAt : (input.error as TokenExpiredError).expiredAt;
    return {
      ...base,
      state: 'expired',
      label: l10n.t('token expired'),
      detail: l10n.t('The access token expired at {0}.', formatTime(at, at, l10n)?.absolute ?? String(at)),
      hint: hintExpired(l10n),
    };
  }
  if (!input.loaded) return { ...base, state: 'loading', label: l10n.t('loading…') };
  const e = input.error;
  if (e === undefined) return { ...base, state: 'ok', label: l10n.t('ok') };
  if (e instanceof UnauthorizedError) return unauthorizedState(e, token, base, l10n);
  if (e instanceof WaspApiError) return apiErrorState(e, input, base, l10n);
  return {
    ...base,
    state: 'nodeError',
    label: l10n.t('unexpected error'),
    detail: e instanceof Error ? e.message : String(e),
    hint: l10n.t('Try again; if it persists, check the output channel "Wasp Chain Explorer".'),
  };
}

/** The node wants a token: which one, and whether the stored one was withheld, lacks a permission or was rejected. */
function unauthorizedState(e: UnauthorizedError, token: TokenStatusLike, base: { hasToken: boolean }, l10n: L10n): ChainStateDecision {
  const permission = e.missingPermission;
  if (token.kind === 'withheld') {
    return {
      ...base,
      state: 'needsToken',
      label: permission ? l10n.t('needs a token with "{0}" permission (withheld)', permission) : l10n.t('needs a token (withheld)'),
      detail: l10n.t(
        'The node requires an access token. One is stored for this node, but it is not sent to a chain from workspace settings while the workspace is not trusted.',
      ),
      hint: hintWithheld(l10n),
      missingPermission: permission,
    };
  }
  if (permission) {
    return {
      ...base,
      state: 'needsToken',
      label: l10n.t('needs a token with "{0}" permission', permission),
      detail: token.kind === 'ok' ? `${l10n.t('The stored token lacks the "{0}" permission.', permission)}\n${e.message}` : e.message,
      hint: token.kind === 'ok' ? l10n.t('Set a token that has the "{0}" permission, or sign in as a user who has it.', permission) : hintToken(l10n),
      missingPermission: permission,
    };
  }
  if (token.kind === 'ok' && e.tokenRejected) {
    return { ...base, state: 'needsToken', label: l10n.t('token rejected by the node'), detail: e.message, hint: hintExpired(l10n) };
  }
  // Without a token, a node's "invalid or expired jwt" only means that it wants one.
  const detail = token.kind === 'none' ? l10n.t('The node requires an access token, and none is stored for it.') : e.message;
  return { ...base, state: 'needsToken', label: l10n.t('needs a token'), detail, hint: hintToken(l10n) };
}

/** A failure the API client typed: the node could not be reached, or it answered with an error. */
function apiErrorState(e: WaspApiError, input: ChainStateInput, base: { hasToken: boolean }, l10n: L10n): ChainStateDecision {
  switch (e.kind) {
    case 'network':
      return { ...base, state: 'unreachable', label: l10n.t('unreachable'), detail: e.message, hint: e.hint };
    case 'timeout':
      return { ...base, state: 'unreachable', label: l10n.t('no answer (timeout)'), detail: e.message, hint: e.hint };
    case 'notFound':
      if (input.inactive) {
        return {
          ...base,
          state: 'nodeError',
          label: l10n.t('not running on this node'),
          detail: l10n.t('The node knows this chain but does not run it (inactive): its state cannot be read.'),
          hint: l10n.t('Check with the node operator, or point the chain at a node that runs it.'),
        };
      }
      return {
        ...base,
        state: 'nodeError',
        label: e instanceof NotFoundError && e.what === 'chain' ? l10n.t('chain not found on the node') : l10n.t('not found (is it a Wasp API?)'),
        detail: e.message,
        hint: e.hint,
      };
    default:
      return { ...base, state: 'nodeError', label: nodeErrorLabel(e.kind, l10n), detail: e.message, hint: e.hint };
  }
}

function nodeErrorLabel(kind: WaspApiError['kind'], l10n: L10n): string {
  switch (kind) {
    case 'badRequest':
      return l10n.t('rejected by the node');
    case 'rateLimited':
      return l10n.t('rate limited');
    case 'redirect':
      return l10n.t('redirected');
    case 'tooLarge':
      return l10n.t('answer too large');
    case 'invalidResponse':
      return l10n.t('invalid answer');
    case 'cancelled':
      return l10n.t('cancelled');
    case 'invalidInput':
      return l10n.t('invalid input');
    default:
      return l10n.t('node error');
  }
}

/**
 * The tree item's contextValue: `chain.<state>[.hasToken][.default]`, the shape the menus in
 * package.json match. An invalid entry is exactly `chain.invalid` (menus exclude it by equality).
 */
export function chainContextValue(state: ChainState, options: { hasToken?: boolean; isDefault?: boolean } = {}): string {
  if (state === 'invalid') return 'chain.invalid';
  return `chain.${state}${options.hasToken ? '.hasToken' : ''}${options.isDefault ? '.default' : ''}`;
}
