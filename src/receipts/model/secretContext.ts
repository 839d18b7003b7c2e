// Whether an ID-shaped hex string sits where a secret is named. An EVM private key is `0x` + 64
// hex, the same shape as an EVM transaction hash or a Rebased request ID. The hover never sends
// such a string without positive evidence that it is an ID (model/idEvidence.ts); this module
// says when the context names a key, a secret, a mnemonic or the like, so that the explicit
// "Look up" asks first and says what was seen. Liberal on purpose: a false alarm costs a click.
//
// The rules (each names the reason the hover shows):
// - The file, from the last path segments (posix or Windows separators, case ignored):
//   envFile      `.env`, `.env.*`, `.env-*`, `.env_*`, `*.env`, `.envrc`, `env.local` and the
//                like (`env.production`, `env.example`…);
//   keyFile      `*.key`, `*.pem`, `*.keystore`, `*.jks`, geth key files `UTC--*`, anything under a
//                `keystore` or `keystores` folder;
//   secretsFile  a file name that names a secret (`.secret`, `secrets.json`, `private-key.txt`,
//                `mnemonic.txt`, `credentials.*`: the strong names below);
//   deployConfig `hardhat.config.*`, `truffle-config.*`, `truffle.js`, `foundry.toml`.
// - The context of the ID (model/idText.ts): the name it is bound to (model/idBinding.ts: a CSV or
//   Markdown column, a list's name), the text before it on its line, a comment after it,
//   a comment line above it, the line it continues (`--private-key \`), the head of the list it is
//   an item of (`accounts: [`, `privateKeys:`, Anvil's `Private Keys` heading), the header cell of
//   its Markdown table column. Names are cut into parts (`PRIVATE_KEY`, `alicePrivateKey1`,
//   `"private-key"` all give `private`, `key`).
//   privateKey   a part `privatekey(s)`, `privkey`, `pk`, `sk`, `pkey`, `keypair`; `private`/`priv`
//                followed by `key(s)`; `from`/`remember`/`signing` + `key` (web3.py
//                `Account.from_key`, Foundry `vm.rememberKey`); Foundry's `vm.addr`, `vm.sign`,
//                `vm.startBroadcast`, `vm.deriveKey`; go-ethereum's `HexToECDSA`; `key(s)` among the
//                last four words with no transaction word after it (`DEPLOYER_KEY=`, `ownerKey:`,
//                `deployer key loaded: 0x…`, but not `cache.set(key, client.receipt('0x…'))`); the name the ID is assigned to ends in
//                `key(s)` (`DEPLOYER_KEY=`, `ownerKey:`); the same words in other languages
//                (`privater Schlüssel`, `clé privée`, `clave privada`, `приватный ключ`, `私钥`…);
//   secret       a part containing `secret` (or `geheim`, `секрет`, `secreto`…);
//   mnemonic     a part containing `mnemonic` or `seedphrase`, or `seed(s)`;
//   password     a part containing `password`, `passphrase`, `passwd`, `pwd` (or `passwort`…);
//   apiKey       `api` followed by `key`/`token`/`secret`, `access`/`auth`/`bearer`/`refresh`/`session`
//                followed by `token`, a part containing `apikey`/`accesstoken`/`authtoken`/`credential`;
//   accounts     a part `account(s)`, or one containing `wallet`;
//   signer       a part `signer(s)` or `sign` (`RELAYER_SIGNER=`, `signer = Signer('0x…')`);
//   envFallback  a part `env`, `environ`, `getenv` (`process.env.X ?? "0x…"`, foundry `vm.envOr`);
//   keystore     a part containing `ciphertext` or `keystore` (JSON key files).
// Cost: only called once an ID was found under the cursor; bounded windows of each line.
import { namesTransaction } from './txWords';
import { bindingOf } from './idBinding';
import { LAST_WORDS, beforeText, commentAbove, continuedFrom, listHead, parts, tableHeaderCell, trailingComment, valueOnly, type IdPlace } from './idText';

export type { IdPlace } from './idText';
export { BEFORE_CHARS, parts } from './idText';

export type SecretFileReason = 'envFile' | 'keyFile' | 'secretsFile' | 'deployConfig';
export type SecretLineReason = 'privateKey' | 'secret' | 'mnemonic' | 'password' | 'apiKey' | 'accounts' | 'signer' | 'envFallback' | 'keystore';

export interface SecretVerdict {
  /** Why the file looks like it holds secrets, if it does. */
  file?: SecretFileReason;
  /** What the context seems to name, if anything. */
  line?: SecretLineReason;
}

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

const ENV_SUFFIX = /^env\.(local|production|prod|development|dev|staging|stage|test|example|sample|secrets?|private)$/;

/** The file rule alone, from the path's last segments. */
export function fileReason(path: string): SecretFileReason | undefined {
  const segments = path.slice(-400).toLowerCase().split(/[/\\]/);
  const base = segments[segments.length - 1] ?? '';
  if (base === '.env' || /^\.env[._-]/.test(base) || base.endsWith('.env') || base === '.envrc' || ENV_SUFFIX.test(base)) return 'envFile';
  if (/\.(key|pem|keystore|jks)$/.test(base) || base.startsWith('utc--')) return 'keyFile';
  if (segments.slice(0, -1).some((s) => s === 'keystore' || s === 'keystores')) return 'keyFile';
  if (/^hardhat\.config\.[cm]?[jt]s$/.test(base) || /^truffle(-config)?\.[cm]?js$/.test(base) || base === 'foundry.toml') return 'deployConfig';
  if (strongReason(parts(base)) !== undefined) return 'secretsFile';
  return undefined;
}

/** What the ID's context names: its line first, then the lines that describe it. */
export function lineReason(place: IdPlace): SecretLineReason | undefined {
  const binding = bindingOf(place);
  const bound = binding === undefined ? undefined : named(binding.name.join(' '));
  if (bound !== undefined) return bound;
  const before = beforeText(place);
  const found = named(before);
  if (found !== undefined) return found;
  const comment = trailingComment(place);
  if (comment !== '') {
    const inComment = named(comment);
    if (inComment !== undefined) return inComment;
  }
  for (const text of describingLines(place)) {
    const reason = named(text);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/** The lines that say what the ID's line holds: a comment above, the line it continues, its list's head, its column's header. */
function describingLines(place: IdPlace): string[] {
  const out: string[] = [];
  const comment = commentAbove(place);
  if (comment !== undefined) out.push(comment);
  const continued = continuedFrom(place);
  if (continued !== undefined) out.push(continued);
  if (valueOnly(place)) {
    const head = listHead(place, true);
    if (head !== undefined) out.push(head);
  }
  const header = tableHeaderCell(place);
  if (header !== undefined) out.push(header);
  return out;
}

function named(text: string): SecretLineReason | undefined {
  const ps = parts(text);
  return strongReason(ps) ?? weakReason(ps) ?? scriptReason(text) ?? bareKey(text);
}

const includesAny = (p: string, words: readonly string[]) => words.some((w) => p.includes(w));

/** `key` in other languages: a name ending in one is a key, like `…_KEY`. */
const FOREIGN_KEY = ['schlüssel', 'schluessel', 'clé', 'cle', 'clave', 'chave', 'chiave', 'sleutel', 'klucz', 'anahtar', 'ключ', 'ключа'];
const FOREIGN_PRIVATE = ['privat', 'privater', 'privaten', 'privates', 'privée', 'privee', 'privé', 'prive', 'privada', 'privado', 'privata', 'privato'];
const FOREIGN_PRIVATE_TOO = ['prywatny', 'özel', 'ozel', 'приватный', 'закрытый', 'секретный'];
const isKeyPart = (p: string | undefined) => p === 'key' || p === 'keys' || (p !== undefined && FOREIGN_KEY.includes(p));

/** Names that mean a secret wherever they stand: in a file name, before the ID, in its comment. */
function strongReason(ps: readonly string[]): SecretLineReason | undefined {
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] as string;
    const next = ps[i + 1];
    if (includesAny(p, ['privatekey', 'privkey', 'privatschlüssel', 'privatschluessel']) || ['pk', 'sk', 'pkey', 'keypair'].includes(p)) return 'privateKey';
    if ((p === 'private' || p === 'priv') && isKeyPart(next)) return 'privateKey';
    if ((FOREIGN_PRIVATE.includes(p) || FOREIGN_PRIVATE_TOO.includes(p)) && (isKeyPart(next) || isKeyPart(ps[i - 1]))) return 'privateKey';
    if (p === 'key' && next === 'pair') return 'privateKey';
    if (includesAny(p, ['secret', 'geheim', 'секрет', 'secreto', 'secreta', 'segreto', 'sekret'])) return 'secret';
    if (includesAny(p, ['mnemonic', 'seedphrase', 'mnemonik', 'мнемон']) || p === 'seed' || p === 'seeds') return 'mnemonic';
    if (includesAny(p, ['password', 'passphrase', 'passwd', 'passwort', 'contraseña', 'contrasena', 'пароль', 'senha']) || p === 'pwd') return 'password';
    if (includesAny(p, ['apikey', 'accesstoken', 'authtoken', 'credential'])) return 'apiKey';
    if (p === 'api' && (next === 'key' || next === 'keys' || next === 'token')) return 'apiKey';
    if (['access', 'auth', 'bearer', 'refresh', 'session'].includes(p) && next === 'token') return 'apiKey';
    if (includesAny(p, ['ciphertext', 'keystore'])) return 'keystore';
  }
  return undefined;
}

/** Foundry's cheatcodes that take a private key: `vm.addr(0x…)`, `vm.sign(0x…, …)`, `vm.startBroadcast(0x…)`. */
const VM_KEY_CALLS = ['addr', 'sign', 'broadcast', 'start', 'remember', 'derive'];

/** Names that mean a secret before an ID on a line, but not in a file name (`env.ts`, `wallet.ts`, `sign.ts`). */
function weakReason(ps: readonly string[]): SecretLineReason | undefined {
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] as string;
    const next = ps[i + 1];
    if (['from', 'remember', 'signing', 'derive'].includes(p) && isKeyPart(next)) return 'privateKey';
    if ((p === 'vm' && next !== undefined && VM_KEY_CALLS.includes(next)) || (p === 'start' && next === 'broadcast')) return 'privateKey';
    if (p === 'ecdsa') return 'privateKey';
    if (p === 'accounts' || p === 'account' || p.includes('wallet')) return 'accounts';
    if (p === 'signer' || p === 'signers' || p === 'sign') return 'signer';
    if (p === 'env' || p === 'environ' || p === 'getenv') return 'envFallback';
  }
  return undefined;
}

/** Scripts without spaces between words: the name is looked for in the text itself. */
const SCRIPT_WORDS: ReadonlyArray<[string, SecretLineReason]> = [
  ['私钥', 'privateKey'],
  ['私鑰', 'privateKey'],
  ['秘钥', 'privateKey'],
  ['密钥', 'privateKey'],
  ['秘密鍵', 'privateKey'],
  ['秘密键', 'privateKey'],
  ['개인키', 'privateKey'],
  ['개인 키', 'privateKey'],
  ['비밀키', 'privateKey'],
  ['助记词', 'mnemonic'],
  ['助記詞', 'mnemonic'],
  ['ニーモニック', 'mnemonic'],
  ['密码', 'password'],
  ['パスワード', 'password'],
  ['비밀번호', 'password'],
];

function scriptReason(text: string): SecretLineReason | undefined {
  return SCRIPT_WORDS.find(([w]) => text.includes(w))?.[1];
}

/**
 * A bare `key` among the last words before the ID, with no transaction word after it: `deployer
 * key loaded: 0x…`, `GET /keys/0x…` (but not `cache.set(key, client.receipt('0x…'))`).
 */
function bareKey(before: string): SecretLineReason | undefined {
  const last = parts(before).slice(-LAST_WORDS);
  const i = last.findIndex((p) => isKeyPart(p));
  return i >= 0 && !last.slice(i + 1).some(namesTransaction) ? 'privateKey' : undefined;
}
