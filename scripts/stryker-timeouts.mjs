// A default timeout for the mutation run's tests. Stryker's mocha runner creates Mocha with no
// timeout (stryker.mocharc.json's is not applied), so a mutant that leaves a test waiting (a retry
// bound removed, a promise never settled) runs on until Stryker's own budget ends it: a Timeout,
// which restarts the worker, and the new worker loads every test file again inside the next
// mutant's budget, often timing that one out too. With this limit such a test fails, the mutant is
// Killed and the worker stays. Equal to stryker.config.mjs's timeoutMS, so it never ends a run
// Stryker would still wait for. A test or suite that sets its own timeout keeps it.
const LIMIT_MS = 2_500;

export const mochaHooks = {
  beforeEach() {
    const test = this.currentTest;
    if (test && test.timeout() === 0) test.timeout(LIMIT_MS);
  },
};
