// Whether the hover may look an ID-shaped hex string up by itself. A 64-hex string is an EVM
// transaction hash, a Rebased request ID... or a private key: the same shape. No list of key
// names can find every key (camelCase with digits, list items over several lines, cheatcodes,
// comments, other languages, saved tool output), so the hover sends a 64-hex string only where
// there is positive evidence that it is a transaction or request ID, and anywhere else offers one
// explicit "Look up". Where the context names a key or a secret (model/secretContext.ts), that
// "Look up" asks first and says what was seen, whatever the evidence.
//
// Evidence (each is a reason, for the tests and the log):
//   named     the name the ID is assigned to says transaction, hash, request, receipt, block or ID
//             (`DEPLOY_TX=`, `"transactionHash":`, `requestId:`, `const id =`); when the ID is
//             assigned to any other name, that name decides and nothing else on or near the
//             line counts (`DEPLOYER=0x…` beside `DEPLOY_TX=0x…` is not looked up);
//   words     else, the last words before the ID (`tx 0x…`, `request 0x… added`,
//             `client.receipt('0x…')`, `/receipts/0x…`) or its trailing comment say so;
//   nearby    else, a comment line above, the line above or below (a call's arguments over
//             several lines, a test's neighbouring lookups), the head of the list the ID is an
//             item of, or the header cell of its Markdown table column say so;
//   logFile   a log (`*.log`, `*.log.1`, a document in the `log` language);
//   toolchain a record of transactions a toolchain writes: Foundry's `broadcast/**/*.json`,
//             Hardhat Ignition's `journal.jsonl`;
//   known     the extension already holds a receipt for it or watches it (the hover passes it);
//   requestId a 68-hex Stardust request ID: not the shape of a key, looked up as before.
// Pure; bounded windows only (model/idText.ts).
import { namesTx } from './txWords';
import { assignedName, LAST_WORDS, beforeText, commentAbove, listHead, parts, tableHeaderCell, trailingComment, valueOnly, type IdPlace } from './idText';
import type { IdShape } from '../../core/idShapes';
import { secretContext, type SecretVerdict } from './secretContext';

export type EvidenceReason = 'named' | 'words' | 'nearby' | 'logFile' | 'toolchain' | 'known' | 'requestId';

export type HoverDecision =
  /** Look it up now. */
  | { kind: 'lookUp'; evidence: EvidenceReason }
  /** Send nothing; offer one explicit "Look up". */
  | { kind: 'offer' }
  /** Send nothing; the explicit "Look up" says what was seen and asks before it sends. */
  | { kind: 'secret'; verdict: SecretVerdict };

export interface IdContext extends IdPlace {
  shape: IdShape;
  /** The extension holds a receipt for this ID, or watches it. */
  known?: boolean;
}

/** What the hover does with the ID at this place. */
export function hoverDecision(ctx: IdContext): HoverDecision {
  // A receipt in hand (or a watch the user started): an ID beyond doubt, and sent already.
  if (ctx.known === true) return { kind: 'lookUp', evidence: 'known' };
  const verdict = secretContext(ctx);
  if (verdict !== undefined) return { kind: 'secret', verdict };
  if (ctx.shape === 'hex68') return { kind: 'lookUp', evidence: 'requestId' };
  const evidence = idEvidence(ctx);
  return evidence === undefined ? { kind: 'offer' } : { kind: 'lookUp', evidence };
}

/** The positive evidence that the string at this place is a transaction or request ID, if any. */
export function idEvidence(place: IdPlace): EvidenceReason | undefined {
  const file = fileEvidence(place.path, place.languageId);
  if (file !== undefined) return file;
  const before = beforeText(place);
  const name = assignedName(before);
  if (name !== undefined && name.length > 0) return namesAnId(name) ? 'named' : undefined;
  if (namesTx(parts(before).slice(-LAST_WORDS)) || namesTx(parts(trailingComment(place)))) return 'words';
  return nearbyEvidence(place) ? 'nearby' : undefined;
}

function nearbyEvidence(place: IdPlace): boolean {
  const header = tableHeaderCell(place);
  if (header !== undefined) return namesTx(parts(header));
  const comment = commentAbove(place);
  if (comment !== undefined && namesTx(parts(comment))) return true;
  if (valueOnly(place)) {
    const head = listHead(place);
    if (head !== undefined) return namesTx(parts(head).slice(-LAST_WORDS));
  }
  const neighbours = [place.above?.[0], place.below].filter((l): l is string => l !== undefined && !assignsOtherName(l));
  return neighbours.some((l) => namesTx(parts(l.slice(0, 400))));
}

/** A neighbour that assigns a value to a name that is not an ID's says nothing about our line. */
function assignsOtherName(line: string): boolean {
  const i = line.search(/0x[0-9a-fA-F]{8,}/);
  const name = i < 0 ? undefined : assignedName(line.slice(Math.max(0, i - 160), i));
  return name !== undefined && !namesAnId(name);
}

/** A name that says the value is an ID: a transaction word anywhere in it, or ending in `id(s)`. */
function namesAnId(name: readonly string[]): boolean {
  const last = name[name.length - 1];
  return namesTx(name) || last === 'id' || last === 'ids';
}

/** A log, or a toolchain's record of the transactions it sent. */
export function fileEvidence(path: string, languageId?: string): EvidenceReason | undefined {
  if (languageId === 'log') return 'logFile';
  const segments = path.slice(-400).toLowerCase().split(/[/\\]/);
  const base = segments[segments.length - 1] ?? '';
  if (/\.log(\.\d+)?$/.test(base)) return 'logFile';
  if (base.endsWith('.json') && segments.slice(0, -1).includes('broadcast')) return 'toolchain';
  if (base === 'journal.jsonl' && segments.includes('ignition')) return 'toolchain';
  return undefined;
}
