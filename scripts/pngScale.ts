/** `--png-scale S`, for every command that writes chart PNGs: PNG pixels per SVG pixel. */
import type { Options } from 'yargs';
import { DEFAULT_PNG_SCALE, PNG_SCALE_RANGE } from '../reports/render/render.js';
import { parseDecimal } from '../sim/core/params/read.js';
import { single } from './config/flags.js';

export const pngScaleOption: Options = {
  type: 'number',
  describe: `PNG pixels per SVG pixel, ${PNG_SCALE_RANGE[0]} to ${PNG_SCALE_RANGE[1]} [default: ${DEFAULT_PNG_SCALE}]`,
};

export function pngScaleFlag(value: unknown): number {
  const text = single('png-scale', value);
  return text === undefined
    ? DEFAULT_PNG_SCALE
    : parseDecimal('png-scale', text, PNG_SCALE_RANGE[0], false, PNG_SCALE_RANGE[1]);
}
