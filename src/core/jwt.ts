// Reads the claims of our own Wasp JWT, only to know when it expires and what it allows.
// No signature check: the node verifies the token; we never trust claims for anything else.

export type JwtClaims = {
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  sub?: string;
  /** Permission names, e.g. ["write"]. Wasp encodes them as an object ({"write":{}}); arrays are accepted too. */
  permissions?: string[];
};

/** Decodes base64url (padding optional) to bytes; undefined on any invalid character. */
function base64UrlToBytes(s: string): Uint8Array | undefined {
  const body = s.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(body) || body.length % 4 === 1) return undefined;
  const value = (c: number): number => (c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 71 : c >= 48 && c <= 57 ? c + 4 : c === 45 ? 62 : 63);
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let j = 0;
  for (let i = 0; i < body.length; i++) {
    acc = ((acc << 6) | value(body.charCodeAt(i))) & 0xffff; // only the low bits are pending
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, j);
}

/**
 * Decodes a JWT's payload claims without verifying it. Returns undefined when the token is
 * not three dot-separated parts or its payload is not a base64url JSON object. Claims of the
 * wrong type are left out rather than failing the whole token.
 */
export function decodeJwtClaims(token: string): JwtClaims | undefined {
  const parts = token.trim().split('.');
  // An empty payload needs no check of its own: it decodes to no bytes, and JSON.parse('') fails below.
  if (parts.length !== 3 || parts[1] === undefined) return undefined;
  const bytes = base64UrlToBytes(parts[1]);
  if (!bytes) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const p = payload as Record<string, unknown>;
  const claims: JwtClaims = {};
  if (typeof p.exp === 'number' && Number.isFinite(p.exp)) claims.exp = p.exp;
  if (typeof p.iat === 'number' && Number.isFinite(p.iat)) claims.iat = p.iat;
  if (typeof p.sub === 'string') claims.sub = p.sub;
  const perms = p.permissions;
  if (Array.isArray(perms)) {
    claims.permissions = perms.filter((x): x is string => typeof x === 'string');
  } else if (typeof perms === 'object' && perms !== null) {
    claims.permissions = Object.keys(perms);
  }
  return claims;
}

/**
 * True when the token has expired or will within `skewSeconds` (so a request does not leave
 * with a token that dies on the way, and clocks that differ a little do not matter).
 * A token without `exp` never expires.
 */
export function isExpired(claims: JwtClaims, nowSeconds: number, skewSeconds = 30): boolean {
  if (claims.exp === undefined) return false;
  return nowSeconds + skewSeconds >= claims.exp;
}
