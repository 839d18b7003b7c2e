import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, openSync, ftruncateSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type * as z from 'zod/mini';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedReceiptSchema, type RebasedReceipt } from '../../../src/api/rebasedSchemas';
import { ReceiptSchema, type Receipt } from '../../../src/api/stardustSchemas';
import { abiOfJson, AbiIndex, canonicalType, parseAbiItem, parseAbiText, type AbiItem, type AbiParam } from '../../../src/evm/model/abiIndex';
import { decodeCustomError, decodedLine, decodeFunctionCall, decodeLog, loadAbiCoder, type AbiCoder } from '../../../src/evm/model/decode';
import { explainEvm, explanationLines, explanationRows } from '../../../src/receipts/model/evmExplain';
import { abiFileKind, scanIntoIndex, type ScanFile, type ScanIo } from '../../../src/workspace/model/scan';
import { nodeScanIo } from '../../../src/workspace/nodeScanIo';
import { buildReceiptView } from '../../../src/receipts/model/receiptView';
import { openedBytes } from '../../fixtures/abiFiles';
import { evmParam, tx1559, txLegacy } from '../../fixtures/rlp';

type Encode = (params: readonly AbiParam[], values: readonly unknown[]) => string;

/** The ABI coder under test and ox's encoder (a test-only fixture) to build inputs with. */
async function loadCodecs(): Promise<{ coder: AbiCoder; encode: Encode }> {
  const ox = await import('../../fixtures/evmEncode.mjs');
  return { coder: await loadAbiCoder(), encode: (params, values) => ox.encodeAbiParameters(params as never, values as never) };
}

const FIXTURES = join(process.cwd(), 'test/fixtures/evm');
const HARDHAT = join(FIXTURES, 'hardhat/artifacts/contracts/Vault.sol/Vault.json');
const FOUNDRY = join(FIXTURES, 'foundry/out/Vault.sol/Vault.json');
const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

function vaultItems(): AbiItem[] {
  const parsed = parseAbiText(readFileSync(HARDHAT, 'utf8'));
  assert.ok(parsed);
  return parsed.items;
}

function item(kind: AbiItem['kind'], signature: string): AbiItem {
  const found = vaultItems().find((i) => i.kind === kind && i.signature === signature);
  assert.ok(found, signature);
  return found;
}

function indexWithVault(): AbiIndex {
  const index = new AbiIndex();
  index.setFile('file:///w/artifacts/contracts/Vault.sol/Vault.json', 'artifacts/contracts/Vault.sol/Vault.json', vaultItems());
  return index;
}

describe('evm/model/abiIndex', () => {
  it('reads Hardhat and Foundry build outputs of the same contract alike, constructor left out', () => {
    const hh = parseAbiText(readFileSync(HARDHAT, 'utf8'));
    const fo = parseAbiText(readFileSync(FOUNDRY, 'utf8'));
    assert.ok(hh && fo);
    assert.deepEqual(
      hh.items.map((i) => i.signature),
      fo.items.map((i) => i.signature),
    );
    assert.equal(hh.skipped, 0);
    assert.deepEqual(hh.items.map((i) => `${i.kind} ${i.signature}`).sort(), [
      'error BadOrder((uint64,(address,uint256)[],bytes32),string)',
      'error InsufficientBalance(uint256,uint256)',
      'error TooMany(address[],int8,bool)',
      'event Deposited(address,uint256,string)',
      'event OrderPlaced(uint64,(uint64,(address,uint256)[],bytes32))',
      'function balances(address)',
      'function deposit(string)',
      'function place((uint64,(address,uint256)[],bytes32))',
      'function transfer(address,uint256)',
      'function transfer(address,uint256,bytes)',
    ]);
  });

  it('computes the selectors and topics Solidity does (well-known values)', () => {
    assert.equal(item('function', 'transfer(address,uint256)').selector, '0xa9059cbb');
    const transferEvent = parseAbiItem({
      type: 'event',
      name: 'Transfer',
      inputs: [
        { name: 'from', type: 'address', indexed: true },
        { name: 'to', type: 'address', indexed: true },
        { name: 'value', type: 'uint256' },
      ],
    });
    assert.equal(transferEvent?.selector, '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    // The canonical type of `uint` is uint256, also in arrays.
    assert.equal(canonicalType({ name: '', type: 'uint[]' }), 'uint256[]');
    assert.equal(parseAbiItem({ name: 'f', inputs: [{ type: 'uint' }] })?.signature, 'f(uint256)');
  });

  it('skips and counts hostile or malformed entries, never throws', () => {
    const parsed = abiOfJson({
      abi: [
        { type: 'function', name: 'ok', inputs: [] },
        { type: 'function', name: 'bad\u202ename', inputs: [] },
        { type: 'function', name: 'f', inputs: [{ type: 'uint7' }] },
        { type: 'error', name: 'E', inputs: [{ type: 'tuple' }] },
        { type: 'event', name: 'Deep', inputs: [nest(20)] },
        { type: 'constructor', inputs: [] },
        null,
        'function x()',
      ],
    });
    assert.ok(parsed);
    assert.deepEqual(
      parsed.items.map((i) => i.name),
      ['ok'],
    );
    assert.equal(parsed.skipped, 6);
    assert.equal(parseAbiText('{"abi": [ { "type": "function", '), undefined);
    assert.equal(parseAbiText('{"contractName": "NoAbi"}'), undefined);
  });

  it('an item declared by several files is one entry with both sources; removing a file removes its items', () => {
    const index = indexWithVault();
    index.setFile('file:///w/out/Vault.sol/Vault.json', 'out/Vault.sol/Vault.json', vaultItems());
    const found = index.errors(item('error', 'InsufficientBalance(uint256,uint256)').selector);
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]?.sources, ['artifacts/contracts/Vault.sol/Vault.json', 'out/Vault.sol/Vault.json']);
    index.removeWhere((k) => k.startsWith('file:///w/'));
    assert.equal(index.errors(item('error', 'InsufficientBalance(uint256,uint256)').selector).length, 0);
  });
});

function nest(depth: number): unknown {
  return depth === 0 ? { type: 'uint256', name: 'x' } : { type: 'tuple', name: 'n', components: [nest(depth - 1)] };
}

describe('evm/model/decode', () => {
  let coder: AbiCoder;
  let encode: Encode;
  before(async () => {
    ({ coder, encode } = await loadCodecs());
  });

  function revert(signature: string, values: unknown[]): string {
    const e = item('error', signature);
    return e.selector + encode(e.inputs, values).slice(2);
  }

  it('a custom error with uint256 arguments: names and exact values (2^255 stays exact)', () => {
    const d = decodeCustomError(coder, indexWithVault(), revert('InsufficientBalance(uint256,uint256)', [10n, 2n ** 255n]));
    assert.ok(d.ok);
    assert.equal(d.item.name, 'InsufficientBalance');
    assert.deepEqual(
      d.item.args.map((a) => [a.name, a.type, a.value]),
      [
        ['available', 'uint256', '10'],
        ['required', 'uint256', (2n ** 255n).toString()],
      ],
    );
    assert.equal(decodedLine(d.item), `InsufficientBalance(available: 10, required: ${2n ** 255n})`);
  });

  it('nested tuples with a dynamic array of tuples, and a string', () => {
    const order = {
      id: 7n,
      legs: [
        { to: ALICE.toLowerCase(), amount: 1n },
        { to: BOB, amount: 2n ** 64n },
      ],
      tag: `0x${'ab'.repeat(32)}`,
    };
    const d = decodeCustomError(coder, indexWithVault(), revert('BadOrder((uint64,(address,uint256)[],bytes32),string)', [order, 'no legs']));
    assert.ok(d.ok);
    assert.equal(d.item.args[0]?.value, `(id: 7, legs: [(to: ${ALICE}, amount: 1), (to: ${BOB}, amount: ${2n ** 64n})], tag: 0x${'ab'.repeat(32)})`);
    assert.equal(d.item.args[1]?.value, '"no legs"');
  });

  it('a dynamic address array (EIP-55), a negative int8 and a bool', () => {
    const d = decodeCustomError(coder, indexWithVault(), revert('TooMany(address[],int8,bool)', [[ALICE.toLowerCase(), BOB.toLowerCase()], -5, true]));
    assert.ok(d.ok);
    assert.deepEqual(
      d.item.args.map((a) => a.value),
      [`[${ALICE}, ${BOB}]`, '-5', 'true'],
    );
  });

  it('an unknown selector says so with the selector; data that does not fit the ABI is not decoded', () => {
    const unknown = decodeCustomError(coder, indexWithVault(), `0xdeadbeef${'00'.repeat(32)}`);
    assert.deepEqual(unknown, { ok: false, selector: '0xdeadbeef', reason: 'unknown' });
    const sel = item('error', 'InsufficientBalance(uint256,uint256)').selector;
    assert.deepEqual(decodeCustomError(coder, indexWithVault(), `${sel}${'00'.repeat(32)}`), { ok: false, selector: sel, reason: 'undecodable' });
    // A hostile offset past the end of a dynamic argument.
    const bad = item('error', 'TooMany(address[],int8,bool)').selector + 'ff'.repeat(32) + '00'.repeat(64);
    assert.equal(decodeCustomError(coder, indexWithVault(), bad).ok, false);
    assert.equal(decodeCustomError(coder, indexWithVault(), 'zz').ok, false);
  });

  it('an overloaded function: each overload by its own selector', () => {
    const two = item('function', 'transfer(address,uint256)');
    const three = item('function', 'transfer(address,uint256,bytes)');
    assert.notEqual(two.selector, three.selector);
    const a = decodeFunctionCall(coder, indexWithVault(), two.selector + encode(two.inputs, [BOB, 5n]).slice(2));
    const b = decodeFunctionCall(coder, indexWithVault(), three.selector + encode(three.inputs, [BOB, 5n, '0x0102']).slice(2));
    assert.ok(a.ok && b.ok);
    assert.equal(decodedLine(a.item), `transfer(to: ${BOB}, amount: 5)`);
    assert.equal(b.item.signature, 'transfer(address,uint256,bytes)');
    assert.equal(b.item.args[2]?.value, '0x0102');
  });

  it("the workspace's ABI names the arguments before a shipped one of the same signature", () => {
    const index = new AbiIndex();
    const erc20 = parseAbiText(readFileSync(join(process.cwd(), 'media/abis/erc20.abi.json'), 'utf8'));
    assert.ok(erc20);
    index.setFile('builtin:erc20.abi.json', 'erc20 (shipped with the extension)', erc20.items);
    index.setFile('file:///w/Vault.json', 'Vault.json', vaultItems());
    const two = item('function', 'transfer(address,uint256)');
    const d = decodeFunctionCall(coder, index, two.selector + encode(two.inputs, [BOB, 5n]).slice(2));
    assert.ok(d.ok);
    assert.equal(decodedLine(d.item), `transfer(to: ${BOB}, amount: 5)`);
  });

  it('decodes a log: indexed address from the topics, the rest from data', () => {
    const e = item('event', 'Deposited(address,uint256,string)');
    const plain = e.inputs.filter((p) => !p.indexed);
    const d = decodeLog(coder, indexWithVault(), {
      address: BOB,
      topics: [e.selector, `0x${'00'.repeat(12)}${ALICE.slice(2).toLowerCase()}`],
      data: encode(plain, [1000n, 'for rent']),
    });
    assert.ok(d.ok);
    assert.equal(decodedLine(d.item), `Deposited(from: ${ALICE}, amount: 1000, note: "for rent")`);
    assert.equal(decodeLog(coder, indexWithVault(), { address: BOB, topics: [e.selector], data: '0x' }).ok, false);
  });
});

type Wire = z.input<typeof RebasedReceiptSchema>;
function rebasedReceipt(patch: (body: Wire) => void): RebasedReceipt {
  const body = parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased/receipt-success-evm.json'), 'utf8')) as Wire;
  patch(body);
  return RebasedReceiptSchema.parse(body);
}

describe('evm/model/explain', () => {
  let coder: AbiCoder;
  let encode: Encode;
  before(async () => {
    ({ coder, encode } = await loadCodecs());
  });

  it('a legacy transaction calling place(): the decoded call, rows and hover line', () => {
    const place = item('function', 'place((uint64,(address,uint256)[],bytes32))');
    const data = place.selector + encode(place.inputs, [{ id: 1n, legs: [], tag: `0x${'00'.repeat(32)}` }]).slice(2);
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 10n ** 10n, to: BOB, data }), false);
    const receipt = rebasedReceipt((b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
    });
    const view = buildReceiptView(receipt);
    const e = explainEvm(coder, indexWithVault(), receipt, view);
    assert.ok(e?.call && !e.call.creation && e.call.decoded.ok);
    assert.deepEqual(explanationLines(e), [`Calls place(order: (id: 1, legs: [], tag: 0x${'00'.repeat(32)}))`]);
    const rows = explanationRows(e, view);
    assert.equal(rows[0]?.field, 'evmCall');
    assert.equal(rows[0]?.value, 'place');
  });

  it('explorer rows: the transaction, its recipient and each address argument, on the explorer of the node EVM chain ID', () => {
    const transfer = item('function', 'transfer(address,uint256)');
    const other = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const data = transfer.selector + encode(transfer.inputs, [other, 5n]).slice(2);
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 10n ** 10n, to: BOB, data }), false);
    const receipt = rebasedReceipt((b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
    });
    const view = buildReceiptView(receipt);
    const e = explainEvm(coder, indexWithVault(), receipt, view);
    assert.ok(e);
    const links = (rows: ReturnType<typeof explanationRows>) => rows.filter((r) => r.link).map((r) => [r.field, r.link?.url]);
    const base = 'https://explorer.evm.iota.org';
    assert.deepEqual(links(explanationRows(e, view, undefined, undefined, 8822n)), [
      ['evmExplorerTx', `${base}/tx/${requestId.toLowerCase()}`],
      ['evmExplorerTo', `${base}/address/${BOB}`],
      ['evmExplorerFrom', `${base}/address/${view.sender.raw}`],
      ['evmExplorerArg0', `${base}/address/${other}`],
    ]);
    // A hostile configured explorer (a query would swallow the path) gives no link at all.
    assert.deepEqual(links(explanationRows(e, view, undefined, 'https://scan.example/?next=', 8822n)), []);
  });

  it('an EIP-1559 contract creation says so, with no function', () => {
    const bytecode = JSON.parse(readFileSync(HARDHAT, 'utf8')).bytecode as string;
    const { param, requestId } = evmParam(tx1559({ maxFee: 10n ** 10n, data: bytecode + encode([{ name: 'seed', type: 'uint256' }], [1n]).slice(2) }), true);
    const receipt = rebasedReceipt((b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
    });
    const e = explainEvm(coder, indexWithVault(), receipt, buildReceiptView(receipt));
    assert.deepEqual(e?.call, { creation: true });
    assert.deepEqual(explanationLines(e!), ['Contract creation']);
  });

  it('a reverted custom error in the receipt: decoded; with an empty index: the selector, and that no ABI declares it', () => {
    const data = revertHex('InsufficientBalance(uint256,uint256)', [3n, 4n], encode);
    const receipt = rebasedReceipt((b) => {
      b.rawError = { code: 'a774', params: [`${data.slice(2)}:string`] };
      b.errorMessage = `execution reverted: ${data.slice(2)}`;
    });
    const view = buildReceiptView(receipt);
    assert.equal(view.error?.revertData, data);
    const e = explainEvm(coder, indexWithVault(), receipt, view);
    assert.deepEqual(explanationLines(e!)[0], 'Custom error: InsufficientBalance(available: 3, required: 4)');
    const none = explainEvm(coder, new AbiIndex(), receipt, view);
    assert.equal(explanationLines(none!)[0], `Reverted with custom error ${data.slice(0, 10)} (data ${data}): no ABI in the workspace declares it`);
  });

  it('hostile values stay text: a bidi override in a string argument is revealed in the hover line and the row', () => {
    const e = item('error', 'BadOrder((uint64,(address,uint256)[],bytes32),string)');
    const order = { id: 1n, legs: [], tag: `0x${'00'.repeat(32)}` };
    const data = e.selector + encode(e.inputs, [order, 'ok\u202e[x](command:evil) gnp.exe']).slice(2);
    const receipt = rebasedReceipt((b) => {
      b.rawError = { code: 'a774', params: [`${data.slice(2)}:string`] };
      b.errorMessage = `execution reverted: ${data.slice(2)}`;
    });
    const view = buildReceiptView(receipt);
    const ex = explainEvm(coder, indexWithVault(), receipt, view);
    assert.ok(ex);
    const line = explanationLines(ex)[0] ?? '';
    assert.ok(!line.includes('\u202e') && line.includes('⟨U+202E⟩'), line);
    const reason = explanationRows(ex, view).find((r) => r.field === 'evmErrorArg1');
    assert.ok(reason && !reason.value.includes('\u202e') && reason.value.includes('⟨U+202E⟩'), reason?.value);
    assert.equal(reason.copy?.text, JSON.stringify('ok\u202e[x](command:evil) gnp.exe'), 'the copy is the exact value');
  });

  it('a Stardust EVM request: the 0x74 item decoded (legacy, EIP-155)', () => {
    const body = parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/receipt-success-evm.json'), 'utf8'));
    const receipt: Receipt = ReceiptSchema.parse(body);
    const e = explainEvm(coder, indexWithVault(), receipt, buildReceiptView(receipt));
    assert.ok(e?.stardustTx?.ok, e?.stardustTx?.ok === false ? e.stardustTx.error : 'no transaction');
    assert.equal(e.stardustTx.tx.type, 0);
    assert.match(explanationLines(e)[0] ?? '', /^EVM transaction: to 0x[0-9a-fA-F]{6}…[0-9a-fA-F]{6}, .*legacy, nonce \d+/);
  });
});

function revertHex(signature: string, values: unknown[], encode: Encode): string {
  const e = item('error', signature);
  return e.selector + encode(e.inputs, values).slice(2);
}

describe('evm/model/scan', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'wasp-abi-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function put(path: string, text: string): void {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  function walk(at: string): string[] {
    return readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(at, e.name)) : [join(at, e.name)]));
  }

  it('reads the toolchains’ outputs, skips node_modules (a 50 MB JSON there is never read), a large file unread, a malformed one counted', async () => {
    const vault = readFileSync(HARDHAT, 'utf8');
    put('artifacts/contracts/Vault.sol/Vault.json', vault);
    put('artifacts/contracts/Vault.sol/Vault.dbg.json', '{"buildInfo": "x"}');
    put('out/Vault.sol/Vault.json', readFileSync(FOUNDRY, 'utf8'));
    put('build/contracts/Vault.json', vault);
    put('abis/Token.abi.json', JSON.stringify(JSON.parse(vault).abi));
    put('artifacts/broken.json', '{"abi": [');
    put('artifacts/cache.json', '{"files": {}}');
    put('src/notes.json', vault);
    // 50 MB, sparse: in node_modules (excluded by path) and under artifacts (too large: stat, never read).
    for (const path of ['node_modules/big/artifacts/Big.json', 'artifacts/Huge.json']) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      const fd = openSync(join(dir, path), 'w');
      ftruncateSync(fd, 50 * 1024 * 1024);
      closeSync(fd);
    }
    const rel = (p: string) => relative(dir, p).split(sep).join('/');
    const found = walk(dir).filter((p) => abiFileKind(rel(p)) !== undefined);
    assert.ok(!found.some((p) => rel(p).startsWith('node_modules/')));
    assert.ok(!found.some((p) => rel(p).endsWith('.dbg.json') || rel(p) === 'src/notes.json'));
    const reads: string[] = [];
    const io: ScanIo<string> = {
      open: async (f) => {
        const opened = await nodeScanIo.open(f);
        if ('chunks' in opened) {
          const chunks = opened.chunks;
          opened.chunks = (async function* () {
            for await (const c of chunks) {
              reads.push(rel(f.uri));
              yield c;
            }
          })();
        }
        return opened;
      },
    };
    const files: ScanFile<string>[] = found.map((p) => ({ uri: p, folder: dir, key: p, label: rel(p) }));
    const index = new AbiIndex();
    const report = await scanIntoIndex(index, files, io);
    assert.deepEqual(
      { ...report, millis: 0 },
      { indexed: 4, noAbi: 1, malformed: 1, tooLarge: 1, refused: 0, overBudget: 0, leftOut: 0, badItems: 0, millis: 0 },
    );
    assert.ok(!reads.includes('artifacts/Huge.json'));
    assert.equal(index.errors(item('error', 'InsufficientBalance(uint256,uint256)').selector)[0]?.sources.length, 4);
    assert.deepEqual(
      ['hardhat', 'foundry', 'truffle', 'abi'],
      ['artifacts/a/B.json', 'out/B.sol/B.json', 'build/contracts/B.json', 'x/B.abi.json'].map(abiFileKind),
    );
  });

  it('stops at the file cap and the time cap, counting what it left out', async () => {
    const files: ScanFile<string>[] = Array.from({ length: 10 }, (_, i) => ({ uri: `${i}`, folder: '/w', key: `${i}`, label: `${i}` }));
    const io: ScanIo<string> = { open: async () => openedBytes(new TextEncoder().encode('[]')) };
    const capped = await scanIntoIndex(new AbiIndex(), files, io, { maxFiles: 3, maxFileBytes: 100, maxMillis: 1e9 });
    assert.equal(capped.indexed, 3);
    assert.equal(capped.leftOut, 7);
    let clock = 0;
    const slow = await scanIntoIndex(new AbiIndex(), files, io, { maxFiles: 100, maxFileBytes: 100, maxMillis: 50 }, () => (clock += 20));
    assert.ok(slow.leftOut > 0 && slow.indexed + slow.leftOut === 10, JSON.stringify(slow));
  });
});
