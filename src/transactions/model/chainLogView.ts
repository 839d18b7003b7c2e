// The receipt panel's "Block" and "Events" sections: the block the request landed in (time,
// requests, failed, gas, fees) and the events the request emitted. Node text (topics, payloads,
// the block's timestamp string) is revealed and clipped; payloads are hex, shown as the node sent them. Pure.
import type { BlockInfo, Events } from '../../api/chainLogSchemas';
import { formatBaseTokens, formatBigInt, formatHname, formatNumber, formatTime, formatTimeNs, type TimeStyle } from '../../core/format';
import { contractHnameText } from '../../core/hname';
import { englishL10n, type L10n } from '../../core/l10n';
import { clip, revealInvisible } from '../../core/text';
import type { Row } from '../../ui/model/view';

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

/** When the sections are read (times are shown with their age) and in which locale and zone. */
export interface ChainLogTime {
  now: number;
  time?: TimeStyle;
}

/** The block's time row: the locale's date with its age, the exact UTC as its tooltip; node text that is no time as sent. */
function blockTimeRow(timestamp: string, when: ChainLogTime, l10n: L10n): Row {
  const t = formatTime(Date.parse(timestamp), when.now, l10n, when.time);
  return t
    ? { field: 'block.time', label: l10n.t('Time'), value: t.shown, title: t.absolute }
    : { field: 'block.time', label: l10n.t('Time'), value: text(timestamp, 60), mono: true };
}

export function chainLogSections(block: Read<BlockInfo>, events: Read<Events>, l10n: L10n = englishL10n, when: ChainLogTime): ChainLogSection[] {
  const blockRows: Row[] = block.ok
    ? [
        { field: 'block.index', label: l10n.t('Block'), value: formatBigInt(BigInt(block.value.blockIndex)), mono: true },
        blockTimeRow(block.value.timestamp, when, l10n),
        {
          field: 'block.requests',
          label: l10n.t('Requests'),
          value: l10n.t(
            '{0} ({1} off-ledger), {2} failed',
            formatNumber(block.value.totalRequests),
            formatNumber(block.value.numOffLedgerRequests),
            formatNumber(Math.max(0, block.value.totalRequests - block.value.numSuccessfulRequests)),
          ),
        },
        { field: 'block.gasBurned', label: l10n.t('Gas burned'), value: formatBigInt(block.value.gasBurned), mono: true },
        {
          field: 'block.fees',
          label: l10n.t('Fees charged'),
          value: formatBaseTokens(block.value.gasFeeCharged, l10n),
          mono: true,
          copy: { text: block.value.gasFeeCharged.toString(), what: l10n.t('fees charged') },
        },
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
    const time = formatTimeNs(e.timestamp, when.now, l10n, when.time);
    return {
      field: `event.${i}`,
      label: text(e.topic, 80) || l10n.t('(no topic)'),
      value: text(e.payload, PAYLOAD_CHARS) || l10n.t('(no payload)'),
      mono: true,
      detail: l10n.t('contract {0} · {1}', contractHnameText(formatHname(e.contractID)), time?.shown ?? formatBigInt(e.timestamp)),
      ...(time ? { title: time.absolute } : {}),
      copy: { text: e.payload, what: l10n.t('Event payload') },
    };
  });
  if (rows.length === 0) rows.push({ field: 'events.none', label: l10n.t('Events'), value: l10n.t('This request emitted no events.'), empty: true });
  const section: ChainLogSection = { id: 'events', title: l10n.t('Events ({0})', formatNumber(list.length)), rows };
  if (list.length > shown.length) section.note = l10n.t('The first {0} of {1} events.', formatNumber(shown.length), formatNumber(list.length));
  sections.push(section);
  return sections;
}
