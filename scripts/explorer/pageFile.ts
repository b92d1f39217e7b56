/** Where the built page lies in the package: dist/explorer/, written by build.ts, read by `hexa explorer`. */
export const PAGE_FILE = new URL('../../explorer/hexa-explorer.html', import.meta.url);
