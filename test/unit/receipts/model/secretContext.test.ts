// Whether the text around a 0x ID says it is a secret (src/receipts/model/secretContext.ts): the file
// rules, the line rules (names, comments, the line above, a bounded window), the parts of a name, and
// the corpus of test/fixtures/secrets, where every ID the hover could match (src/receipts/requestIdAt.ts)
// must get the reason its table says.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BEFORE_CHARS, fileReason, type IdPlace, lineReason, parts, secretContext } from '../../../../src/receipts/model/secretContext';
import { REQUEST_ID_WORD } from '../../../../src/core/idShapes';
import { requestIdsIn } from '../../../../src/receipts/requestIdAt';
import { repoRoot } from '../../../fixtures/paths';

const CORPUS = join(repoRoot(__dirname), 'test', 'fixtures', 'secrets');
const HEX64 = 'ab'.repeat(32);
const ID64 = `0x${HEX64}`;
const ID68 = `${ID64}0000`;

/** The place of `id` (first occurrence) in `line`. */
function at(line: string, id = ID64, path = '/work/app/src/index.ts', previousLine?: string): IdPlace {
  const start = line.indexOf(id);
  assert.ok(start >= 0, 'the ID is in the line');
  const place: IdPlace = { path, line, start, end: start + id.length };
  if (previousLine !== undefined) place.above = [previousLine];
  return place;
}

/** Every ID the hover could match in a file (as requestIdAt: 0x + 64 or 68 hex, not glued to a word). */
const ID_IN_LINE = /(?<![0-9A-Za-z_])0x(?:[0-9a-fA-F]{68}|[0-9a-fA-F]{64})(?![0-9A-Za-z_])/g;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });

const atPrevious = (line: string, previousLine?: string) => at(line, ID64, undefined, previousLine);

describe('receipts/model/secretContext', () => {
  describe('file rules', () => {
    const cases: [string, ReturnType<typeof fileReason>][] = [
      // envFile
      ['/repo/.env', 'envFile'],
      ['/repo/.ENV', 'envFile'],
      ['/repo/.env.local', 'envFile'],
      ['/repo/.env.production', 'envFile'],
      ['/repo/.env.example', 'envFile'],
      ['/repo/deploy/prod.env', 'envFile'],
      ['/repo/.envrc', 'envFile'],
      ['C:\\Users\\me\\repo\\.env', 'envFile'],
      // keyFile
      ['/repo/keys/deployer.key', 'keyFile'],
      ['/repo/tls/node.pem', 'keyFile'],
      ['/repo/android/release.keystore', 'keyFile'],
      ['/repo/release.jks', 'keyFile'],
      ['/home/me/.ethereum/keystore/UTC--2026-03-02T10-15-01.1Z--f39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'keyFile'],
      ['/tmp/utc--2026-03-02t10-15-01.1z--f39f', 'keyFile'],
      ['/repo/keystore/deployer.json', 'keyFile'],
      ['/repo/Keystores/a/b.json', 'keyFile'],
      // deployConfig
      ['/repo/hardhat.config.ts', 'deployConfig'],
      ['/repo/hardhat.config.js', 'deployConfig'],
      ['/repo/hardhat.config.cjs', 'deployConfig'],
      ['/repo/truffle-config.js', 'deployConfig'],
      ['/repo/truffle.js', 'deployConfig'],
      ['/repo/foundry.toml', 'deployConfig'],
      // secretsFile: the file's name names a secret
      ['/repo/.secret', 'secretsFile'],
      ['/repo/config/secrets.json', 'secretsFile'],
      ['/repo/secrets.yaml', 'secretsFile'],
      ['/repo/private-key.txt', 'secretsFile'],
      ['/repo/privateKey.ts', 'secretsFile'],
      ['/repo/mnemonic.txt', 'secretsFile'],
      ['/repo/credentials.json', 'secretsFile'],
      ['/repo/deployer_pk.txt', 'secretsFile'],
      // none
      ['/repo/README.md', undefined],
      ['/repo/src/env.ts', undefined],
      ['/repo/src/wallet.ts', undefined],
      ['/repo/src/accounts.ts', undefined],
      ['/repo/environment.md', undefined],
      ['/repo/keys.ts', undefined],
      ['/repo/monkey.ts', undefined],
      ['/repo/logs/wasp-node.log', undefined],
      ['/repo/test/receipts.test.ts', undefined],
      ['Untitled-1', undefined],
      ['/repo/.envelope', undefined],
    ];
    for (const [path, expected] of cases) {
      it(`${path} → ${expected ?? 'none'}`, () => assert.equal(fileReason(path), expected));
    }
  });

  describe('line rules', () => {
    const cases: [string, ReturnType<typeof lineReason>][] = [
      // privateKey, in every case and separator style
      [`PRIVATE_KEY=${ID64}`, 'privateKey'],
      [`export PRIVATE_KEY="${ID64}"`, 'privateKey'],
      [`privateKey: '${ID64}',`, 'privateKey'],
      [`"private-key": "${ID64}"`, 'privateKey'],
      [`private key ${ID64}`, 'privateKey'],
      [`PRIVATEKEY=${ID64}`, 'privateKey'],
      [`privkey = ${ID64}`, 'privateKey'],
      [`deployerPk: "${ID64}"`, 'privateKey'],
      [`PK=${ID64}`, 'privateKey'],
      [`OWNER_SK=${ID64}`, 'privateKey'],
      [`privateKeys: ['${ID64}'],`, 'privateKey'],
      [`const kp = Ed25519Keypair.fromSecretKey('${ID64}')`, 'secret'],
      // the nearest name ends in key(s)
      [`DEPLOYER_KEY=${ID64}`, 'privateKey'],
      [`ownerKey: '${ID64}'`, 'privateKey'],
      [`{"key": "${ID64}"}`, 'privateKey'],
      [`signing_keys = [${ID64}`, 'privateKey'],
      // secret, mnemonic, password, api key
      [`WASP_JWT_SECRET: "${ID64}"`, 'secret'],
      [`clientSecret=${ID64}`, 'secret'],
      [`MNEMONIC=${ID64}`, 'mnemonic'],
      [`seed: ${ID64}`, 'mnemonic'],
      [`seedPhrase = "${ID64}"`, 'mnemonic'],
      [`DB_PASSWORD=${ID64}`, 'password'],
      [`passphrase: ${ID64}`, 'password'],
      [`PWD=${ID64}`, 'password'],
      [`API_KEY=${ID64}`, 'apiKey'],
      [`apiToken: '${ID64}'`, 'apiKey'],
      [`ACCESS_TOKEN=${ID64}`, 'apiKey'],
      [`authToken = "${ID64}"`, 'apiKey'],
      [`credentials: ${ID64}`, 'apiKey'],
      // accounts, wallets, environment fallbacks, key stores
      [`accounts: [process.env.X ?? "${ID64}"],`, 'accounts'],
      [`accounts: ["${ID64}"],`, 'accounts'],
      [`const w = new ethers.Wallet('${ID64}', provider);`, 'accounts'],
      [`new HDWalletProvider(['${ID64}'], url)`, 'accounts'],
      [`const owner = process.env.OWNER ?? '${ID64}';`, 'envFallback'],
      [`uint256 pk = vm.envOr("DEPLOYER", uint256(${ID64}));`, 'privateKey'],
      [`uint256 d = vm.envOr("DEPLOYER", uint256(${ID64}));`, 'envFallback'],
      [`key = os.environ.get("DEPLOYER", "${ID64}")`, 'envFallback'],
      [`"ciphertext": "${ID64}"`, 'keystore'],
      // a trailing comment names it
      [`  "${ID64}", // deployer private key`, 'privateKey'],
      [`DEPLOYER=${ID64} # the secret one`, 'secret'],
      // none: IDs where they are IDs
      [`request ${ID64} added (off-ledger)`, undefined],
      [`tx ${ID64} included in block 2483101`, undefined],
      [`| Deploy token | ${ID64} | 2483101 |`, undefined],
      [`const DEPLOY_TX = '${ID64}';`, undefined],
      [`expect(receipt.requestId).to.equal('${ID64}');`, undefined],
      [`cache.set(key, await client.receipt('${ID64}'));`, undefined],
      [`token transfer ${ID64} succeeded`, undefined],
      [`GET /receipts/${ID64} 200 authorized by token (user wasp)`, undefined],
      [`monkey: ${ID64}`, undefined],
      [`hash ${ID64} // the transaction`, undefined],
      [`see iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5 ${ID64}`, undefined],
    ];
    for (const [line, expected] of cases) {
      it(`${line.replace(HEX64, '…')} → ${expected ?? 'none'}`, () => assert.equal(lineReason(at(line)), expected));
    }

    it('reads the previous line when it opens the value and nothing but punctuation precedes the ID', () => {
      assert.equal(lineReason(at(`    "${ID64}",`, ID64, '/a.ts', '  accounts: [')), 'accounts');
      assert.equal(lineReason(at(`  - ${ID64}`, ID64, '/a.yml', 'privateKeys:')), 'privateKey');
      assert.equal(lineReason(at(`  ${ID64}`, ID64, '/a.ts', 'const PRIVATE_KEY =')), 'privateKey');
      // The second item of a list: its previous line is the first item, not an opener (the file rules catch config files).
      assert.equal(lineReason(at(`    "${ID64}",`, ID64, '/a.ts', `    "${ID64}",`)), undefined);
      // A Markdown table row: the header cell of its column names it.
      assert.equal(lineReason(at(`| ${ID64} |`, ID64, '/a.md', '| private key | x |')), 'privateKey');
      assert.equal(lineReason(at(`| x | ${ID64} |`, ID64, '/a.md', '| private key | tx |')), undefined);
      // A name on the ID's own line: the previous line is not read.
      assert.equal(lineReason(at(`tx: ${ID64}`, ID64, '/a.ts', 'privateKey:')), undefined);
      assert.equal(lineReason(at(`    "${ID64}",`, ID64, '/a.ts', 'expect(receipt.evmTxHash).to.equal(')), undefined);
    });

    it('applies to a 68-hex ID as well', () => {
      assert.equal(lineReason(at(`PRIVATE_KEY=${ID68}`, ID68)), 'privateKey');
      assert.deepEqual(secretContext(at(`X=${ID68}`, ID68, '/r/.env')), { file: 'envFile' });
    });

    it('only reads a bounded window around the ID', () => {
      const far = `PRIVATE_KEY=${' '.repeat(200)}${ID64}`;
      assert.equal(lineReason(at(far)), undefined, 'a name 200 characters before the ID is not read');
      const near = `${'x'.repeat(100_000)} PRIVATE_KEY=${ID64}`;
      assert.equal(lineReason(at(near)), 'privateKey');
    });
  });

  it('splits names in every case and separator style', () => {
    assert.deepEqual(parts('PRIVATE_KEY'), ['private', 'key']);
    assert.deepEqual(parts('privateKey'), ['private', 'key']);
    assert.deepEqual(parts('"private-key"'), ['private', 'key']);
    assert.deepEqual(parts('deployerPk'), ['deployer', 'pk']);
    assert.deepEqual(parts('HDWalletProvider'), ['hd', 'wallet', 'provider']);
    assert.deepEqual(parts('process.env.PRIVATE_KEY'), ['process', 'env', 'private', 'key']);
    // Hashes, addresses and Bech32 are not names.
    assert.deepEqual(parts(`${ID64} iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5 key2`), ['key', '2']);
  });

  it('combines the file and the line reasons', () => {
    assert.deepEqual(secretContext(at(`PRIVATE_KEY=${ID64}`, ID64, '/repo/.env')), { file: 'envFile', line: 'privateKey' });
    assert.deepEqual(secretContext(at(`X=${ID64}`, ID64, '/repo/.env')), { file: 'envFile' });
    assert.deepEqual(secretContext(at(`PRIVATE_KEY=${ID64}`)), { line: 'privateKey' });
    assert.equal(secretContext(at(`tx ${ID64}`)), undefined);
  });

  it('never sees a 64-hex string without 0x: the hover does not match one', () => {
    assert.deepEqual(requestIdsIn(`"ciphertext":"${HEX64}"`), []);
    assert.deepEqual(requestIdsIn(`PRIVATE_KEY=${HEX64}`), []);
    assert.equal(REQUEST_ID_WORD.test(HEX64), false);
    assert.deepEqual(requestIdsIn(`PRIVATE_KEY=${ID64}`), [ID64]);
  });

  it('reads only a window around the ID, so a line of any length costs the same (the hover runs it on every ID it finds)', () => {
    const near = secretContext(at(`PRIVATE_KEY=${ID64}`, ID64, 'x.ts'));
    assert.equal(near?.line, 'privateKey');
    // The same key name just outside the window before the ID: not read, so no reason.
    const outside = `PRIVATE_KEY=${' '.repeat(BEFORE_CHARS)}${ID64}`;
    assert.equal(secretContext(at(outside, ID64, 'x.ts')), undefined);
    // Megabytes of other text around the window change nothing: the verdict is the near one.
    const huge = `${'PRIVATE_KEY= '.repeat(100_000)}${' '.repeat(BEFORE_CHARS)}PRIVATE_KEY=${ID64} ${'//'.repeat(100_000)}`;
    assert.deepEqual(secretContext(at(huge, ID64, 'x.ts')), near);
  });

  describe('the corpus (test/fixtures/secrets)', () => {
    // Every ID in the corpus, with what the rules must say: file+line reasons, or "sent" (looked up).
    const expected = [
      // .env files: every ID (a key or not) stays home
      '.env:2 envFile+privateKey',
      '.env:6 envFile',
      '.env.local:3 envFile+privateKey',
      '.env.local:4 envFile+signer', // RELAYER_SIGNER
      // A Markdown README with a table of transactions and request IDs: all looked up
      'README.md:7 sent',
      'README.md:7 sent',
      'README.md:8 sent',
      'README.md:8 sent',
      'README.md:9 sent',
      'README.md:9 sent',
      'README.md:9 sent',
      'README.md:11 sent',
      'config/secrets.json:1 secretsFile',
      'config/wallet-export.json:3 privateKey',
      'docker-compose.yml:6 privateKey',
      'docker-compose.yml:8 sent', // EXPECTED_DEPLOY_TX: a transaction hash, rightly looked up
      'docker-compose.yml:12 secret',
      'foundry.toml:6 deployConfig+privateKey',
      'hardhat.config.ts:4 deployConfig+envFallback',
      'hardhat.config.ts:12 deployConfig+privateKey',
      'hardhat.config.ts:17 deployConfig+accounts',
      'hardhat.config.ts:18 deployConfig+accounts', // the second item of accounts: [...]: its list's head names it
      // A TypeScript test with receipts: all looked up
      'receipts.test.ts:4 sent',
      'receipts.test.ts:5 sent',
      'receipts.test.ts:10 sent',
      'receipts.test.ts:12 sent',
      'receipts.test.ts:19 sent',
      'receipts.test.ts:20 sent',
      'truffle-config.js:8 deployConfig+privateKey',
      // A node's log with request IDs and transaction hashes: all looked up
      'wasp-node.log:1 sent',
      'wasp-node.log:2 sent',
      'wasp-node.log:3 sent',
      'wasp-node.log:4 sent',
      'wasp-node.log:5 sent',
    ];

    it('says what the table says for every ID in every file', () => {
      const actual: string[] = [];
      for (const file of walk(CORPUS).sort()) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          for (const m of line.matchAll(ID_IN_LINE)) {
            const place: IdPlace = { path: file, line, start: m.index, end: m.index + m[0].length };
            place.above = lines.slice(Math.max(0, i - 24), i).reverse();
            const v = secretContext(place);
            const what = v ? [v.file, v.line].filter((x) => x !== undefined).join('+') : 'sent';
            actual.push(`${relative(CORPUS, file).split('\\').join('/')}:${i + 1} ${what}`);
          }
        });
      }
      assert.deepEqual(actual, expected);
    });

    it('a geth UTC-- key file is a key file, and its unprefixed hex is never an ID', () => {
      const [name] = readdirSync(join(CORPUS, 'keystore'));
      assert.ok(name !== undefined && name.startsWith('UTC--'), 'the key file is there');
      const path = join(CORPUS, 'keystore', name);
      assert.equal(fileReason(path), 'keyFile');
      const text = readFileSync(path, 'utf8');
      assert.match(text, /"ciphertext":"[0-9a-f]{64}"/);
      assert.deepEqual(requestIdsIn(text), []);
    });
  });
});

describe('receipts/model/secretContext: at the edges of each rule', () => {
  describe('fileReason', () => {
    const cases: [string, ReturnType<typeof fileReason>][] = [
      // an empty base name (a folder path) names nothing
      ['/repo/', undefined],
      // the key-file extensions only count at the end of the name
      ['/repo/deploy.key.bak', undefined],
      ['/repo/tls.pem.txt', undefined],
      // a file named `keystore` is not under a keystore folder: its name names one
      ['/repo/keystore', 'secretsFile'],
      // only the last 400 characters of the path are read
      [`/keystore/${'a'.repeat(500)}/deployer.json`, undefined],
      [`/keystore/${'a'.repeat(300)}/deployer.json`, 'keyFile'],
      // the deploy configs: exact names only
      ['/repo/myhardhat.config.ts', undefined],
      ['/repo/hardhat.config.ts.bak', undefined],
      ['/repo/hardhat.config.mts', 'deployConfig'],
      ['/repo/mytruffle.js', undefined],
      ['/repo/truffle.js.orig', undefined],
      ['/repo/truffle.xjs', undefined],
      ['/repo/truffle-config.cjs', 'deployConfig'],
      ['/repo/truffle.mjs', 'deployConfig'],
      // strong names in a file name
      ['/repo/sk.txt', 'secretsFile'],
      ['/repo/pkey.txt', 'secretsFile'],
      ['/repo/priv-key.txt', 'secretsFile'],
      ['/repo/private-keys.txt', 'secretsFile'],
      ['/repo/private-notes.txt', undefined],
      ['/repo/key-pair.json', 'secretsFile'],
      ['/repo/key-ring.json', undefined],
      ['/repo/keypair.json', 'secretsFile'],
      ['/repo/trading-pair.json', undefined],
      ['/repo/seeds.txt', 'secretsFile'],
      ['/repo/seed.txt', 'secretsFile'],
      ['/repo/api-keys.json', 'secretsFile'],
      ['/repo/api-docs.json', undefined],
      ['/repo/access_token.txt', 'secretsFile'],
      ['/repo/auth-token.txt', 'secretsFile'],
      ['/repo/bearer.token', 'secretsFile'],
      ['/repo/refresh-token.txt', 'secretsFile'],
      ['/repo/session-token.txt', 'secretsFile'],
      ['/repo/session-notes.txt', undefined],
      ['/repo/src/index.ts', undefined],
      ['/repo/README.md', undefined],
    ];
    for (const [path, want] of cases) {
      it(`${path.length > 60 ? `${path.slice(0, 20)}…(${path.length})` : path} -> ${String(want)}`, () => {
        assert.equal(fileReason(path), want);
      });
    }
  });

  describe('parts', () => {
    it('is empty for text without letters or digits', () => {
      assert.deepEqual(parts(' -- :: '), []);
      assert.deepEqual(parts(''), []);
    });
    it('keeps a 12-character word with a digit, skips a 13-character one', () => {
      assert.deepEqual(parts('abcdef123456'), ['abcdef', '123456']);
      assert.deepEqual(parts('abcdef1234567'), []);
      assert.deepEqual(parts('abcdefghijklmn'), ['abcdefghijklmn']);
    });
    it('keeps a run of digits as one part', () => {
      assert.deepEqual(parts('v12 key2x'), ['v', '12', 'key', '2', 'x']);
    });
  });

  describe('lineReason', () => {
    it('reads a comment that starts right after the ID', () => {
      assert.equal(lineReason(atPrevious(`x(${ID64}# private key`)), 'privateKey');
      assert.equal(lineReason(atPrevious(`x(${ID64}// mnemonic`)), 'mnemonic');
    });
    it('reads only the comment, not the code between the ID and the comment', () => {
      assert.equal(lineReason(atPrevious(`x(${ID64}, secret) // note`)), undefined);
    });
    it('reads at most 80 characters after the ID', () => {
      assert.equal(lineReason(atPrevious(`x(${ID64}) // ${'x'.repeat(100)} private key`)), undefined);
      assert.equal(lineReason(atPrevious(`x(${ID64}) // ${'x'.repeat(40)} private key`)), 'privateKey');
    });
    it('reads the previous line when a comment names nothing', () => {
      assert.equal(lineReason(atPrevious(`  "${ID64}", // note`, 'privateKey: [')), 'privateKey');
    });
    it('reads the previous line when it ends in an opener followed by spaces', () => {
      assert.equal(lineReason(atPrevious(`  "${ID64}"`, 'const secret =   ')), 'secret');
    });
    it('reads the line above a bare value as the head of its list, whatever it ends in', () => {
      assert.equal(lineReason(atPrevious(`  "${ID64}"`, 'secret: 1,')), 'secret');
      assert.equal(lineReason(atPrevious(`x: "${ID64}"`, 'secret: 1,')), undefined);
    });
    it('reads only the last 160 characters of the previous line', () => {
      assert.equal(lineReason(atPrevious(`  "${ID64}"`, `secret ${'x'.repeat(200)} =`)), undefined);
      assert.equal(lineReason(atPrevious(`  "${ID64}"`, `secret ${'x'.repeat(100)} =`)), 'secret');
    });
    it('names the strong words before the ID', () => {
      assert.equal(lineReason(atPrevious(`SK=${ID64}`)), 'privateKey');
      assert.equal(lineReason(atPrevious(`pkey: "${ID64}"`)), 'privateKey');
      assert.equal(lineReason(atPrevious(`const x = os.getenv("A") || "${ID64}"`)), 'envFallback');
      assert.equal(lineReason(atPrevious(`const x = environ.get("A") or "${ID64}"`)), 'envFallback');
    });
    describe('the nearest name', () => {
      it('is the last one before the value, not an earlier one', () => {
        assert.equal(lineReason(atPrevious(`DEPLOYER_KEY = 1, the row label = "${ID64}"`)), undefined);
        assert.equal(lineReason(atPrevious(`label = 1, DEPLOYER_KEY = "${ID64}"`)), 'privateKey');
      });
      it('takes `:=`', () => {
        assert.equal(lineReason(atPrevious(`owner_key := "${ID64}"`)), 'privateKey');
      });
      it('allows spaces after the opening bracket, nothing else', () => {
        assert.equal(lineReason(atPrevious(`ownerKey: [ ${ID64}`)), 'privateKey');
        assert.equal(lineReason(atPrevious(`ownerKey = a b c d ${ID64}`)), undefined);
      });
      it('is looked for among the last four words only, and not before a transaction word', () => {
        assert.equal(lineReason(atPrevious(`ownerKey = a b c d ${ID64}`)), undefined);
        assert.equal(lineReason(atPrevious(`ownerKey = a b c ${ID64}`)), 'privateKey');
        assert.equal(lineReason(atPrevious(`deployer key loaded: ${ID64}`)), 'privateKey');
        assert.equal(lineReason(atPrevious(`cache.set(key, receipt(${ID64}`)), undefined);
        assert.equal(lineReason(atPrevious(`a b c d ownerKey =${' '.repeat(70)}${ID64}`)), 'privateKey', 'spaces are no words');
      });
    });
  });
});
