// What a node client sends of its credentials: the token as a Bearer header only when it can
// form one, and the sign-in only to a path on the node itself. Pure.
import { InvalidInputError, InvalidResponseError, WaspApiError } from './errors';
import { accessTokenProblem } from '../core/accessToken';

/** Supplies the token for this node; undefined when there is none (or it must not be sent). */
export type TokenProvider = () => string | undefined | Promise<string | undefined>;

/** The Authorization header's value for the token `provider` supplies; undefined when there is none. */
export async function bearer(provider: TokenProvider | undefined): Promise<string | undefined> {
  const token = await provider?.();
  if (!token) return undefined;
  // A token that cannot form the header is never sent: the HTTP library's error would
  // quote it (into the log and the hover). The message says nothing of the token.
  if (accessTokenProblem(token) !== undefined)
    throw new InvalidInputError(
      'token',
      'The stored access token cannot be sent: it is not a valid Bearer token.',
      'Set the access token again (Chain: Set Access Token) or sign in.',
    );
  return `Bearer ${token}`;
}

/** The auth route from `/auth/info`'s authURL, as path segments below `baseUrl`: a path on this node only, never another origin. */
export function authRouteSegments(authURL: string | undefined, baseUrl: URL): string[] {
  if (!authURL) return ['auth'];
  let path: string;
  try {
    const resolved = new URL(authURL, baseUrl.origin);
    if (resolved.origin !== baseUrl.origin) {
      throw new InvalidResponseError('authURL', 'a path on the same node (credentials are never sent elsewhere)', {});
    }
    path = resolved.pathname;
  } catch (e) {
    if (e instanceof WaspApiError) throw e;
    throw new InvalidResponseError('authURL', 'a path on the same node', {});
  }
  const prefix = baseUrl.pathname.replace(/\/+$/, '');
  if (prefix && path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    // A malformed `%` escape: the node's answer, so a typed error, never a raw URIError.
    throw new InvalidResponseError('authURL', 'a path on the same node', {});
  }
}
