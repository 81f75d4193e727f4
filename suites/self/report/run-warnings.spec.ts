/**
 * The warnings a certification starts with (issue 16: a capture URL the target cannot reach, payouts on a target
 * elsewhere, a rate cap left at a local value) open the Markdown and HTML reports as they open the run, escaped.
 */
import { expect, test } from '@playwright/test';
import cases from '../../../fixtures/schema-cases/report/conformance.cases.js';
import type { ConformanceReport } from '../../../generated/report/conformance.gen.js';
import { renderHtml } from '../../../src/report/render-html.js';
import { renderMarkdown } from '../../../src/report/render-markdown.js';
import { sampleReport } from '../../../fixtures/self/sample-report.js';

const base = cases.valid.report as ConformanceReport;
const warning = 'payouts are allowed (safety.allowPayouts) on <staging>, a target elsewhere';

test('should list the run warnings in the Markdown report, before the failures', () => {
  const markdown = renderMarkdown({ ...base, warnings: [warning] });
  expect(markdown).toContain(`## Warnings about the run\n\n- ${warning}`);
  expect(markdown.indexOf('## Warnings about the run')).toBeLessThan(markdown.indexOf('## Errors outside the tests'));
});

test('should list the run warnings in the HTML report, escaped', () => {
  const html = renderHtml({ ...base, warnings: [warning] });
  expect(html).toContain(
    '<h2>Warnings about the run</h2><ul><li>payouts are allowed (safety.allowPayouts) on &lt;staging&gt;',
  );
});

test('should have no warnings section when the run had none', () => {
  const { warnings: _none, ...without } = { ...base, warnings: [] };
  expect(renderMarkdown(without)).not.toContain('Warnings about the run');
  expect(renderHtml(without)).not.toContain('Warnings about the run');
});

test("should quote the interface's own words beside a FAIL, in Markdown and in HTML, escaped", () => {
  const report = sampleReport();
  const failed = report.requirements.find((r) => r.id === 'AUTH-NO-LOGIN');
  expect(failed?.verdict).toBe('FAIL');
  expect(failed?.quote).toContain('missing publicKey gives 401 NO_LOGIN');
  const markdown = renderMarkdown(report);
  const section = markdown.slice(markdown.indexOf('### AUTH-NO-LOGIN'));
  expect(section).toContain('The interface says:\n\n> «missing publicKey gives 401 NO_LOGIN»');
  expect(renderHtml(report)).toContain('<blockquote class="quote"><p>');
});
