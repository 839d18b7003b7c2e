// The single rules of src/receipts/model/secretContext.ts, one name at a time: foreign words for a
// private key in file names, Foundry's and go-ethereum's key calls, signers and accounts, a bare
// `key`, and the lines that describe an ID's line when the line itself names nothing.
import * as assert from 'node:assert/strict';
import { fileReason, type IdPlace, lineReason } from '../../../../src/receipts/model/secretContext';

const ID = `0x${'ab'.repeat(32)}`;

/** The place of the ID in `line`, with the lines above given nearest first. */
function at(line: string, above?: string[], path = '/work/app/src/index.ts'): IdPlace {
  const start = line.indexOf(ID);
  assert.ok(start >= 0, 'the ID is in the line');
  const place: IdPlace = { path, line, start, end: start + ID.length };
  if (above !== undefined) place.above = above;
  return place;
}

describe('receipts/model/secretContext: single rules', () => {
  describe('file names', () => {
    const cases: [string, ReturnType<typeof fileReason>][] = [
      ['/p/.env', 'envFile'],
      ['/p/.env.local', 'envFile'],
      ['/p/src/app.env.ts', undefined],
      ['/p/clé-privée.txt', 'secretsFile'],
      ['/p/privater-schlüssel.txt', 'secretsFile'],
      ['/p/privée.txt', undefined],
      ['/p/ключ-приватный.txt', 'secretsFile'],
    ];
    for (const [path, expected] of cases) {
      it(`${path}: ${String(expected)}`, () => assert.equal(fileReason(path), expected));
    }
  });

  describe('words for a private key on the line', () => {
    const cases: [string, ReturnType<typeof lineReason>][] = [
      [`clé privée: ${ID}`, 'privateKey'],
      [`key pair: ${ID}`, 'privateKey'],
      [`from_key tx ${ID}`, 'privateKey'],
      [`remember_key tx ${ID}`, 'privateKey'],
      [`signing_key tx ${ID}`, 'privateKey'],
      [`derive_key tx ${ID}`, 'privateKey'],
      [`startBroadcast(${ID})`, 'privateKey'],
      [`HexToECDSA("${ID}")`, 'privateKey'],
      [`deposit: ${ID}`, undefined],
      [`tx broadcast ${ID}`, undefined],
      [`start block ${ID}`, undefined],
      [`tx key ${ID}`, 'privateKey'],
      [`key tx ${ID}`, undefined],
    ];
    for (const [line, expected] of cases) {
      it(`${JSON.stringify(line.replace(ID, '0x…'))}: ${String(expected)}`, () => assert.equal(lineReason(at(line)), expected));
    }
  });

  describe('signers and accounts', () => {
    const cases: [string, ReturnType<typeof lineReason>][] = [
      [`await sign(${ID})`, 'signer'],
      [`signers: ${ID}`, 'signer'],
      [`signer: ${ID}`, 'signer'],
      [`account: ${ID}`, 'accounts'],
      [`accounts: ${ID}`, 'accounts'],
    ];
    for (const [line, expected] of cases) {
      it(`${JSON.stringify(line.replace(ID, '0x…'))}: ${String(expected)}`, () => assert.equal(lineReason(at(line)), expected));
    }
  });

  describe('the name a value is bound to', () => {
    it('a CSV column named deployer_key names a private key', () => {
      const place: IdPlace = { ...at(`1,${ID}`, undefined, '/work/data/txs.csv'), header: 'n,deployer_key' };
      assert.equal(lineReason(place), 'privateKey');
    });
  });

  describe('the lines that describe the ID\u2019s line', () => {
    it('a comment after the ID that names nothing does not hide the comment above', () => {
      assert.equal(lineReason(at(`${ID} # deposit`, ['# private key'])), 'privateKey');
    });

    it('a comment line above that names nothing does not hide the list\u2019s heading', () => {
      assert.equal(lineReason(at(`  ${ID}`, ['# 0x12345678 \\', 'private keys:'])), 'privateKey');
    });

    it('the line the ID\u2019s line continues names the key', () => {
      assert.equal(lineReason(at(`  --legacy ${ID}`, ['cast send --private-key \\'])), 'privateKey');
    });

    it('the header cell of a Markdown column is read as text too (a script word glued to digits)', () => {
      assert.equal(lineReason(at(`| a | ${ID} |`, ['| n | 私钥0123456789abc |'])), 'privateKey');
    });

    it('a heading above a value line names its list', () => {
      assert.equal(lineReason(at(`  ${ID}`, ['Private Keys'])), 'privateKey');
    });

    it('a line with nothing around the ID names nothing', () => {
      assert.equal(lineReason(at(`x ${ID}`)), undefined);
      assert.equal(lineReason(at(`x ${ID}`, ['x = 1'])), undefined);
    });
  });
});
