// Token amounts at their edges (src/evm/model/tokenAmounts.ts): which values count as an amount,
// the exact decimals() and symbol() answers a token may give and the malformed ones that give none,
// the call sent, the cache's keys per chain and token, and the tokens named by a transaction's logs.
import * as assert from 'node:assert/strict';
import type { DecodedItem } from '../../../../src/evm/model/decode';
import { amountTokensOfLogs, fetchTokenUnits, inUnits, tokenAmountArgs, tokenAmountText, TokenUnitsCache } from '../../../../src/evm/model/tokenAmounts';
import { abiItem, ERC20_TRANSFER_EVENT, indexOf, loadCodecs } from '../../helpers/evm';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const URL = 'https://rpc.example/evm';
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const ascii = (s: string) => Buffer.from(s, 'latin1').toString('hex');
const padded = (s: string) => ascii(s).padEnd(64, '0');
const DECIMALS = '0x313ce567';
const SYMBOL = '0x95d89b41';

function item(kind: DecodedItem['kind'], name: string, args: DecodedItem['args']): DecodedItem {
  return { kind, name, signature: `${name}()`, selector: '0x00000000', args, sources: ['Token.json'] };
}

/** A fake JSON-RPC answering eth_call by the call's data; the request bodies are kept. */
function tokenNode(answers: Record<string, unknown>) {
  const bodies: unknown[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { params: [{ data: string }, string] };
    bodies.push(body);
    const answer = answers[body.params[0].data];
    const reply =
      answer === undefined ? { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted' } } : { jsonrpc: '2.0', id: 1, result: answer };
    return new Response(JSON.stringify(reply), { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, bodies };
}

const unitsFor = (answers: Record<string, unknown>, token = TOKEN) => fetchTokenUnits(URL, token, { fetch: tokenNode(answers).fetch });
const symbolOf = async (symbol: unknown) => (await unitsFor({ [DECIMALS]: `0x${word(6)}`, [SYMBOL]: symbol }))?.symbol;

describe('evm/model/tokenAmounts: what counts as an amount', () => {
  it('a uint256 whose value is not all digits, or an error named Transfer, is not an amount', () => {
    const arg = (value: string) => ({ name: 'amount', type: 'uint256', value });
    assert.deepEqual(tokenAmountArgs(item('function', 'transfer', [arg('12x')])), []);
    assert.deepEqual(tokenAmountArgs(item('function', 'transfer', [arg('x12')])), []);
    assert.deepEqual(tokenAmountArgs(item('function', 'transfer', [arg('12')])), [0]);
    assert.deepEqual(tokenAmountArgs(item('error', 'Transfer', [arg('12')])), []);
    assert.deepEqual(tokenAmountArgs(item('error', 'Approval', [arg('12')])), []);
  });

  it('a value with digits and other characters is shown as it is', () => {
    assert.equal(tokenAmountText('12abc', { decimals: 2, symbol: 'T' }), '12abc');
    assert.equal(tokenAmountText('abc12', { decimals: 2, symbol: 'T' }), 'abc12');
  });

  it('a call without amounts comes back as the very same item', () => {
    const plain = item('function', 'pause', [{ name: 'flag', type: 'bool', value: 'true' }]);
    assert.equal(inUnits(plain, { decimals: 18 }), plain);
  });
});

describe('evm/model/tokenAmounts: decimals() answers', () => {
  it('77 decimals are the most a token may have', async () => {
    assert.deepEqual(await unitsFor({ [DECIMALS]: `0x${word(77)}` }), { decimals: 77 });
  });

  it('a word with anything before or after it, or an array holding one, gives no units', async () => {
    assert.equal(await unitsFor({ [DECIMALS]: `0x${word(18)}00` }), undefined);
    assert.equal(await unitsFor({ [DECIMALS]: `ab0x${word(18)}` }), undefined);
    assert.equal(await unitsFor({ [DECIMALS]: `0x${word(18)}zz` }), undefined);
    assert.equal(await unitsFor({ [DECIMALS]: [`0x${word(18)}`] }), undefined);
  });

  it('asks eth_call of the token at the latest block', async () => {
    const node = tokenNode({ [DECIMALS]: `0x${word(18)}` });
    await fetchTokenUnits(URL, TOKEN, { fetch: node.fetch });
    const params = node.bodies.map((b) => (b as { params: unknown }).params);
    assert.deepEqual(params.sort(), [
      [{ to: TOKEN, data: DECIMALS }, 'latest'],
      [{ to: TOKEN, data: SYMBOL }, 'latest'],
    ]);
  });

  it('a token that is not an address is not asked, even of a node that would answer', async () => {
    const node = tokenNode({ [DECIMALS]: `0x${word(18)}` });
    assert.equal(await fetchTokenUnits(URL, `${TOKEN}00`, { fetch: node.fetch }), undefined);
    assert.deepEqual(node.bodies, []);
  });
});

describe('evm/model/tokenAmounts: symbol() answers', () => {
  it('a bytes32 symbol without a zero byte keeps all 32 characters', async () => {
    assert.equal(await symbolOf(`0x${ascii('A'.repeat(32))}`), 'A'.repeat(32));
  });

  it('an ABI string of exactly 32 characters, and one that ends where the answer ends', async () => {
    assert.equal(await symbolOf(`0x${word(32)}${word(32)}${ascii('B'.repeat(32))}`), 'B'.repeat(32));
    assert.equal(await symbolOf(`0x${word(32)}${word(3)}${ascii('TKN')}`), 'TKN');
  });

  it('a string longer than the answer, or at another offset, gives no symbol', async () => {
    assert.equal(await symbolOf(`0x${word(32)}${word(3)}${ascii('TK')}`), undefined);
    assert.equal(await symbolOf(`0x${word(96)}${word(0)}${padded('TKN')}${word(3)}`), undefined);
  });

  it('a length with high bytes set is read as the whole number, too long', async () => {
    assert.equal(await symbolOf(`0x${word(32)}${word(0x103)}${padded('TKN')}`), undefined);
  });

  it('a symbol with a blank or a control character in it, or no string at all, is dropped', async () => {
    assert.equal(await symbolOf(`0x${padded('A BC')}`), undefined);
    assert.equal(await symbolOf(`0x${padded('\x01TKN')}`), undefined);
    assert.equal(await symbolOf(5), undefined);
    assert.equal(await symbolOf('0xzz'), undefined);
  });
});

describe('evm/model/tokenAmounts: the cache keys', () => {
  it('asks each token of each chain on its own', async () => {
    const asked: string[] = [];
    const cache = new TokenUnitsCache(async (url, token) => {
      asked.push(`${url} ${token}`);
      return { decimals: asked.length };
    });
    assert.deepEqual(await cache.get('a', TOKEN), { decimals: 1 });
    assert.deepEqual(await cache.get('a', OTHER), { decimals: 2 });
    assert.deepEqual(await cache.get('b', TOKEN), { decimals: 3 });
    assert.deepEqual(await cache.get('a', TOKEN), { decimals: 1 });
    assert.deepEqual(asked, [`a ${TOKEN}`, `a ${OTHER}`, `b ${TOKEN}`]);
    assert.deepEqual(cache.peek('b', TOKEN), { decimals: 3 });
  });
});

describe('evm/model/tokenAmounts: the tokens of the logs', () => {
  it('only the emitters of a decoded event with an amount, each once', async () => {
    const { coder, encode } = await loadCodecs();
    const transfer = abiItem(ERC20_TRANSFER_EVENT);
    const paused = abiItem({ type: 'event', name: 'Paused', inputs: [{ name: 'by', type: 'uint256' }] });
    const index = indexOf(transfer, paused);
    const topic = `0x${'00'.repeat(32)}`;
    const logs = [
      { address: TOKEN, topics: [transfer.selector, topic, topic], data: encode([{ name: 'v', type: 'uint256' }], [5n]) },
      { address: OTHER, topics: [paused.selector], data: `0x${word(1)}` },
      { address: OTHER, topics: [`0x${'11'.repeat(32)}`], data: '0x' },
      { address: TOKEN, topics: [transfer.selector, topic, topic], data: `0x${word(7)}` },
    ];
    assert.deepEqual(amountTokensOfLogs(coder, index, logs), [TOKEN]);
  });
});
