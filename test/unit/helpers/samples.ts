// The node's own sample bodies (test/fixtures/samples, copied from the shared API notes: Stardust
// at the top, Rebased under rebased/), by name without ".json": as the text a node sends, or read
// losslessly (integers above 2^53 as bigint) into a fresh object that a test may change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonExact } from '../../../src/api/json';
import { repoRoot } from '../../fixtures/paths';

export type Body = Record<string, unknown>;

const sampleFile = (folder: string[], name: string) => join(repoRoot(__dirname), 'test', 'fixtures', 'samples', ...folder, `${name}.json`);

/** A Stardust (Wasp 1.x) sample as the node sends it. */
export const stardustSampleText = (name: string): string => readFileSync(sampleFile([], name), 'utf8');

/** A Rebased (Wasp 2.x) sample as the node sends it. */
export const rebasedSampleText = (name: string): string => readFileSync(sampleFile(['rebased'], name), 'utf8');

/** An EVM JSON-RPC sample (built from the node's Go types, both generations: v1-…, v2-…), parsed. */
export const evmSample = (name: string): Body => JSON.parse(readFileSync(sampleFile(['evm'], name), 'utf8')) as Body;

/** A Stardust sample, read losslessly. */
export const stardustSample = (name: string): Body => parseJsonExact(stardustSampleText(name)) as Body;

/** A Rebased sample, read losslessly. */
export const rebasedSample = (name: string): Body => parseJsonExact(rebasedSampleText(name)) as Body;

/** The receipts a real Rebased node sent. */
export const REBASED_RECEIPT_SAMPLES = ['receipt-success-evm', 'receipt-failed-evm-revert', 'receipt-failed-isc', 'receipt-success-onledger'] as const;

/** A Stardust sample read with JSON.parse (numbers as JS numbers): a body a test sends again. */
export const plainStardustSample = (name: string): Body => JSON.parse(stardustSampleText(name)) as Body;

/** A Rebased sample read with JSON.parse (numbers as JS numbers): a body a test sends again. */
export const plainRebasedSample = (name: string): Body => JSON.parse(rebasedSampleText(name)) as Body;
