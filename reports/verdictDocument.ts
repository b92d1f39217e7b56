/**
 * The verdict as `--json` and verdict.json carry it: plain data, flags by their command-line names, every
 * number unrounded, NaN and infinities as null.
 */
import { HIDDEN_CHOICES, type HiddenChoices, type HiddenKey } from '../sim/reproduction/arms.js';
import { outlierClaim } from './tables/headline.js';
import type { FigureId } from '../sim/reproduction/figures.js';
import { BANDWIDTH_SCALES, MAIN_SCALE } from '../sim/reproduction/likelihood/armEstimate.js';
import type { Distance } from '../sim/reproduction/likelihood/predictive.js';
import type { Verdict } from '../sim/reproduction/verdict.js';

const finite = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
const flag = (key: HiddenKey): string => HIDDEN_CHOICES.find((c) => c.key === key)!.flag;

interface DistanceDocument {
  readonly pValue: number | null;
  readonly distance: number | null;
  readonly figures: number;
  readonly replicates: number;
  readonly worst: Distance['worst'];
}

const distance = (d: Distance): DistanceDocument => ({
  pValue: finite(d.pValue),
  distance: finite(d.distance),
  figures: d.figures.length,
  replicates: d.replicates,
  worst: d.worst,
});

export interface VerdictDocument {
  readonly best: HiddenChoices;
  readonly posterior: number | null;
  readonly posteriorInterval: readonly (number | null)[];
  readonly logLikelihood: number | null;
  readonly logLikelihoodSe: number | null;
  readonly credible: readonly { readonly hidden: HiddenChoices; readonly posterior: number | null }[];
  /**
   * The 90 % confidence set: its readings, and every reading examined with the article's λ (nats below the
   * best) and its threshold from `publications` simulated under it; null for a quick audit.
   */
  readonly confidence: {
    readonly members: readonly HiddenChoices[];
    readonly examined: readonly {
      readonly hidden: HiddenChoices;
      readonly lambda: number;
      readonly threshold: number;
    }[];
    readonly span: number;
    readonly publications: number;
  } | null;
  readonly tied: readonly {
    readonly hidden: HiddenChoices;
    readonly posterior: number | null;
    readonly logBayesFactor: number | null;
  }[];
  readonly identified: Partial<HiddenChoices>;
  readonly open: readonly string[];
  /** Open choices the estimable readings alone would identify, held open by readings not estimable. */
  readonly heldOpen: readonly string[];
  /** Per open choice, how many readings not estimable could compete holding another value than its leading one. */
  readonly blockedBy: Record<string, number>;
  /** Choices no figure can tell apart: their readings give identical runs. */
  readonly unidentifiable: readonly string[];
  /** Per choice, the share of the credible readings' runs its twins reproduce exactly. */
  readonly identicalRuns: Record<string, number | null>;
  readonly marginals: Record<
    string,
    Record<
      string,
      {
        posterior: number | null;
        low: number | null;
        high: number | null;
        estimableLow: number | null;
        byBandwidth: (number | null)[];
      }
    >
  >;
  readonly bandwidths: Record<string, number>;
  readonly bandwidthScales: readonly number[];
  readonly priorSensitivity: readonly {
    readonly prior: string;
    readonly tilt: number;
    readonly bestPosterior: number | null;
    readonly identified: Partial<HiddenChoices>;
  }[];
  readonly notEstimable: number;
  readonly couldCompete: readonly HiddenChoices[];
  readonly randomControl: {
    readonly closedForm: number;
    readonly estimatedProbability: number;
    readonly logSe: number | null;
  };
  readonly patternShare: number;
  readonly story: {
    readonly article: number;
    readonly articleSe: number;
    readonly medianOwn: number;
    readonly medianOwnSe: number;
    readonly asRare: number;
    readonly asRareSe: number;
  } | null;
  readonly extremeness: {
    readonly figure: FigureId;
    readonly tail: number;
    readonly corrected: number;
    readonly correctedSe: number;
  } | null;
  /**
   * The outlier claim (docs/reproduction.md, "One standard for surprise"): the smallest of the checks' p-values,
   * corrected for being the smallest, with its Monte Carlo error, and the figure without which it rises most.
   */
  readonly outlier: {
    readonly claim: string;
    readonly checks: number;
    readonly smallest: { readonly check: string; readonly pValue: number };
    readonly pValue: number;
    readonly se: number;
    readonly publications: number;
    readonly culprit: { readonly figure: FigureId; readonly without: number; readonly tail: number } | null;
  } | null;
  /** The exploitation arm's final mean over the readings left open: the lowest and the highest. */
  readonly openEffect: {
    readonly readings: number;
    readonly lowest: { readonly hidden: HiddenChoices; readonly mean: number; readonly se: number };
    readonly highest: { readonly hidden: HiddenChoices; readonly mean: number; readonly se: number };
  };
  readonly replicates: number;
  readonly check: {
    readonly joint: DistanceDocument;
    readonly arms: Record<string, DistanceDocument>;
    readonly conditional: readonly {
      readonly arm: string;
      readonly given: readonly FigureId[];
      readonly runs: number;
      readonly distance: DistanceDocument | null;
      readonly figures: readonly {
        readonly id: FigureId;
        readonly published: number;
        readonly pValue: number;
        readonly below: number;
      }[];
    }[];
  } | null;
  readonly crossCheck: {
    readonly readings: readonly {
      readonly hidden: HiddenChoices;
      readonly abc: number;
      readonly abcSe: number;
      /** By the synthetic likelihood (null where it could not estimate the reading). */
      readonly synthetic: number | null;
      readonly syntheticSe: number | null;
      readonly main: number;
      readonly mainSe: number;
    }[];
    readonly orderAgrees: boolean;
    readonly syntheticOrderAgrees: boolean;
    readonly testUnit: {
      readonly main: number;
      readonly mainSe: number;
      readonly abc: number;
      readonly abcSe: number;
      readonly agree: boolean;
      readonly synthetic: number | null;
      readonly syntheticSe: number | null;
      readonly syntheticAgrees: boolean;
    } | null;
  };
  readonly sentences: readonly string[];
}

export function verdictDocument(
  v: Verdict,
  sentences: readonly string[],
  bandwidths: ReadonlyMap<FigureId, number>,
): VerdictDocument {
  const main = v.best.likelihood.byScale[MAIN_SCALE]!;
  const c = v.checks;
  return {
    best: v.best.hidden,
    posterior: finite(v.best.posterior),
    posteriorInterval: v.bestInterval.map(finite),
    logLikelihood: finite(main.log),
    logLikelihoodSe: finite(main.se),
    credible: v.credible.map((e) => ({ hidden: e.hidden, posterior: finite(e.posterior) })),
    confidence:
      v.confidence === null
        ? null
        : {
            members: v.confidence.members.map((e) => e.hidden),
            examined: v.confidence.examined.map((e) => ({
              hidden: e.hidden,
              lambda: e.lambda,
              threshold: e.threshold.value,
            })),
            span: v.confidence.span,
            publications: v.confidence.publications,
          },
    tied: v.tied.map((e) => ({
      hidden: e.hidden,
      posterior: finite(e.posterior),
      logBayesFactor: finite(e.logBayesFactor),
    })),
    identified: v.identified,
    open: v.open.map(flag),
    heldOpen: v.heldOpen.map(flag),
    blockedBy: Object.fromEntries(Object.entries(v.blockedBy).map(([k, list]) => [flag(k as HiddenKey), list!.length])),
    unidentifiable: v.unidentifiable.map(flag),
    identicalRuns: Object.fromEntries(v.sameRuns.map((s) => [flag(s.key), s.runs === 0 ? null : s.identical / s.runs])),
    marginals: Object.fromEntries(
      v.marginals.map((m) => [
        flag(m.key),
        Object.fromEntries(
          m.values.map((x) => [
            x.value,
            {
              posterior: finite(x.posterior),
              low: finite(x.low),
              high: finite(x.high),
              estimableLow: finite(x.estimableLow),
              byBandwidth: x.byScale.map(finite),
            },
          ]),
        ),
      ]),
    ),
    bandwidths: Object.fromEntries(bandwidths),
    bandwidthScales: BANDWIDTH_SCALES,
    priorSensitivity: v.priorSensitivity.map((p) => ({ ...p, bestPosterior: finite(p.bestPosterior) })),
    notEstimable: v.notEstimable.length,
    couldCompete: v.couldCompete.map((e) => e.hidden),
    randomControl: {
      closedForm: v.randomControl.closedForm,
      estimatedProbability: v.randomControl.estimated,
      logSe: finite(v.randomControl.logSe),
    },
    patternShare: v.best.patternShare,
    story:
      c === null
        ? null
        : {
            article: c.storyErrors.article.value,
            articleSe: c.storyErrors.article.se,
            medianOwn: c.storyErrors.medianOwn.value,
            medianOwnSe: c.storyErrors.medianOwn.se,
            asRare: c.storyErrors.asRare.value,
            asRareSe: c.storyErrors.asRare.se,
          },
    extremeness:
      c === null
        ? null
        : {
            figure: c.extremeness.most.id,
            tail: c.extremeness.most.tail,
            corrected: c.mostExtreme.value,
            correctedSe: c.mostExtreme.se,
          },
    outlier:
      c === null
        ? null
        : {
            claim: outlierClaim(v),
            checks: c.surprise.checks,
            smallest: { check: c.surprise.smallest.what, pValue: c.surprise.smallest.pValue },
            pValue: c.surprise.pValue,
            se: c.surprise.se,
            publications: c.surprise.publications,
            culprit:
              c.surprise.culprit === null
                ? null
                : { figure: c.surprise.culprit.id, without: c.surprise.culprit.without, tail: c.surprise.culprit.tail },
          },
    openEffect: {
      readings: v.openEffect.readings,
      lowest: { hidden: v.openEffect.lowest.hidden, mean: v.openEffect.lowest.mean, se: v.openEffect.lowest.se },
      highest: { hidden: v.openEffect.highest.hidden, mean: v.openEffect.highest.mean, se: v.openEffect.highest.se },
    },
    replicates: v.replicates,
    check:
      c === null
        ? null
        : {
            joint: distance(c.predictive.joint),
            arms: Object.fromEntries(c.predictive.arms.map((a) => [a.arm, distance(a)])),
            conditional: c.predictive.conditional.map((k) => ({
              arm: k.arm,
              given: k.given,
              runs: k.runs,
              distance: k.distance === null ? null : distance(k.distance),
              figures: k.figures,
            })),
          },
    crossCheck: {
      readings: v.crossCheck.rows.map((r) => ({
        hidden: r.entry.hidden,
        abc: r.abc.log,
        abcSe: r.abc.se,
        synthetic: r.synthetic?.log ?? null,
        syntheticSe: r.synthetic?.se ?? null,
        main: r.main.log,
        mainSe: r.main.se,
      })),
      orderAgrees: v.crossCheck.orderAgrees,
      syntheticOrderAgrees: v.crossCheck.syntheticOrderAgrees,
      testUnit:
        v.crossCheck.testUnit === null
          ? null
          : {
              main: v.crossCheck.testUnit.main.log,
              mainSe: v.crossCheck.testUnit.main.se,
              abc: v.crossCheck.testUnit.abc.log,
              abcSe: v.crossCheck.testUnit.abc.se,
              agree: v.crossCheck.testUnit.agree,
              synthetic: v.crossCheck.testUnit.synthetic?.log ?? null,
              syntheticSe: v.crossCheck.testUnit.synthetic?.se ?? null,
              syntheticAgrees: v.crossCheck.testUnit.syntheticAgrees,
            },
    },
    sentences,
  };
}
