// Hex the node sent, as bytes and as the forms a payload is shown in (src/core/hex.ts).
import * as assert from 'node:assert/strict';
import { decodeHexPayload, hexToBytes } from '../../../src/core/hex';
import { utf8Hex } from '../../fixtures/demoData';

describe('core/hex: hexToBytes', () => {
  it('decodes either case, with or without 0x', () => {
    assert.deepEqual(hexToBytes('0x00ff10Ab'), new Uint8Array([0x00, 0xff, 0x10, 0xab]));
    assert.deepEqual(hexToBytes('00FF'), new Uint8Array([0x00, 0xff]));
    assert.deepEqual(hexToBytes('0X0a'), new Uint8Array([0x0a]));
    assert.deepEqual(hexToBytes('0x'), new Uint8Array([]));
    assert.deepEqual(hexToBytes(''), new Uint8Array([]));
    const all = new Uint8Array(256).map((_, i) => i);
    assert.deepEqual(hexToBytes(Buffer.from(all).toString('hex')), all);
  });
  it('returns undefined for invalid hex', () => {
    for (const bad of ['0x0', 'abc', '0xzz', 'g0', '0x 00', '0x00\u0660\u0661', 'ｆｆ', '0xx0', '-1']) {
      assert.equal(hexToBytes(bad), undefined, JSON.stringify(bad));
    }
  });

  it('rejects the characters next to the digit and letter ranges', () => {
    for (const c of [':', '/', '@', 'G', '`', 'g']) {
      assert.equal(hexToBytes(`0${c}`), undefined, `low ${c}`);
      assert.equal(hexToBytes(`${c}0`), undefined, `high ${c}`);
    }
    assert.deepEqual(hexToBytes('09afAF'), Uint8Array.from([0x09, 0xaf, 0xaf]));
  });

  it('rejects non-ASCII characters in either nibble', () => {
    assert.equal(hexToBytes('é0'), undefined);
    assert.equal(hexToBytes('0é'), undefined);
    assert.equal(hexToBytes('\u01300'), undefined);
  });
});

describe('core/hex: decodeHexPayload', () => {
  it('offers text and JSON for UTF-8 JSON (NFT metadata)', () => {
    const meta = { standard: 'IRC27', version: 'v1.0', name: 'Wasp #1', uri: 'https://example.org/1.png' };
    const p = decodeHexPayload(utf8Hex(JSON.stringify(meta)));
    assert.equal(p.valid, true);
    assert.equal(p.text, JSON.stringify(meta));
    assert.deepEqual(p.json, meta);
    assert.equal(p.byteLength, new TextEncoder().encode(JSON.stringify(meta)).length);
  });
  it('offers text but no JSON for plain text or JSON scalars', () => {
    const p = decodeHexPayload(utf8Hex('hello, wörld\n'));
    assert.equal(p.text, 'hello, wörld\n');
    assert.equal('json' in p, false);
    assert.equal(decodeHexPayload(utf8Hex('42')).json, undefined);
    assert.equal(decodeHexPayload(utf8Hex('{not json')).text, '{not json');
    assert.equal(decodeHexPayload(utf8Hex('{not json')).json, undefined);
  });
  it('offers only hex for binary and invalid UTF-8', () => {
    const evmTx = '0xf86e058502540be40082520894365a9d29da5efcc955c64c850b0a03e7e2e37f1b880de0b6b3a7640000';
    const p = decodeHexPayload(evmTx);
    assert.equal(p.valid, true);
    assert.equal(p.text, undefined);
    assert.equal(p.byteLength, (evmTx.length - 2) / 2);
    assert.equal(decodeHexPayload('0xc328').text, undefined); // invalid UTF-8
    assert.equal(decodeHexPayload('0x74').text, 't'); // the EVM params key
    assert.equal(decodeHexPayload('0x0001020304').text, undefined); // all control characters
  });
  it('reads text with at most 5% control characters, and not one more', () => {
    const withControls = (n: number) => decodeHexPayload(utf8Hex(`${'\u0007'.repeat(n)}${'a'.repeat(100 - n)}`));
    assert.equal(withControls(5).text?.length, 100, 'exactly 5% is still text');
    assert.equal(withControls(6).text, undefined, '6% is binary');
    assert.equal(withControls(0).text, 'a'.repeat(100));
    // Tab, newline and carriage return are text, not controls.
    assert.equal(decodeHexPayload(utf8Hex('\t\n\r'.repeat(10))).text, '\t\n\r'.repeat(10));
  });
  it('trims the input, accepts 0X, offers JSON for arrays and after leading blanks, drops a leading BOM', () => {
    assert.deepEqual(decodeHexPayload(`  ${utf8Hex('[1,2]')}\n`).json, [1, 2]);
    assert.equal(decodeHexPayload(utf8Hex('[1,2]').replace('0x', '0X')).hex, utf8Hex('[1,2]'));
    assert.deepEqual(decodeHexPayload(utf8Hex(' \n {"a":1}  ')).json, { a: 1 });
    // A leading byte-order mark is an encoding mark, not content: JSON after it still parses.
    assert.deepEqual(decodeHexPayload(utf8Hex('\ufeff{"a":1}')).json, { a: 1 });
  });
  it('normalises hex and reports invalid input', () => {
    assert.equal(decodeHexPayload('0xABCD').hex, '0xabcd');
    assert.equal(decodeHexPayload('abcd').hex, '0xabcd');
    assert.deepEqual(decodeHexPayload('0x'), { hex: '0x', valid: true, byteLength: 0 });
    assert.deepEqual(decodeHexPayload('0xabc'), { hex: '0xabc', valid: false, byteLength: 0 });
    assert.equal(decodeHexPayload('nothex').valid, false);
  });
  it('decodes 1 MB payloads, binary and text (their cost is a figure of npm run bench, not a test)', () => {
    const bytes = new Uint8Array(1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + 7) & 0xff;
    const hex = `0x${Buffer.from(bytes).toString('hex')}`;
    assert.equal(hex.length, 2 + 2 * bytes.length);
    const p = decodeHexPayload(hex);
    assert.equal(p.byteLength, bytes.length);
    assert.equal(p.text, undefined);

    const text = JSON.stringify({ data: 'a'.repeat(1024 * 1024) });
    const q = decodeHexPayload(utf8Hex(text));
    assert.equal((q.json as { data: string }).data.length, 1024 * 1024);
  });
});
