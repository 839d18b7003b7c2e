// The words that say a hex string is a transaction or request ID: transaction, hash, request,
// receipt, block, reverted (and a few other languages' words for a transaction). Pure.

/** Parts that say transaction, hash, request, receipt or block (in a few languages). */
const TX_WORDS = new Set([
  'tx',
  'txs',
  'txn',
  'txns',
  'txid',
  'txhash',
  'transaction',
  'transactions',
  'hash',
  'hashes',
  'request',
  'requests',
  'req',
  'receipt',
  'receipts',
  'block',
  'blocks',
  'digest',
  // What only a transaction does.
  'revert',
  'reverted',
  'transaktion',
  'transaktionen',
  'transacción',
  'transaccion',
  'transação',
  'transacao',
  'transazione',
  'транзакция',
  'транзакции',
]);
const TX_SCRIPT = ['交易', 'トランザクション', '트랜잭션'];

/** One identifier part that says transaction, hash, request, receipt or block. */
export function namesTransaction(p: string): boolean {
  return TX_WORDS.has(p) || TX_SCRIPT.some((w) => p.includes(w));
}

/** Whether any of these parts says so. */
export function namesTx(ps: readonly string[]): boolean {
  return ps.some(namesTransaction);
}
