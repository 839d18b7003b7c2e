// What an access token may be before it is stored or sent: an RFC 6750 Bearer token is token68
// (letters, digits and `-._~+/`, then `=` padding), and never longer than 16 KiB. Anything else
// would break the Authorization header (a CR, LF or NUL makes the HTTP library's error quote the
// token) or cost a decode on every request (a hostile /auth could answer 8 MB). Pure.

/** The longest token stored or sent, in characters. */
export const MAX_TOKEN_CHARS = 16 * 1024;

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export type AccessTokenProblem = 'empty' | 'tooLong' | 'characters';

/** Why a token cannot be stored or sent as `Authorization: Bearer`, or undefined when it can. */
export function accessTokenProblem(token: string): AccessTokenProblem | undefined {
  if (token === '') return 'empty';
  if (token.length > MAX_TOKEN_CHARS) return 'tooLong';
  if (!TOKEN68.test(token)) return 'characters';
  return undefined;
}
