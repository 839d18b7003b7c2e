// Whether the hover may look an ID-shaped hex string up by itself. A 64-hex string is an EVM
// transaction hash, a Rebased request ID... or a private key: the same shape. Words around a value
// say nothing reliable about what it is (a log line, a neighbouring `tx 0x…`, a comment, a folder
// name), so the hover sends a 64-hex string by itself only when:
//   bound     the name the value is bound to, in the syntax of its language or format, is an ID's
//             by whole words (model/idBinding.ts): `depositTxHash = "0x…"`, `"transactionHash":`,
//             `--tx-hash 0x…`, a CSV cell under a `tx_hash` header, `/tx/0x…`;
//   toolchain the same, in a toolchain's record of the transactions it sent, at one of that
//             record's own transaction-hash fields (Foundry `broadcast/**/run-*.json`, Hardhat
//             Ignition `journal.jsonl`, hardhat-deploy `deployments/<network>/*.json`);
//   known     the extension already knows it from a node (a receipt shown, a block's or the live
//             feed's request, a watch, an answer after a click on "Look up"): it has left already;
//   requestId a 68-hex Stardust request ID: not the shape of a key, looked up as before.
// Anywhere else the hover sends nothing and offers one "Look up"; where the value's binding or
// line names a key or a secret (model/secretContext.ts), that "Look up" asks first and says why.
// Pure; bounded windows only.
import { bindingOf, namesAnId, type Binding } from './idBinding';
import type { IdPlace } from './idText';
import type { IdShape } from '../../core/idShapes';
import { secretContext, type SecretVerdict } from './secretContext';

export type EvidenceReason = 'bound' | 'toolchain' | 'known' | 'requestId';

export type HoverDecision =
  /** Look it up now. */
  | { kind: 'lookUp'; evidence: EvidenceReason }
  /** Send nothing; offer one explicit "Look up". */
  | { kind: 'offer' }
  /** Send nothing; the explicit "Look up" says what was seen and asks before it sends. */
  | { kind: 'secret'; verdict: SecretVerdict };

export interface IdContext extends IdPlace {
  shape: IdShape;
  /** The extension knows this ID from a node (a receipt, a block, the live feed, a watch, a look-up). */
  known?: boolean;
}

/** What the hover does with the ID at this place. */
export function hoverDecision(ctx: IdContext): HoverDecision {
  if (ctx.known === true) return { kind: 'lookUp', evidence: 'known' };
  const verdict = secretContext(ctx);
  if (verdict !== undefined) return { kind: 'secret', verdict };
  if (ctx.shape === 'hex68') return { kind: 'lookUp', evidence: 'requestId' };
  const evidence = idEvidence(ctx);
  return evidence === undefined ? { kind: 'offer' } : { kind: 'lookUp', evidence };
}

/** Why the string at this place is a transaction or request ID by its own binding, if it is. */
export function idEvidence(place: IdPlace): 'bound' | 'toolchain' | undefined {
  const binding = bindingOf(place);
  if (binding === undefined || !namesAnId(binding.name)) return undefined;
  return toolchainField(place.path, binding) ? 'toolchain' : 'bound';
}

/** The record kinds whose transaction-hash fields a toolchain writes, by their place in a project. */
export function toolchainRecord(path: string): 'foundry' | 'ignition' | 'hardhatDeploy' | undefined {
  const segments = path.slice(-400).toLowerCase().split(/[/\\]/);
  const base = segments[segments.length - 1] ?? '';
  const dirs = segments.slice(0, -1);
  const b = dirs.lastIndexOf('broadcast');
  if (b >= 0 && dirs.length - b === 3 && /^run-(latest|\d+)\.json$/.test(base)) return 'foundry';
  if (base === 'journal.jsonl' && dirs.includes('ignition') && dirs.includes('deployments')) return 'ignition';
  const d = dirs.lastIndexOf('deployments');
  if (d >= 0 && dirs.length - d === 2 && base.endsWith('.json') && !base.startsWith('.')) return 'hardhatDeploy';
  return undefined;
}

const TOOLCHAIN_FIELDS: Record<NonNullable<ReturnType<typeof toolchainRecord>>, readonly string[]> = {
  foundry: ['hash', 'transaction hash'],
  ignition: ['hash'],
  hardhatDeploy: ['transaction hash'],
};

function toolchainField(path: string, binding: Binding): boolean {
  const record = toolchainRecord(path);
  return record !== undefined && binding.kind === 'assignment' && TOOLCHAIN_FIELDS[record].includes(binding.name.join(' '));
}
