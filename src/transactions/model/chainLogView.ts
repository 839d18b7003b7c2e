// The receipt panel's "Block" and "Events" sections: the block the request landed in (time,
// requests, failed, gas, fees) and the events the request emitted. Node text (topics, payloads,
// the block's timestamp string) is revealed and clipped; payloads are hex, shown as the node sent them. Pure.
import type { BlockInfo, Events } from '../../api/chainLogSchemas';
import { formatBigInt } from '../../core/format';
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

function hname(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}

const NS_PER_SECOND = 1_000_000_000n;

/** An event's time: Unix nanoseconds as Wasp writes them (vmimpl mustSaveEvent), exact to the nanosecond. */
function eventTime(ns: bigint): string | undefined {
  if (ns === 0n) return undefined;
  const second = new Date(Number(ns / NS_PER_SECOND) * 1000).toISOString();
  return `${second.slice(0, -'.000Z'.length)}.${(ns % NS_PER_SECOND).toString().padStart(9, '0')}Z`;
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
      detail: l10n.t('contract {0} · {1}', contractHnameText(hname(e.contractID)), time ?? String(e.timestamp)),
      copy: { text: e.payload, what: l10n.t('Event payload') },
    };
  });
  if (rows.length === 0) rows.push({ field: 'events.none', label: l10n.t('Events'), value: l10n.t('This request emitted no events.'), empty: true });
  const section: ChainLogSection = { id: 'events', title: l10n.t('Events ({0})', list.length), rows };
  if (list.length > shown.length) section.note = l10n.t('The first {0} of {1} events.', shown.length, list.length);
  sections.push(section);
  return sections;
}
