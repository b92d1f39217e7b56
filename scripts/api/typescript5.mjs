// TypeDoc reads sources through the TypeScript compiler API, which TypeScript 7 (the project's `tsc`) does not
// ship yet. `npm run docs` therefore preloads this file: it sends TypeDoc's own `import 'typescript'` to the
// TypeScript 5.9 installed beside it as `typescript-5`, and leaves every other importer on TypeScript 7.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/typedoc/')) {
    return next('typescript-5', context);
  }
  return next(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
