// How `npm run mutation` loads the TypeScript sources: esbuild-register compiles each file to
// CommonJS as mocha requires it (the mutated sources in Stryker's sandbox, not the bundles under
// out/). Two things the bundler does for the build have to be done here too:
// - the lazy `import('./schemas.js')` of the client (and the receipt service) becomes a require,
//   as esbuild does when dynamic import is marked unsupported, so it goes through this hook;
// - a `.js` (`.mjs`) specifier names the `.ts` (`.mts`) source beside it (the ESM build's import style);
// - a `file:` URL, which import() takes and require() does not (a test importing one of scripts/),
//   names its path; a `.mjs` file of scripts/ is an ES module Node requires as it is, untranspiled.
import Module from 'node:module';
import { fileURLToPath } from 'node:url';
import { register } from 'esbuild-register/dist/node.js';

register({ extensions: ['.ts', '.tsx', '.mts', '.cts'], supported: { 'dynamic-import': false } });

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (typeof request === 'string' && request.startsWith('file:')) request = fileURLToPath(request);
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (e) {
    const m = /^(\.\.?\/.*)\.(m?)js$/.exec(request);
    if (!m) throw e;
    return resolve.call(this, `${m[1]}.${m[2]}ts`, parent, ...rest);
  }
};
