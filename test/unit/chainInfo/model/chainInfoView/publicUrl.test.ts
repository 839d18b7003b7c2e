// The chain's public URL as the panel shows it: a link only when the text itself starts with
// http(s). A URL the browser would read as https only after dropping a control character or a
// line break (which URL parsing strips) is shown, revealed, and not opened.
import * as assert from 'node:assert/strict';
import { buildChainInfoView } from '../../../../../src/chainInfo/model/chainInfoView';
import { chainInfoInput, stardustChainInfo } from '../../../helpers/chainInfo';

function publicUrlRow(publicURL: string) {
  const view = buildChainInfoView(chainInfoInput({ governance: { ...stardustChainInfo(), publicURL } }));
  return view.sections.flatMap((s) => s.rows).find((r) => r.field === 'publicURL');
}

describe('chainInfo/model/chainInfoView: the public URL', () => {
  it('a URL that is https only once the parser drops a control character or a line break is not opened', () => {
    assert.deepStrictEqual(publicUrlRow('\u0001https://evil.example'), {
      field: 'publicURL',
      label: 'Public URL',
      value: '⟨U+0001⟩https://evil.example',
      mono: true,
      copy: { text: '\u0001https://evil.example', what: 'public URL' },
      detail: 'not an http(s) link: it is not opened',
    });
    assert.equal(publicUrlRow('ht\ntps://evil.example')?.link, undefined);
  });
});
