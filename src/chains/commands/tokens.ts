// "Chain: Set Access Token", "Chain: Sign In", "Chain: Sign Out". A token goes to SecretStorage
// only (TokenStore, keyed by the node), never to settings, logs or webviews; a password is sent
// to the node's own auth route once and never kept.
import * as vscode from 'vscode';
import { UnauthorizedError } from '../../api/errors';
import { nodeKey, type ChainEntry } from '../../config/model/chainConfig';
import { formatDuration, formatTime } from '../../core/format';
import { MAX_TOKEN_CHARS, accessTokenProblem } from '../../core/accessToken';
import { decodeJwtClaims } from '../../core/jwt';
import type { TokenCommandDeps } from './commandDeps';
import { errorSummary } from '../../ui/errors';
import type { ChainsModel } from '../chainsModel';
import { resolveChain } from '../../config/chainArg';
import { notificationText } from '../../core/text';

/** Credentials a test or keybinding may pass instead of typing them. */
export interface SignInArgs {
  username: string;
  password: string;
}

/** `https://host/wasp/api` and the chains configured on it, for prompts. */
function nodeText(deps: TokenCommandDeps, chain: ChainEntry): string {
  const key = nodeKey(chain.nodeUrl);
  const names = deps.chains
    .valid()
    .filter((c) => nodeKey(c.nodeUrl) === key)
    .map((c) => c.name);
  return names.length > 1 ? vscode.l10n.t('{0} (chains {1})', key, names.join(', ')) : key;
}

export function checkToken(value: string): string | undefined {
  const t = value.trim();
  if (t === '') return vscode.l10n.t('Enter the access token.');
  if (t.length > MAX_TOKEN_CHARS) return vscode.l10n.t('The token is longer than {0} characters.', MAX_TOKEN_CHARS);
  if (/\s/.test(stripBearer(t))) return vscode.l10n.t('A token has no spaces or line breaks.');
  // What cannot form an `Authorization: Bearer` header is never stored.
  if (accessTokenProblem(stripBearer(t)) !== undefined) return vscode.l10n.t('A token has only letters, digits and the characters - . _ ~ + / =.');
  return undefined;
}

function stripBearer(t: string): string {
  return t.replace(/^bearer\s+/i, '');
}

function expiryText(token: string): string | undefined {
  const exp = decodeJwtClaims(token)?.exp;
  if (exp === undefined) return undefined;
  const ms = exp * 1000 - Date.now();
  return ms <= 0
    ? vscode.l10n.t('It expired {0} ago.', formatDuration(-ms))
    : vscode.l10n.t(
        'It expires in {0} ({1}).',
        formatDuration(ms),
        formatTime(exp * 1000, Date.now(), vscode.l10n, { locale: vscode.env.language })?.local ?? String(exp),
      );
}

/** Stores a token and waits until the chains of its node show the change. */
async function storeToken(deps: TokenCommandDeps, model: ChainsModel, chain: ChainEntry, token: string | undefined): Promise<void> {
  const settled = model.tokenChangeSettled(chain.nodeUrl);
  if (token === undefined) await deps.tokens.delete(chain.nodeUrl);
  else await deps.tokens.set(chain.nodeUrl, token);
  await settled;
}

function warnIfWithheld(deps: TokenCommandDeps, chain: ChainEntry): void {
  if (deps.clients.tokenAllowed(chain)) return;
  void vscode.window.showWarningMessage(
    notificationText(
      vscode.l10n.t(
        'The token is stored, but it is not sent to "{0}" while this workspace is not trusted: the chain comes from workspace settings.',
        chain.name,
      ),
    ),
  );
}

/** `waspChain.setToken(chainArg?, token?)`: returns true when a token was stored. */
export async function setToken(deps: TokenCommandDeps, model: ChainsModel, chainArg: unknown, tokenArg: unknown): Promise<boolean> {
  const chain = await resolveChain(deps, chainArg, { preferDefault: false, placeHolder: vscode.l10n.t('Set the access token of which chain?') });
  if (!chain) return false;
  let token: string | undefined;
  if (typeof tokenArg === 'string') {
    const problem = checkToken(tokenArg);
    if (problem) {
      void vscode.window.showErrorMessage(problem);
      return false;
    }
    token = stripBearer(tokenArg.trim());
  } else {
    const input = await vscode.window.showInputBox({
      title: vscode.l10n.t('Set Access Token'),
      prompt: notificationText(vscode.l10n.t("The access token (JWT) for {0}. It is kept in the editor's secret storage.", nodeText(deps, chain))),
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => {
        const problem = checkToken(value);
        if (problem) return problem;
        const exp = decodeJwtClaims(stripBearer(value.trim()))?.exp;
        if (exp !== undefined && exp * 1000 <= Date.now()) {
          return { message: vscode.l10n.t('This token has expired: it will not be sent.'), severity: vscode.InputBoxValidationSeverity.Warning };
        }
        return undefined;
      },
    });
    if (input === undefined) return false;
    token = stripBearer(input.trim());
  }
  await storeToken(deps, model, chain, token);
  warnIfWithheld(deps, chain);
  const expiry = expiryText(token);
  void vscode.window.showInformationMessage(
    notificationText(`${vscode.l10n.t('Access token stored for {0}.', nodeText(deps, chain))}${expiry ? ` ${expiry}` : ''}`),
  );
  return true;
}

function asSignInArgs(v: unknown): SignInArgs | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  return typeof o.username === 'string' && typeof o.password === 'string' ? { username: o.username, password: o.password } : undefined;
}

/** The part of a node client that signing in uses. */
interface AuthClient {
  getAuthInfo(): Promise<{ scheme: string; authURL: string }>;
  login(username: string, password: string, options: { authURL: string }): Promise<string>;
}

/** Asks the node how to sign in: its auth URL when it takes a JWT sign-in, else undefined after saying why not. */
async function askAuthUrl(client: AuthClient, where: string): Promise<string | undefined> {
  try {
    const info = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Asking {0} how to sign in…', where) }, () =>
      client.getAuthInfo(),
    );
    const scheme = info.scheme.trim().toLowerCase();
    if (scheme === 'none') {
      void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('The node {0} needs no access token (authentication scheme "none").', where)));
      return undefined;
    }
    if (scheme !== 'jwt') {
      void vscode.window.showWarningMessage(
        notificationText(
          vscode.l10n.t(
            'The node {0} uses the authentication scheme "{1}", which this extension cannot sign in to: set a token instead (Chain: Set Access Token).',
            where,
            info.scheme,
          ),
        ),
      );
      return undefined;
    }
    return info.authURL;
  } catch (e) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Could not ask {0} how to sign in: {1}', where, errorSummary(e))));
    return undefined;
  }
}

/** The user name and password, typed in two steps; undefined when either prompt is dismissed. */
async function askCredentials(deps: TokenCommandDeps, chain: ChainEntry, where: string): Promise<SignInArgs | undefined> {
  const username = await vscode.window.showInputBox({
    title: vscode.l10n.t('Sign In (1/2)'),
    prompt: notificationText(vscode.l10n.t('User name on {0}', nodeText(deps, chain))),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('Enter the user name.') : undefined),
  });
  if (username === undefined) return undefined;
  const password = await vscode.window.showInputBox({
    title: vscode.l10n.t('Sign In (2/2)'),
    prompt: notificationText(vscode.l10n.t('Password of {0} on {1}. It is sent to the node once and never stored.', username.trim(), where)),
    password: true,
    ignoreFocusOut: true,
  });
  if (password === undefined) return undefined;
  return { username: username.trim(), password };
}

/** Sends the credentials to the node's auth route once: the JWT, or undefined after saying why sign-in failed. */
async function logIn(client: AuthClient, creds: SignInArgs, authURL: string, where: string): Promise<string | undefined> {
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Signing in to {0}…', where) }, () =>
      client.login(creds.username, creds.password, { authURL }),
    );
  } catch (e) {
    const message =
      e instanceof UnauthorizedError
        ? vscode.l10n.t('Sign-in to {0} failed: wrong user name or password.', where)
        : vscode.l10n.t('Sign-in to {0} failed: {1}', where, errorSummary(e));
    void vscode.window.showErrorMessage(notificationText(message));
    return undefined;
  }
}

/** `waspChain.signIn(chainArg?, { username, password }?)`: returns true when signed in. */
export async function signIn(deps: TokenCommandDeps, model: ChainsModel, chainArg: unknown, credsArg: unknown): Promise<boolean> {
  const chain = await resolveChain(deps, chainArg, { preferDefault: false, placeHolder: vscode.l10n.t('Sign in to the node of which chain?') });
  if (!chain) return false;
  // A workspace could point a chain at any host: no password goes there until it is trusted.
  if (!deps.clients.tokenAllowed(chain)) {
    void vscode.window.showWarningMessage(
      notificationText(
        vscode.l10n.t(
          '"{0}" comes from the settings of a workspace that is not trusted: trust the workspace, or add the chain to your user settings, before signing in to its node.',
          chain.name,
        ),
      ),
    );
    return false;
  }
  const client = deps.clients.clientForNode(chain.nodeUrl, false);
  const where = nodeKey(chain.nodeUrl);
  const authURL = await askAuthUrl(client, where);
  if (authURL === undefined) return false;
  const creds = asSignInArgs(credsArg) ?? (await askCredentials(deps, chain, where));
  if (!creds) return false;
  const jwt = await logIn(client, creds, authURL, where);
  if (jwt === undefined) return false;
  await storeToken(deps, model, chain, jwt);
  deps.log.info(`Signed in to ${where} as ${creds.username}`);
  const expiry = expiryText(jwt);
  void vscode.window.showInformationMessage(
    notificationText(`${vscode.l10n.t('Signed in to {0} as {1}.', where, creds.username)}${expiry ? ` ${expiry}` : ''}`),
  );
  return true;
}

/** `waspChain.signOut(chainArg?)`: forgets the node's token; returns true when one was stored. */
export async function signOut(deps: TokenCommandDeps, model: ChainsModel, chainArg: unknown): Promise<boolean> {
  const chain = await resolveChain(deps, chainArg, { preferDefault: false, placeHolder: vscode.l10n.t('Sign out of the node of which chain?') });
  if (!chain) return false;
  const where = nodeKey(chain.nodeUrl);
  if ((await deps.tokens.get(chain.nodeUrl)) === undefined) {
    void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('No access token is stored for {0}.', where)));
    return false;
  }
  await storeToken(deps, model, chain, undefined);
  deps.log.info(`Signed out of ${where}`);
  void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('Signed out of {0}: its access token is forgotten.', nodeText(deps, chain))));
  return true;
}
