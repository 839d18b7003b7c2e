// Whether an ID-shaped hex string may be a secret, from where it sits: an EVM private key is
// `0x` + 64 hex, the same shape as an EVM transaction hash or a Rebased request ID, so a hover
// that looked every such string up would send private keys to a node. Where this says "may be a
// secret", the hover sends nothing and offers an explicit "Look up" instead.
//
// The rules (each names the reason the hover shows):
// - The file, from the last path segments (posix or Windows separators, case ignored):
//   envFile      `.env`, `.env.*` (`.env.local`, `.env.example`…), `*.env`, `.envrc`;
//   keyFile      `*.key`, `*.pem`, `*.keystore`, `*.jks`, geth key files `UTC--*`, anything under a
//                `keystore` or `keystores` folder;
//   secretsFile  a file name that names a secret (`.secret`, `secrets.json`, `private-key.txt`,
//                `mnemonic.txt`, `credentials.*`: the strong names below);
//   deployConfig `hardhat.config.*`, `truffle-config.*`, `truffle.js`, `foundry.toml` (their
//                64-hex values are accounts' keys; they hold no transaction hashes).
// - The line: the text before the ID (at most 160 characters), a trailing `#` or `//` comment
//   after it (at most 80), and, when nothing but punctuation precedes the ID on its line, the end
//   of the previous line (at most 160) if that line opens a value (ends in `:`, `=`, `[`, `{`, `(`).
//   That text is cut into identifier parts (separators `_ - . space`, camelCase, acronyms:
//   `PRIVATE_KEY`, `privateKey`, `"private-key"`, `deployerPk`, `HDWalletProvider` all split);
//   words of more than 12 characters that hold a digit (hashes, addresses, Bech32) are skipped.
//   privateKey   a part `privatekey(s)`, `privkey`, `pk`, `sk`, `pkey`, `keypair`; `private`/`priv`
//                followed by `key(s)`; or the name nearest before the ID ends in `key(s)`
//                (`DEPLOYER_KEY=`, `ownerKey:`);
//   secret       a part containing `secret`;
//   mnemonic     a part containing `mnemonic` or `seedphrase`, or `seed(s)`;
//   password     a part containing `password`, `passphrase`, `passwd`, or `pwd`;
//   apiKey       `api` followed by `key`/`token`/`secret`, `access`/`auth`/`bearer`/`refresh`/`session`
//                followed by `token`, a part containing `apikey`/`accesstoken`/`authtoken`/`credential`;
//   accounts     a part `accounts`, or one containing `wallet` (hardhat `accounts: [...]`,
//                truffle `HDWalletProvider`, ethers `new Wallet("0x…")`);
//   envFallback  a part `env`, `environ`, `getenv` (`process.env.X ?? "0x…"`, foundry `vm.envOr`);
//   keystore     a part containing `ciphertext` or `keystore` (JSON key files).
// Not a rule: a bare `token`, `key` that is not the nearest name, `hash`, `tx`, `receipt`, and
// a 64-hex string without `0x` (requestIdAt never matches one, so it is never looked up).
// Cost: only called once an ID was found under the cursor; at most ~400 characters are scanned
// by linear regexes (no nested quantifiers), whatever the line's length.

export type SecretFileReason = 'envFile' | 'keyFile' | 'secretsFile' | 'deployConfig';
export type SecretLineReason = 'privateKey' | 'secret' | 'mnemonic' | 'password' | 'apiKey' | 'accounts' | 'envFallback' | 'keystore';

export interface SecretVerdict {
  /** Why the file looks like it holds secrets, if it does. */
  file?: SecretFileReason;
  /** What the line seems to name, if anything. */
  line?: SecretLineReason;
}

export interface IdPlace {
  /** The document's path (a URI path or a file system path). */
  path: string;
  /** The text of the ID's line. */
  line: string;
  /** Where the ID starts and ends in the line (end exclusive). */
  start: number;
  end: number;
  /** The line before, when there is one. */
  previousLine?: string;
}

export const BEFORE_CHARS = 160;
export const AFTER_CHARS = 80;
const MAX_PLAIN_WORD = 12;

/** Undefined when nothing suggests a secret; else the reasons (file, line or both). */
export function secretContext(place: IdPlace): SecretVerdict | undefined {
  const file = fileReason(place.path);
  const line = lineReason(place);
  if (file === undefined && line === undefined) return undefined;
  const verdict: SecretVerdict = {};
  if (file !== undefined) verdict.file = file;
  if (line !== undefined) verdict.line = line;
  return verdict;
}

/** The file rule alone, from the path's last segments. */
export function fileReason(path: string): SecretFileReason | undefined {
  const segments = path.slice(-400).toLowerCase().split(/[/\\]/);
  // Stryker disable next-line StringLiteral: split always returns at least one element, so the fallback is never used
  const base = segments[segments.length - 1] ?? '';
  if (base === '.env' || base.startsWith('.env.') || base.endsWith('.env') || base === '.envrc') return 'envFile';
  if (/\.(key|pem|keystore|jks)$/.test(base) || base.startsWith('utc--')) return 'keyFile';
  if (segments.slice(0, -1).some((s) => s === 'keystore' || s === 'keystores')) return 'keyFile';
  if (/^hardhat\.config\.[cm]?[jt]s$/.test(base) || /^truffle(-config)?\.[cm]?js$/.test(base) || base === 'foundry.toml') return 'deployConfig';
  const strong = strongReason(parts(base));
  if (strong !== undefined) return 'secretsFile';
  return undefined;
}

/** The line rule alone. */
export function lineReason(place: IdPlace): SecretLineReason | undefined {
  const before = place.line.slice(Math.max(0, place.start - BEFORE_CHARS), place.start);
  const beforeParts = parts(before);
  const found = strongReason(beforeParts) ?? weakReason(beforeParts) ?? nearestKey(before);
  if (found !== undefined) return found;
  const after = place.line.slice(place.end, place.end + AFTER_CHARS);
  const comment = after.search(/#|\/\//);
  if (comment >= 0) {
    const p = parts(after.slice(comment));
    const inComment = strongReason(p) ?? weakReason(p);
    if (inComment !== undefined) return inComment;
  }
  if (/[A-Za-z0-9]/.test(before) || place.previousLine === undefined) return undefined;
  const prev = place.previousLine.slice(-BEFORE_CHARS).trimEnd();
  if (!/[:=[{(]$/.test(prev)) return undefined;
  const p = parts(prev);
  return strongReason(p) ?? weakReason(p) ?? nearestKey(prev);
}

/** Lower-case identifier parts, in order. */
export function parts(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(/[A-Za-z0-9]+/g) ?? []) {
    if (word.length > MAX_PLAIN_WORD && /[0-9]/.test(word)) continue;
    // Stryker disable next-line ArrayDeclaration: word is a non-empty alphanumeric run, so this match never returns null
    for (const p of word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? []) out.push(p.toLowerCase());
  }
  return out;
}

const includesAny = (p: string, words: readonly string[]) => words.some((w) => p.includes(w));

/** Names that mean a secret wherever they stand: in a file name, before the ID, in its comment. */
function strongReason(ps: readonly string[]): SecretLineReason | undefined {
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] as string;
    // Stryker disable next-line StringLiteral: the fallback is only compared with key/keys/pair/token, which no fallback string equals
    const next = ps[i + 1] ?? '';
    if (includesAny(p, ['privatekey', 'privkey']) || p === 'pk' || p === 'sk' || p === 'pkey' || p === 'keypair') return 'privateKey';
    if ((p === 'private' || p === 'priv') && (next === 'key' || next === 'keys')) return 'privateKey';
    if (p === 'key' && next === 'pair') return 'privateKey';
    if (p.includes('secret')) return 'secret';
    if (includesAny(p, ['mnemonic', 'seedphrase']) || p === 'seed' || p === 'seeds') return 'mnemonic';
    if (includesAny(p, ['password', 'passphrase', 'passwd']) || p === 'pwd') return 'password';
    if (includesAny(p, ['apikey', 'accesstoken', 'authtoken', 'credential'])) return 'apiKey';
    if (p === 'api' && (next === 'key' || next === 'keys' || next === 'token')) return 'apiKey';
    if (['access', 'auth', 'bearer', 'refresh', 'session'].includes(p) && next === 'token') return 'apiKey';
    if (includesAny(p, ['ciphertext', 'keystore'])) return 'keystore';
  }
  return undefined;
}

/** Names that mean a secret before an ID on a line, but not in a file name (`env.ts`, `wallet.ts`). */
function weakReason(ps: readonly string[]): SecretLineReason | undefined {
  for (const p of ps) {
    if (p === 'accounts' || p.includes('wallet')) return 'accounts';
    if (p === 'env' || p === 'environ' || p === 'getenv') return 'envFallback';
  }
  return undefined;
}

/** The name nearest before the value ends in `key`/`keys`: `DEPLOYER_KEY=`, `ownerKey:`, `"key": `. */
function nearestKey(before: string): SecretLineReason | undefined {
  const m = /([A-Za-z0-9_.-]+)["'`\]]?\s*[:=]+\s*["'`[({]*\s*$/.exec(before.slice(-64));
  if (!m) return undefined;
  // Stryker disable next-line StringLiteral: group 1 is not optional, so m[1] is always defined after a match
  const last = parts(m[1] ?? '').pop();
  return last === 'key' || last === 'keys' ? 'privateKey' : undefined;
}
