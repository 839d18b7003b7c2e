import * as assert from 'node:assert/strict';
import { fileEvidence, hoverDecision, type IdContext, idEvidence } from '../../../../src/receipts/model/idEvidence';
import { ABOVE_LINES } from '../../../../src/receipts/model/idText';
import { DEV_KEYS, ID_PLACEMENTS, KEY_PLACEMENTS, placed, type Placement, TX_HASH } from '../../../fixtures/secretPlacements';

const ID68 = `${TX_HASH}0000`;

/** The hover's context of the marked value, as src/receipts/hover.ts builds it from a document. */
function contextOf(p: Placement, value: string, extra: Partial<IdContext> = {}): IdContext {
  const { text, line, character } = placed(p, value);
  const lines = text.split('\n');
  const ctx: IdContext = {
    path: p.path,
    line: lines[line] ?? '',
    start: character,
    end: character + value.length,
    above: lines.slice(Math.max(0, line - ABOVE_LINES), line).reverse(),
    shape: value.length === 66 ? 'hex64' : 'hex68',
    ...extra,
  };
  if (p.languageId !== undefined) ctx.languageId = p.languageId;
  const below = lines[line + 1];
  if (below !== undefined) ctx.below = below;
  return ctx;
}

describe('receipts/model/idEvidence', () => {
  describe('a private key is never looked up without a click', () => {
    assert.ok(KEY_PLACEMENTS.length >= 45, `at least 45 placements (${KEY_PLACEMENTS.length})`);
    for (const p of KEY_PLACEMENTS) {
      const key = DEV_KEYS[1];
      it(`${p.title}: ${p.expect === 'secret' ? 'the Look up asks first, naming what was seen' : 'offered, not sent'}`, () => {
        const decision = hoverDecision(contextOf(p, key));
        assert.equal(decision.kind, p.expect, JSON.stringify(decision));
      });
    }
  });

  describe('a transaction or request ID is looked up by itself', () => {
    for (const p of ID_PLACEMENTS) {
      it(p.title, () => {
        const decision = hoverDecision(contextOf(p, TX_HASH));
        assert.equal(decision.kind, 'lookUp', JSON.stringify(decision));
      });
    }
  });

  it('a 68-hex Stardust request ID is looked up without evidence, as before, unless a secret is named', () => {
    const plain: Placement = { title: '', path: '/p/a.txt', text: 'x @ID' };
    assert.deepEqual(hoverDecision(contextOf(plain, ID68)), { kind: 'lookUp', evidence: 'requestId' });
    assert.deepEqual(hoverDecision(contextOf(plain, TX_HASH)), { kind: 'offer' });
    const named: Placement = { title: '', path: '/p/a.txt', text: 'PRIVATE_KEY=@ID' };
    assert.deepEqual(hoverDecision(contextOf(named, ID68)), { kind: 'secret', verdict: { line: 'privateKey' } });
  });

  it('an ID the extension holds a receipt for (or watches) is looked up wherever it is written', () => {
    const named: Placement = { title: '', path: '/p/.env', text: 'PRIVATE_KEY=@ID' };
    assert.equal(hoverDecision(contextOf(named, TX_HASH)).kind, 'secret');
    assert.deepEqual(hoverDecision(contextOf(named, TX_HASH, { known: true })), { kind: 'lookUp', evidence: 'known' });
    assert.deepEqual(hoverDecision(contextOf({ title: '', path: '/p/a.txt', text: 'x @ID' }, TX_HASH, { known: false })), { kind: 'offer' });
  });

  it('says which evidence it found', () => {
    const ev = (text: string, path = '/p/a.ts') => idEvidence(contextOf({ title: '', path, text }, TX_HASH));
    assert.equal(ev('const DEPLOY_TX = "@ID";'), 'named');
    assert.equal(ev('const id = "@ID";'), 'named');
    assert.equal(ev('request @ID added'), 'words');
    assert.equal(ev('x(@ID) // the deploy tx'), 'words');
    assert.equal(ev('await getReceipt(x);\nfoo("@ID");'), 'nearby');
    assert.equal(ev('x @ID', '/p/node.log'), 'logFile');
    assert.equal(ev('"@ID"', '/p/broadcast/Deploy.s.sol/1/run-1.json'), 'toolchain');
    assert.equal(ev('x @ID'), undefined);
  });

  it('lets the assigned name decide: no word elsewhere on or near the line makes a named value an ID', () => {
    const ev = (text: string) => idEvidence(contextOf({ title: '', path: '/p/a.ts', text }, TX_HASH));
    assert.equal(ev('// the deploy tx sender\nDEPLOYER = "@ID"'), undefined);
    assert.equal(ev('DEPLOYER = "@ID" // pays for the tx'), undefined);
    assert.equal(ev('tx = 1; DEPLOYER = "@ID"'), undefined);
    assert.equal(ev('DEPLOYER = "@ID"\nDEPLOY_TX = "0x1234567890"'), undefined);
  });

  it('reads only the last words before the ID, not the start of a long sentence', () => {
    const ev = (text: string) => idEvidence(contextOf({ title: '', path: '/p/a.txt', text }, TX_HASH));
    assert.equal(ev('the tx was sent from a wallet whose owner is @ID'), undefined);
    assert.equal(ev('the owner of the tx is @ID'), 'words');
  });

  it('does not take a list head across a blank line as evidence', () => {
    const ev = (text: string) => idEvidence(contextOf({ title: '', path: '/p/a.txt', text }, TX_HASH));
    assert.equal(ev('Transactions:\n  @ID'), 'nearby');
    assert.equal(ev('Transactions:\n\n  @ID'), undefined);
  });

  it('knows logs and toolchain records by their path', () => {
    assert.equal(fileEvidence('/p/wasp.log'), 'logFile');
    assert.equal(fileEvidence('/p/wasp.log.3'), 'logFile');
    assert.equal(fileEvidence('C:\\p\\logs\\wasp.LOG'), 'logFile');
    assert.equal(fileEvidence('Untitled-1', 'log'), 'logFile');
    assert.equal(fileEvidence('/p/catalog.ts'), undefined);
    assert.equal(fileEvidence('/p/broadcast/Deploy.s.sol/1075/run-latest.json'), 'toolchain');
    assert.equal(fileEvidence('/p/broadcast.json'), undefined);
    assert.equal(fileEvidence('/p/ignition/deployments/chain-1/journal.jsonl'), 'toolchain');
    assert.equal(fileEvidence('/p/journal.jsonl'), undefined);
  });
});
