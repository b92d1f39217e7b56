/**
 * The key the completion scripts (completionScripts.ts) ask for words with: yargs' name, so a script printed by an
 * older hexa (which yargs answered) keeps working. A file of its own: the entry reads it first, before it knows
 * whether the completion command's module is needed.
 */
export const COMPLETE_FLAG = '--get-yargs-completions';
