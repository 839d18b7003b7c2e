// The security review's findings (issue 12) on the pure layers: each test here failed on the code
// before its fix. A workspace cannot impersonate a chain, nothing a node sends is unbounded or
// disguised, no icon forms from node text, a token cannot reach a message, and the URL opened is
// the URL checked.
import * as assert from 'node:assert/strict';
import { WaspClient, type RequestLogEntry } from '../../../src/api/client';
import { InvalidResponseError, WaspApiError } from '../../../src/api/errors';
import { ReceiptSchema } from '../../../src/api/stardustSchemas';
import { resolveChains, validateEntry, type RawChainList } from '../../../src/config/model/chainConfig';
import { escapeMarkdown, markdownText, revealInvisible } from '../../../src/core/text';
import { MAX_RAW_JSON_CHARS, processedReceiptWeight, rawJsonText } from '../../../src/transactions/model/rawJson';
import { DEFAULT_LOOKUP_MAX_WEIGHT, ReceiptLookup, type LookupChain, type ReceiptLookupOptions } from '../../../src/transactions/model/receiptLookup';
import { HEADLINE_CHARS, buildReceiptView, receiptJson } from '../../../src/transactions/model/receiptView';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';
import { RLO, hostileReceipt } from '../../fixtures/hostile';
import { INVISIBLES, iconsAsRendered } from './corpus';

const IOTA = DEMO_CHAINS.iotaEvm;
const ID = `0x${'e7'.repeat(32)}0000`;
const OTHER_ID = `0x${'d1'.repeat(32)}0000`;
const hex = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

describe('security review (issue 12)', () => {
  describe('finding 6: every invisible character is revealed', () => {
    it('revealInvisible reveals every bidi control and every default-ignorable code point (variation selectors, tags, Mongolian selectors…)', () => {
      const missed = INVISIBLES.filter((ch) => revealInvisible(`a${ch}b`) === `a${ch}b`);
      assert.deepEqual(missed.map(hex), [], 'not revealed');
      for (const ch of INVISIBLES) assert.equal(revealInvisible(`a${ch}b`), `a⟨${hex(ch)}⟩b`);
    });

    it('a chain name with any of them is an invalid settings entry', () => {
      const accepted = INVISIBLES.filter(
        (ch) => validateEntry({ name: `IOTA EVM${ch}`, nodeUrl: 'https://node.example', chainId: IOTA }, { scope: 'user' }, 0).valid,
      );
      assert.deepEqual(accepted.map(hex), [], 'accepted as a chain name');
    });

    it('Markdown text reveals them too', () => {
      assert.doesNotMatch(markdownText('IOTA EVM\ufe0f \u{e0100}'), /[\ufe0f]|\u{e0100}/u);
    });
  });

  describe('finding 1: a workspace cannot impersonate a chain', () => {
    const user: RawChainList = { source: { scope: 'user' }, value: [{ name: 'IOTA EVM', nodeUrl: 'https://mine.example', chainId: IOTA }] };
    const lookAlikes = [
      ['Cyrillic О, Т, А', 'I\u041e\u0422\u0410 EVM'],
      ['Greek Ι, Ο, Τ, Α', '\u0399\u039f\u03a4\u0391 EVM'],
      ['fullwidth', '\uff29\uff2f\uff34\uff21 EVM'],
      ['l for I', 'lOTA EVM'],
      ['digit zero', 'I0TA EVM'],
      ['Cyrillic е and Latin rn for m', 'IOTA EVrn'],
    ];
    for (const [what, name] of lookAlikes) {
      it(`a workspace chain named like a user chain (${what}) is an invalid entry`, () => {
        const ws: RawChainList = { source: { scope: 'workspace' }, value: [{ name, nodeUrl: 'https://evil.example', chainId: IOTA }] };
        const all = resolveChains([user, ws]);
        assert.equal(all.length, 2);
        assert.ok(all[0]?.valid, "the user's chain stays valid");
        const second = all[1];
        assert.ok(second && !second.valid, `"${name}" must be invalid`);
        assert.match(second.invalid.problems.join(' '), /IOTA EVM/, 'the problem names the chain it imitates');
      });
    }

    it('names that merely differ stay valid', () => {
      const ws: RawChainList = {
        source: { scope: 'workspace' },
        value: [
          { name: 'IOTA EVM testnet', nodeUrl: 'https://t.example', chainId: IOTA },
          { name: 'Shimmer', nodeUrl: 'https://s.example', chainId: IOTA },
        ],
      };
      assert.ok(resolveChains([user, ws]).every((r) => r.valid));
    });

    it('the receipt cache keeps an answer sent without the token apart from one sent with it', async () => {
      const mine: LookupChain & { withToken: boolean } = { name: 'IOTA EVM', nodeUrl: 'http://node', chainId: IOTA, withToken: true };
      const copy: LookupChain & { withToken: boolean } = { name: 'IOTA EVM copy', nodeUrl: 'http://node', chainId: IOTA, withToken: false };
      const asked: boolean[] = [];
      const options: ReceiptLookupOptions<typeof mine, string> & Record<string, unknown> = {
        fetch: async (chain) => {
          asked.push(chain.withToken);
          if (!chain.withToken) throw new Error('401 without a token');
          return 'receipt';
        },
        tokenDecision: (chain: typeof mine) => (chain.withToken ? 'token' : 'none'),
      };
      const lookup = new ReceiptLookup(options);
      const first = await lookup.lookup(ID, [copy]);
      assert.equal(first.found, false);
      const second = await lookup.lookup(ID, [mine]);
      assert.ok(second.found, "the user's own chain is asked with its token, not served the copy's 401");
      assert.deepEqual(asked, [false, true]);
    });
  });

  describe('finding 2: raw JSON is revealed, clipped, weighed; the request ID is checked', () => {
    const deep = (depth: number) => {
      const body = hostileReceipt(ID) as unknown as Record<string, unknown>;
      body.unknownField = JSON.parse(`${'['.repeat(depth)}"${RLO}gnp.exe"${']'.repeat(depth)}`);
      return JSON.stringify(body);
    };

    it('a 2,000-deep unknown field with a raw U+202E: the raw JSON is revealed and at most 1 MiB', () => {
      const raw = deep(2000);
      assert.ok(raw.length < 16_000);
      const receipt = ReceiptSchema.parse(JSON.parse(raw));
      const text = rawJsonText(raw, () => receiptJson(receipt));
      assert.ok(!text.includes(RLO), 'the U+202E is revealed');
      assert.ok(text.includes('⟨U+202E⟩'));
      assert.ok(text.length <= 1024 * 1024, `capped (was ${text.length} characters)`);
      assert.match(text, /unknownField/, 'the unknown field is still shown');
    });

    it('a wide field nested 61 deep (520,000 zeros, 1 MB): shown as sent, not re-indented into 65 million characters first', () => {
      const body = hostileReceipt(ID) as unknown as Record<string, unknown>;
      body.x = JSON.parse(`${'['.repeat(61)}${new Array(520_000).fill('0').join(',')}${']'.repeat(61)}`);
      const raw = JSON.stringify(body);
      assert.ok(raw.length < MAX_RAW_JSON_CHARS * 2, 'under the size up to which re-indenting was tried');
      const text = rawJsonText(raw, () => '');
      assert.ok(text.startsWith(raw.slice(0, 200)), `the body as sent: ${text.slice(0, 80)}`);
      // An ordinary receipt is still re-indented.
      const plain = JSON.stringify(hostileReceipt(ID));
      assert.ok(rawJsonText(plain, () => '').startsWith('{\n  "'), 're-indented');
    });

    it("the production weight counts the raw JSON: 500 answers stay within the cache's byte budget", async () => {
      const raw = deep(2000);
      const receipt = ReceiptSchema.parse(JSON.parse(raw));
      // Each answer holds the revealed raw JSON: built once, as the weight reads only its length.
      const answer = { receipt, rawJson: rawJsonText(raw, () => receiptJson(receipt)) };
      const lookup = new ReceiptLookup<LookupChain, typeof answer>({
        fetch: async () => answer,
        weigh: processedReceiptWeight,
      });
      const chain: LookupChain = { name: 'A', nodeUrl: 'http://a', chainId: IOTA };
      for (let i = 0; i < 500; i++) await lookup.lookup(`0x${i.toString(16).padStart(64, '0')}0000`, [chain]);
      let held = 0;
      for (let i = 0; i < 500; i++) {
        const p = lookup.peek(`0x${i.toString(16).padStart(64, '0')}0000`, chain);
        if (p) held += 2 * p.rawJson.length;
      }
      assert.ok(held <= DEFAULT_LOOKUP_MAX_WEIGHT, `the cache holds ${(held / 2 ** 20).toFixed(0)} MiB of raw JSON alone`);
      assert.ok(lookup.cacheWeight >= held, 'the weight counts at least the raw JSON');
    });

    describe('against the local node', () => {
      let node: LocalNode;
      before(async () => {
        node = await startLocalNode();
      });
      after(() => node.close());

      it('a receipt for another request ID is an invalid response naming request.requestId', async () => {
        node.setReceipt(IOTA, hostileReceipt(OTHER_ID), ID);
        const client = new WaspClient({ baseUrl: node.url });
        await assert.rejects(client.getReceipt(IOTA, ID), (e: unknown) => {
          assert.ok(e instanceof InvalidResponseError, `got ${String(e)}`);
          assert.equal(e.field, 'request.requestId');
          return true;
        });
        // The ID asked for, in another case, still matches.
        node.setReceipt(IOTA, hostileReceipt(ID));
        await client.getReceipt(IOTA, ID.toUpperCase().replace('0X', '0x'));
      });

      for (const [what, bad] of [
        ['CR LF', '\r\nX-Injected: 1'],
        ['LF', '\nX: 1'],
        ['NUL', '\u0000'],
        ['a space', ' x'],
        ['non-ASCII', 'é'],
      ]) {
        it(`a stored token containing ${what} is never sent, and no message or log line carries it`, async () => {
          const token = `SECRETTOKENVALUE${bad}tail`;
          const log: RequestLogEntry[] = [];
          const client = new WaspClient({ baseUrl: node.url, token: () => token, onRequest: (e) => log.push(e) });
          const before = node.requests.length;
          let error: unknown;
          try {
            await client.getReceipt(DEMO_RECEIPTS.evmSuccess.chainId, DEMO_RECEIPTS.evmSuccess.requestId);
          } catch (e) {
            error = e;
          }
          assert.ok(error instanceof WaspApiError, `a typed error (got ${String(error)})`);
          const said = `${error.message} ${String((error as Error & { cause?: unknown }).cause ?? '')} ${JSON.stringify(log)}`;
          assert.doesNotMatch(said, /SECRETTOKENVALUE/, 'the token appears nowhere');
          assert.equal(node.requests.length, before, 'nothing was sent');
        });
      }

      it('a token over 16 KiB is never sent', async () => {
        const client = new WaspClient({ baseUrl: node.url, token: () => `SECRETTOKENVALUE${'a'.repeat(16 * 1024)}` });
        const before = node.requests.length;
        await assert.rejects(
          client.getReceipt(DEMO_RECEIPTS.evmSuccess.chainId, DEMO_RECEIPTS.evmSuccess.requestId),
          (e: unknown) => e instanceof WaspApiError && !/SECRETTOKENVALUE/.test(e.message),
        );
        assert.equal(node.requests.length, before);
      });

      it("a malformed % in the node's authURL is an invalid response, not a URIError", async () => {
        const client = new WaspClient({ baseUrl: node.url });
        await assert.rejects(client.login('a', 'b', { authURL: '/auth/%E0%A4%A' }), (e: unknown) => e instanceof InvalidResponseError && e.field === 'authURL');
      });
    });
  });

  describe('finding 3: no theme icon forms from node or settings text', () => {
    for (const icon of ['$(pass)', '$(loading~spin)', '$(verified-filled)', '\\$(pass)', '$$(alert)', '$\\(alert)']) {
      it(`escapeMarkdown(${JSON.stringify(icon)}) renders no icon, and reads as written`, () => {
        const md = escapeMarkdown(`x ${icon} y`);
        assert.deepEqual(iconsAsRendered(md), [], `icons rendered from ${md}`);
        assert.deepEqual(iconsAsRendered(markdownText(icon)), []);
        const read = md.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
        assert.equal(read, `x ${icon} y`);
      });
    }
  });

  describe('finding 7: a hover clips nothing', () => {
    it('an 8 MB error message is clipped once, when the view is built: the headline a hover shows is short, the message kept whole', () => {
      const big = hostileReceipt(ID);
      big.errorMessage = `${'x'.repeat(4 * 1024 * 1024)}\u00e9${'y'.repeat(4 * 1024 * 1024)}`;
      const view = buildReceiptView(ReceiptSchema.parse(big));
      assert.ok(view.error, 'the receipt failed');
      assert.ok([...view.error.headline].length <= HEADLINE_CHARS, `headline of ${view.error.headline.length} characters`);
      assert.match(view.error.headline, /^x+…$/);
      assert.equal(view.error.message?.length, 8 * 1024 * 1024 + 1, 'the panel still has the whole message');
    });
  });
});
