import * as assert from 'node:assert/strict';
import { fileReason, lineReason, parts, type IdPlace } from '../../../src/receipts/model/secretContext';

const ID64 = `0x${'ab'.repeat(32)}`;

function at(line: string, previousLine?: string): IdPlace {
  const start = line.indexOf(ID64);
  assert.ok(start >= 0, 'the ID is in the line');
  const place: IdPlace = { path: '/work/app/src/index.ts', line, start, end: start + ID64.length };
  if (previousLine !== undefined) place.above = [previousLine];
  return place;
}

describe('receipts/model/secretContext edges', () => {
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
      assert.equal(lineReason(at(`x(${ID64}# private key`)), 'privateKey');
      assert.equal(lineReason(at(`x(${ID64}// mnemonic`)), 'mnemonic');
    });
    it('reads only the comment, not the code between the ID and the comment', () => {
      assert.equal(lineReason(at(`x(${ID64}, secret) // note`)), undefined);
    });
    it('reads at most 80 characters after the ID', () => {
      assert.equal(lineReason(at(`x(${ID64}) // ${'x'.repeat(100)} private key`)), undefined);
      assert.equal(lineReason(at(`x(${ID64}) // ${'x'.repeat(40)} private key`)), 'privateKey');
    });
    it('reads the previous line when a comment names nothing', () => {
      assert.equal(lineReason(at(`  "${ID64}", // note`, 'privateKey: [')), 'privateKey');
    });
    it('reads the previous line when it ends in an opener followed by spaces', () => {
      assert.equal(lineReason(at(`  "${ID64}"`, 'const secret =   ')), 'secret');
    });
    it('reads the line above a bare value as the head of its list, whatever it ends in', () => {
      assert.equal(lineReason(at(`  "${ID64}"`, 'secret: 1,')), 'secret');
      assert.equal(lineReason(at(`x: "${ID64}"`, 'secret: 1,')), undefined);
    });
    it('reads only the last 160 characters of the previous line', () => {
      assert.equal(lineReason(at(`  "${ID64}"`, `secret ${'x'.repeat(200)} =`)), undefined);
      assert.equal(lineReason(at(`  "${ID64}"`, `secret ${'x'.repeat(100)} =`)), 'secret');
    });
    it('names the strong words before the ID', () => {
      assert.equal(lineReason(at(`SK=${ID64}`)), 'privateKey');
      assert.equal(lineReason(at(`pkey: "${ID64}"`)), 'privateKey');
      assert.equal(lineReason(at(`const x = os.getenv("A") || "${ID64}"`)), 'envFallback');
      assert.equal(lineReason(at(`const x = environ.get("A") or "${ID64}"`)), 'envFallback');
    });
    describe('the nearest name', () => {
      it('is the last one before the value, not an earlier one', () => {
        assert.equal(lineReason(at(`DEPLOYER_KEY = 1, the row label = "${ID64}"`)), undefined);
        assert.equal(lineReason(at(`label = 1, DEPLOYER_KEY = "${ID64}"`)), 'privateKey');
      });
      it('takes `:=`', () => {
        assert.equal(lineReason(at(`owner_key := "${ID64}"`)), 'privateKey');
      });
      it('allows spaces after the opening bracket, nothing else', () => {
        assert.equal(lineReason(at(`ownerKey: [ ${ID64}`)), 'privateKey');
        assert.equal(lineReason(at(`ownerKey = a b c d ${ID64}`)), undefined);
      });
      it('is looked for among the last four words only, and not before a transaction word', () => {
        assert.equal(lineReason(at(`ownerKey = a b c d ${ID64}`)), undefined);
        assert.equal(lineReason(at(`ownerKey = a b c ${ID64}`)), 'privateKey');
        assert.equal(lineReason(at(`deployer key loaded: ${ID64}`)), 'privateKey');
        assert.equal(lineReason(at(`cache.set(key, receipt(${ID64}`)), undefined);
        assert.equal(lineReason(at(`a b c d ownerKey =${' '.repeat(70)}${ID64}`)), 'privateKey', 'spaces are no words');
      });
    });
  });
});
