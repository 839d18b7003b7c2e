import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../fixtures/paths';
import { hoverDecision, type IdContext, idEvidence, toolchainRecord } from '../../../../src/receipts/model/idEvidence';
import { ABOVE_LINES } from '../../../../src/receipts/model/idText';
import { DEV_KEYS, ID_PLACEMENTS, KEY_PLACEMENTS, placed, type Placement, TX_HASH, UNBOUND_ID_PLACEMENTS } from '../../../fixtures/secretPlacements';

const ID68 = `${TX_HASH}0000`;
const REPO = repoRoot(__dirname);

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
  if (line === 0) ctx.isFirstLine = true;
  else ctx.header = lines[0] ?? '';
  return ctx;
}

/** The ten kinds of file the corpus must cover, by path. */
function fileKind(p: Placement): string {
  const base = (p.path.split('/').pop() ?? '').toLowerCase();
  if (p.languageId === 'log' || /\.log(\.\d+)?$/.test(base)) return 'log';
  if (base.startsWith('.env') || base.endsWith('.env') || base === 'env.local') return 'env';
  if (base.endsWith('_history')) return 'shell history';
  if (base.endsWith('.ipynb')) return 'notebook';
  if (base.endsWith('.json') || base.endsWith('.jsonl')) return 'JSON';
  if (base.endsWith('.yml') || base.endsWith('.yaml')) return 'YAML';
  if (base.endsWith('.toml')) return 'TOML';
  if (base.endsWith('.csv') || base.endsWith('.tsv')) return 'CSV';
  if (base.endsWith('.md')) return 'Markdown';
  return 'source';
}

describe('receipts/model/idEvidence', () => {
  describe('a private key is never looked up without a click', () => {
    it('the corpus holds at least 60 key layouts in the ten kinds of file', () => {
      assert.ok(KEY_PLACEMENTS.length >= 60, `${KEY_PLACEMENTS.length} layouts`);
      const kinds = new Set(KEY_PLACEMENTS.map(fileKind));
      assert.deepEqual([...kinds].sort(), ['CSV', 'JSON', 'Markdown', 'TOML', 'YAML', 'env', 'log', 'notebook', 'shell history', 'source']);
    });
    for (const p of KEY_PLACEMENTS) {
      const key = DEV_KEYS[1];
      it(`${p.title} (${fileKind(p)}): ${p.expect === 'secret' ? 'the Look up asks first, naming what was seen' : 'offered, not sent'}`, () => {
        const decision = hoverDecision(contextOf(p, key));
        assert.equal(decision.kind, p.expect, JSON.stringify(decision));
      });
    }
  });

  describe('a transaction or request ID bound to an ID name is looked up by itself', () => {
    it('the corpus holds at least 25 ID layouts', () => assert.ok(ID_PLACEMENTS.length >= 25, `${ID_PLACEMENTS.length} layouts`));
    for (const p of ID_PLACEMENTS) {
      it(p.title, () => {
        const decision = hoverDecision(contextOf(p, TX_HASH));
        assert.equal(decision.kind, 'lookUp', JSON.stringify(decision));
      });
    }
  });

  describe('an ID with only words around it is offered, not sent', () => {
    for (const p of UNBOUND_ID_PLACEMENTS) {
      it(p.title, () => assert.deepEqual(hoverDecision(contextOf(p, TX_HASH)), { kind: 'offer' }));
    }
  });

  it('a 68-hex Stardust request ID is looked up without evidence, as before, unless a secret is named', () => {
    const plain: Placement = { title: '', path: '/p/a.txt', text: 'x @ID' };
    assert.deepEqual(hoverDecision(contextOf(plain, ID68)), { kind: 'lookUp', evidence: 'requestId' });
    assert.deepEqual(hoverDecision(contextOf(plain, TX_HASH)), { kind: 'offer' });
    const named: Placement = { title: '', path: '/p/a.txt', text: 'PRIVATE_KEY=@ID' };
    assert.deepEqual(hoverDecision(contextOf(named, ID68)), { kind: 'secret', verdict: { line: 'privateKey' } });
  });

  it('an ID the extension knows from a node is looked up wherever it is written', () => {
    const named: Placement = { title: '', path: '/p/.env', text: 'PRIVATE_KEY=@ID' };
    assert.equal(hoverDecision(contextOf(named, TX_HASH)).kind, 'secret');
    assert.deepEqual(hoverDecision(contextOf(named, TX_HASH, { known: true })), { kind: 'lookUp', evidence: 'known' });
    assert.deepEqual(hoverDecision(contextOf({ title: '', path: '/p/a.txt', text: 'x @ID' }, TX_HASH, { known: false })), { kind: 'offer' });
  });

  it('says which evidence it found: a bound name, or a toolchain record field', () => {
    const ev = (text: string, path = '/p/a.ts') => idEvidence(contextOf({ title: '', path, text }, TX_HASH));
    assert.equal(ev('const DEPLOY_TX = "@ID";'), 'bound');
    assert.equal(ev('  "hash": "@ID",', '/p/broadcast/Deploy.s.sol/1/run-latest.json'), 'toolchain');
    assert.equal(ev('  "blockHash": "@ID",', '/p/broadcast/Deploy.s.sol/1/run-latest.json'), 'bound');
    assert.equal(ev('{"hash":"@ID"}', '/p/ignition/deployments/chain-1/journal.jsonl'), 'toolchain');
    assert.equal(ev('  "transactionHash": "@ID",', '/p/deployments/sepolia/Token.json'), 'toolchain');
    assert.equal(ev('x @ID'), undefined);
  });

  it('lets the bound name decide: no word elsewhere on or near the line makes a value an ID', () => {
    const ev = (text: string) => idEvidence(contextOf({ title: '', path: '/p/a.ts', text }, TX_HASH));
    assert.equal(ev('// the deploy tx sender\nDEPLOYER = "@ID"'), undefined);
    assert.equal(ev('DEPLOYER = "@ID" // pays for the tx'), undefined);
    assert.equal(ev('tx = 1; DEPLOYER = "@ID"'), undefined);
    assert.equal(ev('DEPLOYER = "@ID"\nDEPLOY_TX = "0x1234567890"'), undefined);
    assert.equal(ev('DEPLOY_TX = "0x1234567890"\nDEPLOYER = "@ID"'), undefined);
    assert.equal(ev('DEPLOYER=0x1234567890 DEPLOY_TX=@ID'), 'bound');
  });

  it('takes a name by whole words: it must end in an ID word and hold no secret or actor word', () => {
    const ev = (name: string) => idEvidence(contextOf({ title: '', path: '/p/a.ts', text: `${name} = "@ID"` }, TX_HASH));
    for (const name of [
      'txHash',
      'TX_HASH',
      'tx-hash',
      'transactionHash',
      'requestId',
      'request_ID',
      'txid',
      'receiptId',
      'blockHash',
      'depositTxHash2',
      'hashes',
    ])
      assert.equal(ev(name), 'bound', name);
    for (const name of [
      'TX_SENDER',
      'BLOCK_PRODUCER',
      'txSubmitter',
      'keyHash',
      'signerTxHash',
      'ownerTxid',
      'walletTx',
      'hashKey',
      'txHashSalt',
      'block',
      'hashed',
    ])
      assert.equal(ev(name), undefined, name);
  });

  it('follows a conversion call to its name, but not a hash of the value', () => {
    const ev = (text: string) => idEvidence(contextOf({ title: '', path: '/p/main.go', text }, TX_HASH));
    assert.equal(ev('txHash := common.HexToHash("@ID")'), 'bound');
    assert.equal(ev('txHash := crypto.Keccak256Hash("@ID")'), undefined);
    assert.equal(ev('txHash := hashOf("@ID")'), undefined);
  });

  it('reads a list item only under its own opener: another line between breaks the binding', () => {
    const ev = (text: string) => idEvidence(contextOf({ title: '', path: '/p/a.py', text }, TX_HASH));
    assert.equal(ev('tx_hashes = [\n    "@ID",\n]'), 'bound');
    assert.equal(ev('tx_hashes = [\n    1,\n    "@ID",\n]'), undefined);
    assert.equal(ev('tx_hashes = foo(\n    "@ID",\n)'), undefined);
    assert.equal(ev('deploy_txs:\n\n  - @ID'), undefined);
  });

  it("reads a CSV header only from the file's first line, quotes honoured", () => {
    const ev = (text: string) => idEvidence(contextOf({ title: '', path: '/p/a.csv', text }, TX_HASH));
    assert.equal(ev('"a,b",tx_hash\n"x,y",@ID'), 'bound');
    assert.equal(ev('note,tx_hash\nx,y,@ID'), undefined);
    assert.equal(ev('@ID,tx_hash'), undefined);
  });

  it('knows toolchain records by their own layout, not by a folder name', () => {
    assert.equal(toolchainRecord('/p/broadcast/Deploy.s.sol/1075/run-latest.json'), 'foundry');
    assert.equal(toolchainRecord('/p/broadcast/Deploy.s.sol/1075/run-1732000000.json'), 'foundry');
    assert.equal(toolchainRecord('/p/services/broadcast/config.json'), undefined);
    assert.equal(toolchainRecord('/p/broadcast.json'), undefined);
    assert.equal(toolchainRecord('/p/ignition/deployments/chain-1/journal.jsonl'), 'ignition');
    assert.equal(toolchainRecord('/p/journal.jsonl'), undefined);
    assert.equal(toolchainRecord('/p/deployments/iotaEvm/Token.json'), 'hardhatDeploy');
    assert.equal(toolchainRecord('/p/deployments/iotaEvm/.chainId'), undefined);
  });
});

describe('receipts/model/idEvidence: the demo workspace', () => {
  it("every 64-hex ID in the demo's deploy.ts is looked up by itself; its development key asks first", () => {
    const text = readFileSync(join(REPO, 'demo/workspace/deploy.ts'), 'utf8');
    const lines = text.split('\n');
    const decisions: Array<[string, string]> = [];
    lines.forEach((line, n) => {
      for (const m of line.matchAll(/0x[0-9a-f]{64}(?![0-9a-f])/g)) {
        const start = m.index ?? 0;
        const ctx: IdContext = {
          path: '/demo/workspace/deploy.ts',
          line,
          start,
          end: start + 66,
          above: lines.slice(Math.max(0, n - ABOVE_LINES), n).reverse(),
          shape: 'hex64',
          header: lines[0] ?? '',
        };
        decisions.push([m[0], hoverDecision(ctx).kind]);
      }
    });
    assert.ok(decisions.length >= 8, `${decisions.length} 64-hex values`);
    for (const [value, kind] of decisions) assert.equal(kind, value === DEV_KEYS[0] ? 'secret' : 'lookUp', value);
  });
});
