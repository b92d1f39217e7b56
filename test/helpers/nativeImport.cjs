// Node's own import(), for test/helpers/inProcess.ts: required through Node's require, this file is not run by
// vitest's module runner, so the modules it imports are loaded by Node as the CLI's own process loads them.
module.exports = (url) => import(url);
