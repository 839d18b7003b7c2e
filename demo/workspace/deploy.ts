// Hover any request ID below to see its receipt (Wasp Chain Explorer).
// The chains in .vscode/settings.json point at the local demo node that `npm start` runs.

/** The ERC-20 transfer that went through. */
export const transferOk = '0xfe45ee74b0f8513153fea907df4676d439b7292e760ec8149baee43b3721142d0000';

/** The ERC-20 transfer that reverted: the hover decodes the revert reason. */
export const transferReverted = '0x34d1c3d5395b97153a8531a38efc0286702e718e6f69e97711d5f0b27b0d038d0000';

// Sent, no receipt yet: the demo node processes it 2 minutes after `npm start`. Hover it and click
// Watch: the status bar counts it, and a notification says when its receipt arrives.
export const pending = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a0000feed0000';

// An off-ledger withdraw that failed: 0x088cbd0316e9951918579b2e81250f9d6597db7475aaf168df6869d1244f36b80000
export const deposits = [
  '0x5c323bfc0cbe05a229fd9b39adc6ee0cb1905c31d8129f55e347a988ed5e03a90100', // on-ledger, tokens and an NFT (ShimmerEVM)
  '0xcc93b041822ecd41b79ac156ecafc6164e273de295c8f74c95ed79d2b7813cb50000', // contract call with params and a gas burn log
];

// Rebased (Wasp 2.x): the "Example EVM (Rebased)" chain, configured without a chain ID (its node
// runs one chain). A request ID there is 0x + 64 hex, the shape of a private key too: the hover
// looks one up by itself only where its name says it is an ID (…TxHash, …RequestId), as here.
export const rebased = {
  evmTransferTxHash: '0x3356f3dd90e7a6940c8f38068c9ba01b40c6d5144c5f6e2c7a2b584ffa91e338', // EVM transaction, success
  evmRevertedTxHash: '0xfd73e87fea43372dedab5d2b96d288425415072a7948b9877559ec9fec49fcb9', // reverted: ERC20 transfer amount exceeds balance
  onLedgerRequestId: '0xe47aa6b567c9d1e6c265fa2797805783a4f641e2a6496f60cf8eb5d678a62c1e', // on-ledger, coins and an object
  iscFailureRequestId: '0xba5d2eac9662aa01bbc659ac65fff7a2f79bedfe62d9aa7e100d666f36c737cb', // contract not found (core error c674)
  contractErrorRequestId: '0x5be0d5c8e2a1f1e4b7a9d3c6f0e2b4a6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8', // a contract's own error 0xfa9fa907:0001
  // The Vault (evm/): open the receipt for its call tree, Show State Changes, Load EVM Logs.
  vaultRevertedTxHash: '0x8a3f6e8c08e90d57c4118234ab9ca89173a74c4958162ed228bc292b0766c22a', // reverted three calls deep: InsufficientBalance(3, 5)
  vaultDepositTxHash: '0x9d3496acdb2bbb2d3e274a3ac964241d9ff3b967cc3bd4aae89e3dbb1ff468ad', // deposit("for rent"): creates a contract, calls the magic contract
};

// Not an ID, so not looked up without a click: Anvil's first development key, public to everyone.
// Hover it: the hover sends nothing and says why.
export const deployerKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
