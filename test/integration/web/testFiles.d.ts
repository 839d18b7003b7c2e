/** mocha's browser build: a CommonJS module whose export is the `mocha` instance of a page. */
declare module 'mocha/mocha.js' {
  const mocha: BrowserMocha;
  export default mocha;
}
