// What changed between two readings of a chain's info (e.g. latest vs. an older block, or
// before vs. after a refresh), as rows the UI can list. Values are rendered to strings here
// so every view describes fees and limits the same way.
import { CHAIN_INFO_FIELDS, type ChainInfoFieldId, type ChainInfoState } from '../../core/chainInfoFields';
import { englishL10n, type L10n } from '../../core/l10n';

export type ChainInfoChange = {
  field: ChainInfoFieldId;
  /** The field's label (core/chainInfoFields.ts), localised by the l10n passed. */
  label: string;
  /** Rendered values; remote text (metadata, URLs) is raw: display it as plain text. */
  before: string;
  after: string;
};

/** Shown for a missing fee policy / limits (inactive chain). */
const NOT_SET = '—';

/**
 * Lists the fields that differ between two chain-info states, in display order. Fields are
 * compared by their rendered text, which keeps exact values (a 2:200 ratio differs from 1:100)
 * while equivalent forms of "free" ({0,0} vs {0,5}) do not produce a row that reads the same twice.
 */
export function diffChainInfo(before: ChainInfoState, after: ChainInfoState, l10n: L10n = englishL10n): ChainInfoChange[] {
  const changes: ChainInfoChange[] = [];
  for (const field of CHAIN_INFO_FIELDS) {
    if (!field.compared) continue;
    const b = field.value(before, l10n) ?? NOT_SET;
    const a = field.value(after, l10n) ?? NOT_SET;
    if (a !== b) changes.push({ field: field.id, label: field.label(l10n, after), before: b, after: a });
  }
  return changes;
}
