/**
 * The host: none is installed until a program installs one (the engine alone needs none), and Node's gives what
 * the engine borrows — files, module files and a compiler's report, a deadline that stops a synchronous loop, the
 * SQLite driver, threads that start with the same host.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { nodeHost } from '../../../../sim/core/host/node/index.js';

const dir = mkdtempSync(join(tmpdir(), 'hexa-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the host', () => {
  it('is refused, naming what needed one, in a thread where none was installed', async () => {
    vi.resetModules();
    const fresh = await import('../../../../sim/core/host/host.js');
    expect(() => fresh.host('a saved library')).toThrow(/^a saved library needs a host .* none is installed/);
    fresh.installHost(nodeHost);
    expect(fresh.host('a saved library')).toBe(nodeHost);
    vi.resetModules();
  });
});

describe("Node's host", () => {
  it('reads files by path and shows a path under the working folder relative to it', () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'bytes');
    expect(nodeHost.isFile(file)).toBe(true);
    expect([nodeHost.isFile(dir), nodeHost.isFile(join(dir, 'none'))]).toEqual([false, false]);
    expect(new TextDecoder().decode(nodeHost.readFile(file))).toBe('bytes');
    expect(() => nodeHost.readFile(join(dir, 'none'))).toThrow();
    expect(nodeHost.resolvePath('x/y.mjs')).toBe(join(process.cwd(), 'x', 'y.mjs'));
    expect(nodeHost.shownPath(join(process.cwd(), 'x', 'y.mjs'))).toBe(join('x', 'y.mjs'));
    expect(nodeHost.shownPath(file)).toBe(file);
    expect(nodeHost.pathOfUrl(pathToFileURL(file).href)).toBe(file);
    expect(nodeHost.pathOfUrl(file)).toBe(file);
  });

  it('runs a module file under a version, and reports where a syntax error is', async () => {
    const good = join(dir, 'good.mjs');
    writeFileSync(good, 'export default 1;\n');
    expect((await nodeHost.importModule(good, 'one')).default).toBe(1);
    writeFileSync(good, 'export default 2;\n');
    expect((await nodeHost.importModule(good, 'two')).default).toBe(2);
    expect(nodeHost.syntaxReport(good)).toBeUndefined();
    const bad = join(dir, 'bad.mjs');
    writeFileSync(bad, 'export default {\n  oops oops\n};\n');
    expect(nodeHost.syntaxReport(bad)).toMatch(new RegExp(`^${bad}:2\\n.*oops oops\\n\\s+\\^`));
  });

  it('stops a synchronous loop at the deadline, and otherwise gives what the call returned or threw', () => {
    // Calls that end are given a deadline a loaded machine cannot reach (starting V8's timer takes a while).
    expect(nodeHost.interruptAfter(30_000, () => 'done')).toEqual({ finished: true, value: 'done' });
    expect(
      nodeHost.interruptAfter(50, () => {
        for (;;);
      }),
    ).toEqual({ finished: false });
    expect(() =>
      nodeHost.interruptAfter(30_000, () => {
        throw new RangeError('its own');
      }),
    ).toThrow(RangeError);
  });

  it('loads the SQLite driver once, and counts the cores', () => {
    const driver = nodeHost.sqliteDriver();
    expect(nodeHost.sqliteDriver()).toBe(driver);
    const db = new driver(':memory:');
    expect(db.prepare('SELECT 6 * 7 AS n').get()).toEqual({ n: 42 });
    db.close();
    expect(nodeHost.cores()).toBeGreaterThanOrEqual(1);
  });

  it('starts a thread with the same host, the data it was given, and messages both ways', async () => {
    const thread = nodeHost.startThread(new URL('./threadEntry.js', import.meta.url), { data: { n: 7 } });
    const heard: unknown[] = [];
    let exited = false;
    await new Promise<void>((resolve, reject) => {
      thread.listen({
        message: (m) => {
          heard.push(m);
          if (heard.length === 1) thread.post('ping');
          else resolve();
        },
        error: reject,
        exit: () => (exited = true),
      });
    });
    await thread.stop();
    expect(heard).toEqual([{ host: 'Node', data: { n: 7 } }, { echo: 'ping' }]);
    expect(exited).toBe(false);
  });
});
