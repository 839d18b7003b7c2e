// The receipt panel's "Block" and "Events" sections: the block the request landed in (time,
// requests, failed, gas, fees) and the events the request emitted. Node text (topics, payloads,
// the timestamp string) is revealed and clipped; payloads are hex, shown as the node sent them. Pure.
import type { BlockInfo, Events } from '../../api/chainLogSchemas';
import { formatBigInt } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import { clip, revealInvisible } from '../../core/text';
import type { Row } from '../../webviews/protocol';

export interface ChainLogSection {
  id: 'block' | 'events';
  title: string;
  rows: Row[];
  note?: string;
}

/** Events shown at most; a request rarely emits more, a hostile node may send thousands. */
export const MAX_EVENTS_SHOWN = 100;
const PAYLOAD_CHARS = 400;

type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const text = (s: string, max: number) => clip(revealInvisible(s), max);

function hname(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}

function eventTime(ts: bigint): string | undefined {
  // Unix seconds as the node keeps them; anything else is shown as the number.
  if (ts <= 0n || ts > 10_000_000_000n) return undefined;
  return new Date(Number(ts) * 1000).toISOString();
}

export function chainLogSections(block: Read<BlockInfo>, events: Read<Events>, l10n: L10n = englishL10n): ChainLogSection[] {
  const blockRows: Row[] = block.ok
    ? [
        { field: 'block.index', label: l10n.t('Block'), value: formatBigInt(BigInt(block.value.blockIndex)), mono: true },
        { field: 'block.time', label: l10n.t('Time'), value: text(block.value.timestamp, 60), mono: true },
        {
          field: 'block.requests',
          label: l10n.t('Requests'),
          value: l10n.t(
            '{0} ({1} off-ledger), {2} failed',
            block.value.totalRequests,
            block.value.numOffLedgerRequests,
            Math.max(0, block.value.totalRequests - block.value.numSuccessfulRequests),
          ),
        },
        { field: 'block.gasBurned', label: l10n.t('Gas burned'), value: formatBigInt(block.value.gasBurned), mono: true },
        { field: 'block.fees', label: l10n.t('Fees charged'), value: formatBigInt(block.value.gasFeeCharged), mono: true },
      ]
    : [{ field: 'block.error', label: l10n.t('Block'), value: l10n.t('not available: {0}', block.reason), empty: true }];
  const sections: ChainLogSection[] = [{ id: 'block', title: l10n.t('Block'), rows: blockRows }];

  if (!events.ok) {
    sections.push({
      id: 'events',
      title: l10n.t('Events'),
      rows: [{ field: 'events.error', label: l10n.t('Events'), value: l10n.t('not available: {0}', events.reason), empty: true }],
    });
    return sections;
  }
  const list = events.value.events;
  const shown = list.slice(0, MAX_EVENTS_SHOWN);
  const rows: Row[] = shown.map((e, i) => {
    const time = eventTime(e.timestamp);
    return {
      field: `event.${i}`,
      label: text(e.topic, 80) || l10n.t('(no topic)'),
      value: text(e.payload, PAYLOAD_CHARS) || l10n.t('(no payload)'),
      mono: true,
      detail: l10n.t('contract {0} · {1}', hname(e.contractID), time ?? String(e.timestamp)),
      copy: { text: e.payload, what: l10n.t('Event payload') },
    };
  });
  if (rows.length === 0) rows.push({ field: 'events.none', label: l10n.t('Events'), value: l10n.t('This request emitted no events.'), empty: true });
  const section: ChainLogSection = { id: 'events', title: l10n.t('Events ({0})', list.length), rows };
  if (list.length > shown.length) section.note = l10n.t('The first {0} of {1} events.', shown.length, list.length);
  sections.push(section);
  return sections;
}
