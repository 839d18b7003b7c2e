// Hostile text through the pure layers every surface is built on: the receipt and chain-info
// view models (hover, panels), the one-line and Markdown text of the tree and status bar, the
// notification text, and the validation of settings entries. What must hold: node text stays
// literal text, bidi and zero-width characters are revealed (never obeyed: no ID can be spoofed),
// no link is offered for a non-web URL, and no credentials are ever echoed.
import * as assert from 'node:assert/strict';
import { ReceiptSchema } from '../../../src/api/stardustSchemas';
import { validateEntry, nodeKey } from '../../../src/config/model/chainConfig';
import { buildChainInfoView } from '../../../src/chainInfo/model/chainInfoView';
import type { Row } from '../../../src/ui/model/view';
import type { ChainInfoState } from '../../../src/core/chainInfoFields';
import { escapeMarkdown, markdownText, notificationText, plainLine } from '../../../src/core/text';
import { buildReceiptView, receiptJson } from '../../../src/transactions/model/receiptView';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { HOSTILE, HTML, LRI, MARKDOWN, RLO, SAFE_URL, SPOOFED, UNSAFE_URLS, ZWSP, hostileReceipt } from '../../fixtures/hostile';
import { NOTIFICATION_LINK, foreignMarkdown } from './corpus';

const ID = `0x${'e7'.repeat(32)}0000`;
const INVISIBLE = new RegExp(`[${RLO}${ZWSP}${LRI}]`);

function hostileView() {
  return buildReceiptView(ReceiptSchema.parse(hostileReceipt(ID)));
}

function chainInfo(patch: Partial<ChainInfoState['metadata']> & { publicURL?: string; owner?: string } = {}): ChainInfoState {
  const { publicURL, owner, ...metadata } = patch;
  return {
    chainID: DEMO_CHAINS.iotaEvm,
    chainOwnerId: owner ?? 'iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc',
    gasFeePolicy: { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 100, b: 1 }, validatorFeeShare: 10 },
    gasLimits: { maxGasPerBlock: 1n, minGasPerRequest: 1n, maxGasPerRequest: 1n, maxGasExternalViewCall: 1n },
    publicURL: publicURL ?? '',
    metadata: { evmJsonRpcURL: '', evmWebSocketURL: '', name: '', description: '', website: '', ...metadata },
  };
}

function rows(state: ChainInfoState): Map<string, Row> {
  const view = buildChainInfoView({
    chainName: 'Test',
    nodeUrl: 'http://127.0.0.1:1',
    configuredChainId: DEMO_CHAINS.iotaEvm,
    block: undefined,
    governance: state,
    general: undefined,
  });
  return new Map(view.sections.flatMap((s) => s.rows).map((r) => [r.field, r]));
}

describe('hostile: text from a node, in the view models', () => {
  it('a receipt with HTML, Markdown and bidi in every string field: every displayed string is literal and revealed', () => {
    const v = hostileView();
    // Everything the webview and the hover will place: no invisible character survives anywhere
    // (a Copy button's text is the exact value, for the clipboard: it is never displayed).
    const json = JSON.stringify(v, (key, value: unknown) => (key === 'copy' ? undefined : value));
    assert.doesNotMatch(json, INVISIBLE, 'no bidi or zero-width character reaches a surface');
    assert.doesNotMatch(receiptJson(ReceiptSchema.parse(hostileReceipt(ID))), INVISIBLE, 'not in the raw JSON view either');
    assert.ok(v.error?.message?.includes(HTML), 'the HTML shows literally in the error message');
    assert.ok(v.error?.message?.includes('⟨U+202E⟩'), 'the override is shown as ⟨U+202E⟩');
    assert.ok((v.error?.params.length ?? 0) > 0, 'the hostile receipt has error params');
    for (const p of v.error?.params ?? []) assert.doesNotMatch(p.value + p.type, INVISIBLE);
    assert.ok(v.nft?.issuer.includes('<script>') && v.nft.owner.includes('⟨U+200B⟩'), 'NFT issuer and owner literal, revealed');
    assert.ok(
      v.nft?.fields.some((f) => f.key === 'name' && f.value.includes('<img src=x onerror=alert(1)>')),
      'NFT metadata (IRC27 JSON) literal',
    );
    assert.ok(v.params[0]?.value.text?.includes('[click me](command:workbench.action.terminal.new)'), 'params literal');
    assert.equal(v.params[0]?.keyLabel, '<b>key</b>');
  });

  it('the sender cannot pass for another ID: the override and the zero-width space are shown, not obeyed', () => {
    const v = hostileView();
    assert.ok(v.sender.display.startsWith('iota1pzt3m⟨U+202E⟩5uxq8⟨U+200B⟩2wm⟨U+2066⟩x'), v.sender.display);
    assert.ok(v.sender.raw.includes('⟨U+202E⟩'));
    assert.equal(v.sender.kind, 'unknown', 'and it is not taken for a valid agent ID');
  });

  it('every line the hover builds from a hostile receipt is Markdown with nothing alive in it', () => {
    const v = hostileView();
    const lines = [v.error?.headline ?? '', v.error?.code ?? '', v.sender.display, v.callTarget.label, v.summary, HOSTILE, SPOOFED];
    for (const line of lines) assert.deepEqual(foreignMarkdown(escapeMarkdown(line), []), [], line);
  });

  it('website, public URL and EVM URLs with javascript:, command:, file:, data: (or credentials) are text, never a link', () => {
    for (const url of UNSAFE_URLS) {
      const r = rows(chainInfo({ website: url, evmJsonRpcURL: url, evmWebSocketURL: url, publicURL: url }));
      for (const field of ['metadata.website', 'metadata.evmJsonRpcURL', 'metadata.evmWebSocketURL', 'publicURL']) {
        const row = r.get(field);
        assert.ok(row, field);
        assert.equal(row.link, undefined, `${field} = ${url}: no link`);
        assert.equal(row.value, url, 'shown as it is (to read and copy)');
        assert.match(row.detail ?? '', /not opened|WebSocket/);
      }
    }
  });

  it('http(s) links still work', () => {
    const r = rows(chainInfo({ website: SAFE_URL, evmJsonRpcURL: SAFE_URL, publicURL: SAFE_URL }));
    for (const field of ['metadata.website', 'metadata.evmJsonRpcURL', 'publicURL']) assert.deepEqual(r.get(field)?.link, { url: SAFE_URL, web: true }, field);
  });

  it('a chain name, description and owner with HTML and bidi: literal, revealed, and a URL label cannot hide its target', () => {
    const r = rows(
      chainInfo({ name: `${SPOOFED} ${HTML}`, description: `${HOSTILE}\n${SPOOFED}`, owner: `${SPOOFED}<b>`, website: `https://good.example/${RLO}moc.live` }),
    );
    assert.ok(r.size >= 8, `${r.size} rows`);
    for (const [field, row] of r) assert.doesNotMatch(row.value + (row.detail ?? ''), INVISIBLE, field);
    assert.ok(r.get('metadata.name')?.value.includes(HTML));
    assert.ok(r.get('metadata.description')?.value.includes('\n'), 'the description keeps its lines');
    assert.ok(r.get('owner')?.value.startsWith('iota1pzt3m⟨U+202E⟩'));
    assert.ok(r.get('metadata.website')?.value.includes('⟨U+202E⟩moc.live'));
  });
});

describe('hostile: text on the tree, status bar and notifications', () => {
  it('notificationText leaves no link VS Code would make clickable, whatever the spelling', () => {
    const attempts = [
      MARKDOWN,
      '[Open](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)',
      '[Open](COMMAND:workbench.action.terminal.new)',
      '[a](https://evil.example "t") [b](file:///etc/passwd)',
      `[x]${ZWSP}(command:foo)`,
      `[x]\n(command:foo)`,
    ];
    for (const text of attempts) {
      const shown = notificationText(`Chain "${text}": ${text}.`);
      NOTIFICATION_LINK.lastIndex = 0;
      assert.equal(NOTIFICATION_LINK.test(shown), false, shown);
      assert.doesNotMatch(shown, INVISIBLE);
      assert.doesNotMatch(shown, /\n/);
    }
  });

  it('notificationText leaves ordinary messages as they are', () => {
    const plain = 'Chain "IOTA EVM": needs a token with "write" permission (withheld).';
    assert.equal(notificationText(plain), plain);
  });

  it('plainLine: one line, revealed, bounded even for megabytes', () => {
    assert.equal(plainLine(`a\nb\tc${RLO}d`, 100), 'a b c⟨U+202E⟩d');
    const huge = `${RLO}`.repeat(5_000_000);
    const line = plainLine(huge, 120);
    assert.ok(Array.from(line).length <= 121, `${line.length}`);
    assert.ok(line.endsWith('…'));
    // The work is bounded too: nothing past 4 × max characters is even read (here the only
    // visible text sits just past that cut, so reading it would show).
    assert.equal(plainLine(`${' '.repeat(480)}tail`, 120), '');
    assert.equal(plainLine(`${' '.repeat(479)}tail`, 120), 't');
  });

  it('markdownText: hostile text in a tooltip forms no link, image, HTML, entity, autolink or icon', () => {
    // The detector must see each construct raw, or its silence below proves nothing.
    assert.deepEqual(foreignMarkdown('mail a@b.co', []), ['e-mail autolink']);
    assert.deepEqual(foreignMarkdown('<https://x.example>', []), ['HTML tag or autolink', 'bare URL (autolink)']);
    for (const text of [HOSTILE, SPOOFED, 'see https://evil.example and www.evil.example or a@b.co', '&#x202E;&lt;b&gt;', '$(zap) $(loading~spin)']) {
      assert.deepEqual(foreignMarkdown(markdownText(text), []), [], text);
    }
    assert.equal(markdownText('a@b.co'), 'a\\@b\\.co', 'the @ of an e-mail address is escaped');
    // Rendered, a backslash escape shows the character alone: the words read as they were.
    const plain = 'needs a token with "write" permission, see docs/auth (v1.0)';
    assert.equal(markdownText(plain).replace(/\\(.)/g, '$1'), plain, 'plain words stay readable');
  });
});

describe('hostile: settings entries', () => {
  const user = { scope: 'user' as const };

  it('a node URL with a user name and password is invalid, and the problem never repeats them', () => {
    const r = validateEntry({ name: 'Creds', nodeUrl: 'https://alice:s3cret-pw@node.example/wasp/api', chainId: DEMO_CHAINS.iotaEvm }, user, 0);
    assert.equal(r.valid, false);
    if (r.valid) return;
    const text = JSON.stringify(r.invalid);
    assert.doesNotMatch(text, /alice|s3cret/);
    assert.match(r.invalid.problems.join(' '), /user name or password/);
    assert.equal(nodeKey('https://alice:s3cret-pw@node.example/wasp/api'), 'https://node.example/wasp/api', 'a token key never holds them either');
  });

  it('a chain name with a bidi override, a zero-width space or a line break is invalid, and shown revealed', () => {
    for (const name of [`IOTA ${RLO}MVE`, `IOTA${ZWSP} EVM`, 'IOTA\nEVM']) {
      const r = validateEntry({ name, nodeUrl: 'https://node.example', chainId: DEMO_CHAINS.iotaEvm }, user, 0);
      assert.equal(r.valid, false, JSON.stringify(name));
      if (r.valid) continue;
      assert.doesNotMatch(r.invalid.name, INVISIBLE);
      assert.match(r.invalid.name, /⟨U\+/);
      assert.match(r.invalid.problems.join(' '), /invisible or control characters \(.*⟨U\+/);
    }
  });

  it('a name with Markdown or link syntax stays valid: every surface shows it as text', () => {
    const r = validateEntry(
      { name: 'Evil) [x](command:workbench.action.terminal.new) (*', nodeUrl: 'https://node.example', chainId: DEMO_CHAINS.iotaEvm },
      user,
      0,
    );
    assert.equal(r.valid, true);
  });
});
