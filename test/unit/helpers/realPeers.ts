// What the suites against the real peers (test/fixtures/realPeers) build from the project's records:
// the ABI index of its Hardhat artifacts and the address book of its deployment records, read with
// the extension's own parsers, as the workspace scan reads them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AbiIndex, parseAbiText } from '../../../src/evm/model/abiIndex';
import { AddressBook, deploymentKind, parseDeploymentRecord, type AddressLabel, type FolderChainId } from '../../../src/workspace/model/deployments';
import type { RealPeers } from '../../fixtures/realPeers/realPeers';

/** Every file below `dir`, as '/'-separated paths relative to it, in sorted order. */
export function files(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory()
        ? files(p, base)
        : [
            p
              .slice(base.length + 1)
              .split('\\')
              .join('/'),
          ];
    });
}

/** The ABIs of the project's Hardhat artifacts (artifacts/src/Bank.sol/*.json), one file each. */
export function realPeersAbiIndex(peers: RealPeers): AbiIndex {
  const index = new AbiIndex();
  for (const rel of files(peers.project).filter((f) => f.startsWith('artifacts/src/'))) {
    const parsed = parseAbiText(readFileSync(join(peers.project, rel), 'utf8'));
    if (parsed) index.setFile(`file:///w/${rel}`, rel, parsed.items);
  }
  return index;
}

/** The address book of every deployment record in the project (forge's broadcast, Ignition, hardhat-deploy). */
export function realPeersAddressBook(peers: RealPeers): AddressBook {
  const labels: AddressLabel[] = [];
  const chains: FolderChainId[] = [];
  for (const rel of files(peers.project)) {
    const kind = deploymentKind(rel);
    if (kind === undefined) continue;
    const read = parseDeploymentRecord(kind, rel, readFileSync(join(peers.project, rel), 'utf8'));
    labels.push(...read.labels);
    if (read.folderChainId) chains.push(read.folderChainId);
  }
  return new AddressBook(labels, chains);
}
