/**
 * A run parameter, declared once beside the code that uses its value (the agent's beside the agent, the
 * lifecycle's beside the lifecycle …), as plain data: its flag, kind, default, range, help section and
 * text, tidy-CSV column, chart label, and whether it is one of the article's hidden choices. Everything
 * else is derived from the declarations: the command line's flags and their validation (scripts/config),
 * the sweep file's JSON Schema, the CSV columns (reports/csv), chart titles, the audit's readings, and the
 * TypeScript type of the configuration itself (`ParamValues`).
 *
 * Declarations are grouped into trees shaped like the configuration they fill (`agent.lifecycle.paper.cap`),
 * so a tree's key order is the configuration's key order.
 */

/** The sections of `hexa run --help`, in the order the help lists them (and lists a section's flags in). */
export const SECTIONS = {
  world: 'World:',
  protocol: 'Protocol:',
  agent: 'Agent (published rules):',
  hidden: 'Hidden choices (the article does not say):',
  skills: 'Skills and lifecycle:',
  exploration: 'Exploration policy:',
  tools: 'Tool loop (flaky-tools-v1):',
  rules: 'Lifecycle constants:',
  mode: 'Library mode (HExA matrix; sets window and update):',
} as const;
export type Section = keyof typeof SECTIONS;

interface ParamBase {
  /** The flag (`--min-evidence`), also the sweep file's key. */
  readonly flag: string;
  readonly section: Section;
  /** One line of help; the default is appended by the help, not written here. */
  readonly help: string;
  /** The tidy CSV's column. Absent: the flag in camelCase (`min-evidence` → `minEvidence`); null: no column. */
  readonly column?: string | null;
  /** After every other configuration column (columns that joined the CSV late, so older ones kept their places). */
  readonly late?: true;
  /** An axis title in words, with units; absent: charts show the column name. */
  readonly label?: string;
  /** One of the choices the article leaves open: the audit crosses them all, in this order (1 first). */
  readonly hiddenChoice?: number;
  /** One value even in a sweep, and why (it is an axis of its own, or keys the random numbers). */
  readonly single?: string;
  /** The text goes to the world as one of its parameters (the world checks it); no config field of its own. */
  readonly toWorld?: true;
}

/** A whole number in [min, max]; a null default is decided at run time (the CSV writes `auto`). */
export interface IntegerParam extends ParamBase {
  readonly kind: 'integer';
  readonly default: number | null;
  readonly min: number;
  readonly max?: number;
}

/** A number at least `min` (above it with `exclusiveMin`) and at most `max`. */
export interface DecimalParam extends ParamBase {
  readonly kind: 'decimal';
  readonly default: number;
  readonly min?: number;
  readonly exclusiveMin?: true;
  readonly max?: number;
}

/** A probability or share in [0, 1]. */
export interface RateParam extends ParamBase {
  readonly kind: 'rate';
  readonly default: number;
}

/** A share in (0, 1]: zero would make every value a claim. */
export interface ShareParam extends ParamBase {
  readonly kind: 'share';
  readonly default: number;
}

export interface ChoiceParam extends ParamBase {
  readonly kind: 'choice';
  readonly values: readonly string[];
  readonly default: string;
}

export interface BooleanParam extends ParamBase {
  readonly kind: 'boolean';
  readonly default: boolean;
}

/** A built-in policy's name, or a module file (.mjs/.js) that brings a policy of kind `module`. */
export interface PolicyParam extends ParamBase {
  readonly kind: 'policy';
  readonly module: string;
  readonly values: readonly string[];
  readonly default: string;
  /** Absent from the configuration while it is the default (so configurations without a module keep their shape). */
  readonly optional?: true;
}

/** Numbers joined by '/' (a sweep reads commas as a list of cells). */
export interface NumbersParam extends ParamBase {
  readonly kind: 'numbers';
  readonly element: 'integer' | 'decimal';
  readonly min?: number;
  readonly default: readonly number[];
}

/** A registered environment id, or a module file (.mjs/.js, FILE#id) whose default export is an EnvSpec. */
export interface WorldParam extends ParamBase {
  readonly kind: 'world';
  readonly default: string;
}

/** Text the world reads, of the given shape. */
export interface TextParam extends ParamBase {
  readonly kind: 'text';
  /** A regular expression the text matches (for the sweep file's schema). */
  readonly pattern: string;
  /** The shape in words: "a bit string such as \"1011\" or \"random\"". */
  readonly shape: string;
}

/**
 * A file the run reads, named FILE or FILE#selector (a saved skill library, `--library-from`): absent from
 * the configuration unless given, so configurations without it keep their shape and their cells' ids.
 */
export interface FileParam extends ParamBase {
  readonly kind: 'file';
  /** The file in words, for the sweep file's schema: "a skill database (FILE.sqlite or FILE.sqlite#replicate)". */
  readonly shape: string;
  readonly optional: true;
}

export type Param =
  | IntegerParam
  | DecimalParam
  | RateParam
  | ShareParam
  | ChoiceParam
  | BooleanParam
  | PolicyParam
  | NumbersParam
  | WorldParam
  | TextParam
  | FileParam;
export type ParamKind = Param['kind'];

/** Declarations shaped like the configuration they fill. */
export interface ParamTree {
  readonly [key: string]: Param | ParamTree;
}

/** The value a declaration gives its configuration field. */
export type ValueOf<P> = P extends { readonly kind: 'integer'; readonly default: null }
  ? number | null
  : P extends { readonly kind: 'integer' | 'decimal' | 'rate' | 'share' }
    ? number
    : P extends { readonly kind: 'choice'; readonly values: readonly (infer V)[] }
      ? V
      : P extends { readonly kind: 'boolean' }
        ? boolean
        : P extends { readonly kind: 'policy'; readonly values: readonly (infer V)[] }
          ? V | (string & {})
          : P extends { readonly kind: 'numbers' }
            ? readonly number[]
            : P extends { readonly kind: 'world' | 'text' | 'file' }
              ? string
              : never;

type Omitted = { readonly toWorld: true } | { readonly optional: true };

/** The configuration a tree of declarations fills: one field per declaration, optional ones optional. */
export type ParamValues<T> = {
  readonly [K in keyof T as T[K] extends Omitted ? never : K]: T[K] extends Param ? ValueOf<T[K]> : ParamValues<T[K]>;
} & {
  readonly [K in keyof T as T[K] extends { readonly optional: true } ? K : never]?: ValueOf<T[K]>;
};
