/** The CLI helpers moved to test/helpers/cli.ts; this name stays for the tests that import it from here. */
export * from '../../helpers/cli.js';
