// Token amounts in their units (src/evm/model/tokenAmounts.ts): which decoded arguments are amounts
// of a token, the text "5,000 TKN (5000000000000000000000)", the decimals() and symbol() answers a
// token gives (and the ones it must not be believed on), and the cache that asks a token once.
// The JSON-RPC is a fake fetch here: none of the real peers deploys an ERC-20 (anvil runs the Vault only).
import * as assert from 'node:assert/strict';
import type { DecodedItem } from '../../../../src/evm/model/decode';
import { fetchTokenUnits, tokenAmountArgs, tokenAmountText, TokenUnitsCache } from '../../../../src/evm/model/tokenAmounts';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const abiString = (s: string) => `0x${word(32)}${word(s.length)}${Buffer.from(s).toString('hex').padEnd(64, '0')}`;

function item(kind: DecodedItem['kind'], name: string, args: DecodedItem['args']): DecodedItem {
  return { kind, name, signature: `${name}()`, selector: '0x00000000', args, sources: ['Token.json'] };
}

/** A fake JSON-RPC answering eth_call by the call's data; what it was asked is kept. */
function tokenNode(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { method: string; params: [{ to: string; data: string }, string] };
    asked.push(`${body.method} ${body.params[0].to} ${body.params[0].data}`);
    const answer = answers[body.params[0].data];
    const reply =
      answer === undefined ? { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted' } } : { jsonrpc: '2.0', id: 1, result: answer };
    return new Response(JSON.stringify(reply), { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('evm/model/tokenAmounts: which arguments are amounts of a token', () => {
  it("the uint256 arguments of transfer, transferFrom, approve, mint and burn, and of a Transfer or Approval event's data", () => {
    const to = { name: 'to', type: 'address', value: TOKEN };
    const amount = { name: 'amount', type: 'uint256', value: '5000000000000000000000' };
    for (const name of ['transfer', 'transferFrom', 'approve', 'mint', 'burn'])
      assert.deepEqual(tokenAmountArgs(item('function', name, [to, amount])), [1], name);
    assert.deepEqual(tokenAmountArgs(item('event', 'Transfer', [{ ...to, indexed: true }, { ...to, indexed: true }, amount])), [2]);
    assert.deepEqual(tokenAmountArgs(item('event', 'Approval', [amount])), [0]);
  });

  it('not an indexed uint256 (an NFT id in its Transfer), another function, an error, or a uint of another width', () => {
    const id = { name: 'tokenId', type: 'uint256', value: '7', indexed: true };
    assert.deepEqual(tokenAmountArgs(item('event', 'Transfer', [id])), []);
    assert.deepEqual(tokenAmountArgs(item('function', 'deposit', [{ name: 'amount', type: 'uint256', value: '5' }])), []);
    assert.deepEqual(tokenAmountArgs(item('error', 'transfer', [{ name: 'amount', type: 'uint256', value: '5' }])), []);
    assert.deepEqual(tokenAmountArgs(item('function', 'transfer', [{ name: 'amount', type: 'uint128', value: '5' }])), []);
  });
});

describe('evm/model/tokenAmounts: the amount in its units', () => {
  it('"5,000 TKN (5000000000000000000000)": grouped, without trailing zeros, the exact integer beside', () => {
    assert.equal(tokenAmountText('5000000000000000000000', { decimals: 18, symbol: 'TKN' }), '5,000 TKN (5000000000000000000000)');
    assert.equal(tokenAmountText('1500000', { decimals: 6, symbol: 'USDC' }), '1.5 USDC (1500000)');
    assert.equal(tokenAmountText('1', { decimals: 18 }), '0.000000000000000001 (1)');
    assert.equal(tokenAmountText('42', { decimals: 0, symbol: 'X' }), '42 X (42)');
    const max = (2n ** 256n - 1n).toString();
    assert.equal(tokenAmountText(max, { decimals: 18, symbol: 'T' }).endsWith(`T (${max})`), true, 'a uint256 stays exact');
    assert.equal(tokenAmountText('not a number', { decimals: 18 }), 'not a number');
  });
});

describe("evm/model/tokenAmounts: a token's decimals() and symbol(), asked of the JSON-RPC", () => {
  it('reads decimals() as one word of 0..77 and symbol() as an ABI string or a bytes32', async () => {
    const node = tokenNode({ '0x313ce567': `0x${word(18)}`, '0x95d89b41': abiString('TKN') });
    assert.deepEqual(await fetchTokenUnits('https://rpc.example/evm', TOKEN, { fetch: node.fetch }), { decimals: 18, symbol: 'TKN' });
    assert.deepEqual(node.asked.sort(), [`eth_call ${TOKEN} 0x313ce567`, `eth_call ${TOKEN} 0x95d89b41`]);
    const mkr = tokenNode({ '0x313ce567': `0x${word(18)}`, '0x95d89b41': `0x${Buffer.from('MKR').toString('hex').padEnd(64, '0')}` });
    assert.deepEqual(await fetchTokenUnits('https://rpc.example/evm', TOKEN, { fetch: mkr.fetch }), { decimals: 18, symbol: 'MKR' });
  });

  it('no units from a contract without decimals() (an NFT), out-of-range decimals, or a malformed answer; a hostile symbol is dropped', async () => {
    const ask = (answers: Record<string, unknown>) => fetchTokenUnits('https://rpc.example/evm', TOKEN, { fetch: tokenNode(answers).fetch });
    assert.equal(await ask({}), undefined);
    assert.equal(await ask({ '0x313ce567': `0x${word(78)}` }), undefined);
    assert.equal(await ask({ '0x313ce567': '0x12' }), undefined, 'not a word');
    assert.deepEqual(await ask({ '0x313ce567': `0x${word(6)}`, '0x95d89b41': abiString('T\u202eK') }), { decimals: 6 });
    assert.deepEqual(await ask({ '0x313ce567': `0x${word(6)}`, '0x95d89b41': abiString('X'.repeat(33)) }), { decimals: 6 });
    assert.equal(await fetchTokenUnits('https://rpc.example/evm', 'not an address', { fetch: tokenNode({}).fetch }), undefined);
  });

  it('the cache asks each token of a chain once, a failure too, and tells what it knows without asking', async () => {
    const asked: string[] = [];
    let answer: (v: { decimals: number } | undefined) => void = () => {};
    const cache = new TokenUnitsCache((url, token) => {
      asked.push(`${url} ${token}`);
      return new Promise((resolve) => (answer = resolve));
    });
    assert.equal(cache.peek('u', TOKEN), 'unknown');
    const first = cache.get('u', TOKEN);
    const again = cache.get('u', TOKEN.toLowerCase());
    assert.equal(cache.peek('u', TOKEN), 'unknown', 'asked, not answered');
    answer({ decimals: 6 });
    assert.deepEqual(await first, { decimals: 6 });
    assert.deepEqual(await again, { decimals: 6 });
    assert.deepEqual(cache.peek('u', TOKEN), { decimals: 6 });
    assert.deepEqual(asked, [`u ${TOKEN}`], 'one question per chain and token');
    const failing = new TokenUnitsCache(() => Promise.reject(new Error('down')));
    assert.equal(await failing.get('u', TOKEN), undefined);
    assert.equal(failing.peek('u', TOKEN), undefined, 'a failure is kept: no units, not asked again');
  });
});
