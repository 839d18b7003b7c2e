// The demo's chains as a user configures them (`waspChain.chains`), apart from the session that
// starts them (demo.mjs), so the demo-consistency unit test reads the very list the demo writes.
// Each name says the chain's generation: the demo's Stardust chains must not pass for the public
// IOTA EVM, which Add Chain (rightly) calls a Rebased chain.

/** The demo chains' names, by what each is. */
export const DEMO_CHAIN_NAMES = {
  iotaEvm: 'IOTA EVM (Stardust demo)',
  shimmerEvm: 'ShimmerEVM (Stardust demo)',
  stopped: 'Stopped testnet (Stardust demo)',
  rebased: 'Example EVM (Rebased)',
  protected: 'Protected EVM (Rebased, sign in)',
};

/** The demo chain whose node wants an access token (Sign In as wasp / wasp, see demo/workspace/README.md). */
export const PROTECTED_CHAIN = DEMO_CHAIN_NAMES.protected;

/**
 * The demo chains as `waspChain.chains` entries: the Stardust ones on the Stardust demo node and,
 * when they run, the Rebased nodes' chains, configured as a user would: without a chain ID.
 */
export function demoChains(nodeUrl, rebasedUrl, protectedUrl) {
  return [
    { name: DEMO_CHAIN_NAMES.iotaEvm, nodeUrl, chainId: 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5' },
    { name: DEMO_CHAIN_NAMES.shimmerEvm, nodeUrl, chainId: 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s' },
    { name: DEMO_CHAIN_NAMES.stopped, nodeUrl, chainId: 'rms1pqps62rkyfzwy646hg5097e6t6rfs7mnhs9sxfgl2tv9qp6kwmf6spfqxa3' },
    ...(rebasedUrl ? [{ name: DEMO_CHAIN_NAMES.rebased, nodeUrl: rebasedUrl }] : []),
    ...(protectedUrl ? [{ name: PROTECTED_CHAIN, nodeUrl: protectedUrl }] : []),
  ];
}

/** The chain the demo's settings make the default. */
export const DEMO_DEFAULT_CHAIN = DEMO_CHAIN_NAMES.iotaEvm;
