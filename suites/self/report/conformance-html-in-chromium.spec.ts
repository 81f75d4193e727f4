/**
 * conformance.html in a real browser: Debian's Chromium (never a downloaded one) opens the page from disk with every
 * network request refused, and the summary, the three filters and a failure's evidence must render and work. The
 * page quotes a hostile answer, which must stay text. A screenshot is attached to the test's report.
 */
import { rootCausesFirst } from '../../../src/report/root-causes.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, debianChromium, NO_DEBIAN_CHROMIUM } from '../../../src/runner/debian-chromium.js';
import { HOSTILE_MARKUP, sampleReport } from '../../../fixtures/self/sample-report.js';
import { renderHtml, topSection } from '../../../src/report/render-html.js';

const executablePath = debianChromium();
const chromiumRequired = (process.env.KIT_REQUIRE_CHROMIUM ?? '') === '1';

test.describe('conformance.html in Chromium', () => {
  // On a machine without the package the test says so; CI installs it and sets KIT_REQUIRE_CHROMIUM=1 (.ci/run), so
  // there it must run.
  test.skip(executablePath === undefined && !chromiumRequired, NO_DEBIAN_CHROMIUM);

  const report = sampleReport();
  let browser: Browser;
  let dir: string;
  const blocked: string[] = [];

  test.beforeAll(async () => {
    if (executablePath === undefined) throw new Error(`KIT_REQUIRE_CHROMIUM=1, yet ${NO_DEBIAN_CHROMIUM}`);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    dir = mkdtempSync(path.join(tmpdir(), 'kit-html-'));
    writeFileSync(path.join(dir, 'conformance.html'), renderHtml(report));
  });

  test.afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openReport(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Self-contained means no request but the page itself.
    await page.route('**/*', async (route) => {
      if (route.request().url().startsWith('file:')) return route.continue();
      blocked.push(route.request().url());
      return route.abort();
    });
    await page.goto(pathToFileURL(path.join(dir, 'conformance.html')).href);
    return page;
  }

  const rows = (page: Page) => page.locator('tbody tr');
  const visibleRows = (page: Page) => page.locator('tbody tr:not([hidden])');

  test('should show the outcome and the counts of the report', async () => {
    const page = await openReport();
    await expect(page.locator('#outcome')).toHaveText(/^Not conformant/);
    await expect(page.locator('#count-pass b')).toHaveText(String(report.summary.pass));
    await expect(page.locator('#count-fail b')).toHaveText(String(report.summary.fail));
    await expect(page.locator('#count-not-verified b')).toHaveText(String(report.summary.notVerified));
    await expect(page.locator('#count-unspecified b')).toHaveText(String(report.summary.unspecified));
    await expect(rows(page)).toHaveCount(report.requirements.length);
    const total = report.requirements.length;
    await expect(page.locator('#shown')).toHaveText(`${total} of ${total} requirements`);
    expect(blocked).toEqual([]);
  });

  test('should filter the matrix by verdict, section and level, alone and together', async () => {
    const page = await openReport();
    const total = report.requirements.length;
    const expectShown = async (predicate: (r: (typeof report.requirements)[number]) => boolean) => {
      const ids = rootCausesFirst(report.requirements)
        .filter(predicate)
        .map((r) => r.id);
      await expect(page.locator('#shown')).toHaveText(`${ids.length} of ${total} requirements`);
      const shown = await Promise.all((await visibleRows(page).all()).map((row) => row.getAttribute('id')));
      expect(shown).toEqual(ids);
    };

    await page.locator('#f-verdict').selectOption('NOT VERIFIED');
    await expectShown((r) => r.verdict === 'NOT VERIFIED');
    await page.locator('#f-verdict').selectOption('FAIL');
    await expectShown((r) => r.verdict === 'FAIL');
    await page.locator('#f-verdict').selectOption('');
    await page.locator('#f-section').selectOption('§5');
    await expectShown((r) => topSection(r.section) === '§5');
    await page.locator('#f-level').selectOption('profile');
    await expectShown((r) => topSection(r.section) === '§5' && r.level === 'profile');
    await page.locator('#f-section').selectOption('');
    await page.locator('#f-level').selectOption('');
    await expectShown(() => true);
    expect(blocked).toEqual([]);
  });

  test('should put the root cause first and link what it blocks both ways', async () => {
    const page = await openReport();
    // AUTH-NO-LOGIN failed and blocked AUTH-NO-KEY (fixtures/self/sample-report.ts).
    await expect(rows(page).first()).toHaveAttribute('id', 'AUTH-NO-LOGIN');
    await expect(page.locator('#AUTH-NO-LOGIN .blocks')).toHaveText('root cause: blocks AUTH-NO-KEY');
    const blockedBy = page.locator('#AUTH-NO-KEY .blocked-by a');
    await expect(blockedBy).toHaveText('AUTH-NO-LOGIN');
    await blockedBy.click();
    await expect(page).toHaveURL(/#AUTH-NO-LOGIN$/);
    await expect(page.locator('#count-blocked b')).toHaveText(String(report.summary.blocked));
    expect(blocked).toEqual([]);
  });

  test("should open a failing requirement's evidence and show hostile markup as text", async () => {
    const page = await openReport();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.locator('#f-verdict').selectOption('FAIL');
    const failing = page.locator('tr#AUTH-NO-LOGIN');
    const evidence = failing.locator('details.failure .evidence');
    await expect(evidence).toBeHidden();
    await failing.locator('details.failure summary').click();
    await expect(evidence).toBeVisible();
    await expect(evidence).toContainText('expected 401 NO_LOGIN, got 401 NO_KEY');
    await expect(evidence.locator('h4', { hasText: 'Response' })).toBeVisible();
    await expect(evidence).toContainText('{"error":"NO_KEY"');
    await expect(evidence).toContainText(HOSTILE_MARKUP);
    await expect(page.locator('tbody img, tbody script')).toHaveCount(0);
    expect(await page.title()).not.toBe('pwned');
    expect(dialogs).toEqual([]);

    const screenshot = test.info().outputPath('conformance-html.png');
    await page.screenshot({ path: screenshot, fullPage: false });
    await test.info().attach('conformance.html in Chromium', { path: screenshot, contentType: 'image/png' });
    expect(blocked).toEqual([]);
  });
});
