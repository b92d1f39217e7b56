/**
 * manifest.json of a sweep folder (kind 'sweep'), one format for `hexa sweep`, `hexa merge` and the API's
 * `writeSweepFolder`: the grid (its id, its cells, and the axes when the cells come from a grid), the shard,
 * the columns, and the status of every cell (done / failed with its error / pending) with its swept values.
 * The cell list is streamed to disk one entry at a time, so writing it does not hold the whole document in
 * memory.
 */
import { readFileSync, writeSync } from 'node:fs';
import { writeDurable } from '../../../reports/store/durable.js';
import { join } from 'node:path';
import { makeManifest } from '../../../reports/manifest.js';
import type { Checksums } from '../../../reports/store/checksums.js';
import type { ModuleRef } from '../../../sim/experiment/config.js';
import type { Axis } from '../grid.js';
import { idAt, type SweepPlan } from '../cells.js';
import { DONE, FAILED, MANIFEST, type CellStates } from './store.js';

/** A share of the cells: shard `index` of `count` (0-based); an unsharded sweep is 0/1. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

export type SweepStatus = 'running' | 'done' | 'failed' | 'stopped';

/** What a sweep folder's manifest says about the sweep (the parts resume and merge check). */
export interface SweepManifestHead {
  readonly kind: 'sweep';
  readonly version: string;
  readonly gitCommit: string | null;
  readonly status: SweepStatus;
  /** No axes when the cells were a list of configurations (the API's), not a grid. */
  readonly grid: { readonly id: string; readonly cells: number; readonly axes?: readonly Axis[] };
  readonly shard: Shard;
  readonly replicates: number;
  /** Plugin modules the cells used, with the SHA-256 of each file (absent without plugins). */
  readonly modules?: readonly ModuleRef[];
  /** 'compacted': the sweep is done and its cell files were deleted, its rows kept once in its tables. */
  readonly store?: 'compacted';
}

export interface CellCounts {
  readonly cells: number;
  readonly done: number;
  readonly failed: number;
  readonly pending: number;
}

export function countCells(positions: readonly number[], states: CellStates): CellCounts {
  let done = 0;
  let failed = 0;
  for (const p of positions) {
    if (states.status[p] === DONE) done++;
    else if (states.status[p] === FAILED) failed++;
  }
  return { cells: positions.length, done, failed, pending: positions.length - done - failed };
}

/** A finished sweep is 'done'; with failed cells 'failed'; with cells not run (fail-fast) 'stopped'. */
export function statusOf(counts: CellCounts): SweepStatus {
  return counts.pending > 0 ? 'stopped' : counts.failed > 0 ? 'failed' : 'done';
}

/**
 * Write the manifest durably. With `states` undefined (a sweep just starting) the cell list is left
 * out; otherwise every cell of the shard is listed in canonical order with its status. `checksums` records
 * the output files as written (results.csv's rows, bytes and SHA-256), for readers to verify them.
 */
export function writeSweepManifest(
  dir: string,
  plan: SweepPlan,
  shard: Shard,
  positions: readonly number[],
  startedAt: Date,
  status: SweepStatus,
  states?: CellStates,
  checksums?: Checksums,
  /** More the manifest says (the skill database a sweep wrote). */
  extra: Readonly<Record<string, unknown>> = {},
): void {
  const head = makeManifest('sweep', plan.seed, startedAt, {
    status,
    grid: { id: plan.gridId, cells: plan.ids.length, ...(plan.grid !== null ? { axes: plan.grid.axes } : {}) },
    shard,
    replicates: plan.replicates,
    ...(plan.modules.length > 0 ? { modules: plan.modules } : {}),
    columns: plan.columns,
    files: {
      results: 'results.csv',
      // A compacted folder has no cells/ left to describe.
      ...(extra.store === 'compacted'
        ? {}
        : {
            cells:
              'cells/<id>.csv (rows of one finished cell, then a footer: their count and SHA-256), ' +
              'cells/<id>.failed (its error)',
          }),
    },
    ...extra,
    ...(states === undefined ? {} : { summary: countCells(positions, states) }),
    ...(checksums === undefined ? {} : { checksums }),
  });
  writeDurable(join(dir, MANIFEST), (fd) => {
    const text = JSON.stringify(head, null, 2);
    if (states === undefined) {
      writeSync(fd, `${text}\n`);
      return;
    }
    let chunk = `${text.slice(0, -2)},\n  "cells": [`;
    positions.forEach((p, k) => {
      chunk += (k === 0 ? '\n    ' : ',\n    ') + JSON.stringify(cellEntry(plan, p, states));
      if (chunk.length >= 1 << 16) {
        writeSync(fd, chunk);
        chunk = '';
      }
    });
    writeSync(fd, `${chunk}\n  ]\n}\n`);
  });
}

function cellEntry(plan: SweepPlan, position: number, states: CellStates): Record<string, unknown> {
  const code = states.status[position];
  const status = code === DONE ? 'done' : code === FAILED ? 'failed' : 'pending';
  const error = states.errors.get(position);
  return {
    id: idAt(plan, position),
    status,
    ...(error !== undefined ? { error } : {}),
    values: plan.valuesAt(position),
  };
}

/** Read a folder's manifest head, or undefined when it is missing, unreadable or not a sweep's. */
export function readSweepManifest(dir: string): SweepManifestHead | undefined {
  try {
    const doc = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Partial<SweepManifestHead>;
    if (doc.kind !== 'sweep' || doc.grid === undefined || doc.shard === undefined) return undefined;
    return doc as SweepManifestHead;
  } catch {
    return undefined;
  }
}
