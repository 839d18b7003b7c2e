// The one entry into the ABI library, ox (wevm's Ethereum standard library, the base of viem): an ES
// module (.mts) so that it may import ox's ESM-only types, and one deep import so that the bundle
// keeps only the ABI decoder. decode.ts loads it with `await import()`: a chunk of its own.
export { decode as decodeAbiParameters } from 'ox/AbiParameters';
