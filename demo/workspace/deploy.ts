// Hover any request ID below to see its receipt (Wasp Chain Explorer).
// The chains in .vscode/settings.json point at the local demo node that `npm start` runs.

/** The ERC-20 transfer that went through. */
export const transferOk = '0xfe45ee74b0f8513153fea907df4676d439b7292e760ec8149baee43b3721142d0000';

/** The ERC-20 transfer that reverted: the hover decodes the revert reason. */
export const transferReverted = '0x34d1c3d5395b97153a8531a38efc0286702e718e6f69e97711d5f0b27b0d038d0000';

// An off-ledger withdraw that failed: 0x088cbd0316e9951918579b2e81250f9d6597db7475aaf168df6869d1244f36b80000
export const deposits = [
  '0x5c323bfc0cbe05a229fd9b39adc6ee0cb1905c31d8129f55e347a988ed5e03a90100', // on-ledger, tokens and an NFT (ShimmerEVM)
  '0xcc93b041822ecd41b79ac156ecafc6164e273de295c8f74c95ed79d2b7813cb50000', // contract call with params and a gas burn log
];
