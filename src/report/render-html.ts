/**
 * conformance.html: one self-contained page (no network: inline style and script, no external resource), the summary
 * first, then a matrix of requirements filtered by verdict, section and level, each failure with its evidence.
 * Everything from the run is escaped: a target's answers end up in this page.
 */
import type { ConformanceReport, Evidence, RequirementResult } from '../../generated/report/conformance.gen.js';
import { embeddedTarget, reportTitle } from './render-markdown.js';
import { blockedByFailure, rootCausesFirst } from './root-causes.js';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The first § of a requirement's sections (`§5.4, §7` → `§5`): what the section filter groups by. */
export function topSection(section: string): string {
  return /§\d+/.exec(section)?.[0] ?? section;
}

const VERDICT_CLASS: Readonly<Record<RequirementResult['verdict'], string>> = {
  PASS: 'pass',
  FAIL: 'fail',
  'NOT VERIFIED': 'not-verified',
  UNSPECIFIED: 'unspecified',
};

function evidenceBlock(evidence: Evidence): string {
  const part = (label: string, text: string | undefined) =>
    text === undefined ? '' : `<h4>${label}</h4><pre>${escapeHtml(text)}</pre>`;
  return `<div class="evidence"><h4>${escapeHtml(evidence.test)}</h4><pre>${escapeHtml(evidence.message)}</pre>${part(
    'Request',
    evidence.request,
  )}${part('Response', evidence.response)}${part('Postbacks received', evidence.postbacks)}${filesBlock(evidence.files)}${part(
    'Reproduce without the kit',
    evidence.curl,
  )}${part('Run the check again with the kit', evidence.replay)}</div>`;
}

/** Links to a browser test's screenshots and traces, relative to the report (open a trace with npx playwright show-trace). */
function filesBlock(files: readonly string[] | undefined): string {
  if (files === undefined || files.length === 0) return '';
  const items = files.map((file) => `<li><a href="${escapeHtml(encodeURI(file))}">${escapeHtml(file)}</a></li>`);
  return `<h4>Screenshots and traces</h4><ul class="files">${items.join('')}</ul>`;
}

function row(result: RequirementResult, blocks: readonly string[]): string {
  const tests =
    result.tests.length === 0
      ? ''
      : `${result.tests.filter((t) => t.status === 'passed').length}/${result.tests.length}`;
  const blocking =
    blocks.length === 0
      ? ''
      : `<div class="blocks">root cause: blocks ${blocks.map((id) => `<a href="#${escapeHtml(id)}">${escapeHtml(id)}</a>`).join(', ')}</div>`;
  const blockedBy =
    result.blockedBy === undefined
      ? ''
      : `<div class="blocked-by">blocked by ${result.blockedBy.map((id) => `<a href="#${escapeHtml(id)}">${escapeHtml(id)}</a>`).join(', ')}</div>`;
  const findings =
    (result.findings ?? []).length === 0
      ? ''
      : `<ul class="findings">${(result.findings ?? [])
          .map(
            (f) =>
              `<li><code>${escapeHtml(f.operation)}</code> ${escapeHtml(f.problem)} <span class="count">×${f.count}</span> <span class="first">first in ${escapeHtml(f.test)}</span></li>`,
          )
          .join('')}</ul>`;
  const details =
    result.verdict === 'FAIL'
      ? `${quoteBlock(result)}${blocking}${findings}<details class="failure"><summary>evidence (${result.evidence.length})</summary>${result.evidence.map(evidenceBlock).join('')}</details>`
      : result.reason === undefined
        ? ''
        : `${blockedBy}<div class="reason">${escapeHtml(result.reason)}</div>${
            // What a check stopped by a limit of the kit had observed until then.
            result.evidence.length === 0
              ? ''
              : `<details class="observed"><summary>observed (${result.evidence.length})</summary>${result.evidence.map(evidenceBlock).join('')}</details>`
          }`;
  return `<tr data-verdict="${escapeHtml(result.verdict)}" data-section="${escapeHtml(topSection(result.section))}" data-level="${result.level}" id="${escapeHtml(result.id)}">
<td><code>${escapeHtml(result.id)}</code>${result.critical === true ? ' <span class="critical">critical</span>' : ''}</td><td>${escapeHtml(result.section)}</td><td>${result.level}</td>
<td><span class="verdict ${VERDICT_CLASS[result.verdict]}">${escapeHtml(result.verdict)}</span></td><td>${tests}</td>
<td>${escapeHtml(result.statement)}${details}</td></tr>`;
}

/** The interface's own words beside a FAIL: what the target breaks, verbatim. */
function quoteBlock(result: RequirementResult): string {
  const quote = result.quote ?? [];
  if (quote.length === 0) return '';
  return `<blockquote class="quote">${quote.map((q) => `<p>${escapeHtml(q)}</p>`).join('')}</blockquote>`;
}

function options(values: readonly string[]): string {
  return [
    '<option value="">all</option>',
    ...values.map((v) => `<option value="${escapeHtml(v)}">${escapeHtml(v)}</option>`),
  ].join('');
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f}
h1{margin:0 0 8px}.outcome{font-size:18px;font-weight:600;margin:8px 0 16px}
.outcome.conformant{color:#137333}.outcome.not-conformant{color:#b3261e}.outcome.incomplete{color:#8a5300}
.counts{display:flex;gap:12px;margin-bottom:16px}.count{border:1px solid #ddd;border-radius:6px;padding:8px 14px}
.count b{display:block;font-size:20px}.facts{color:#555;margin-bottom:16px}
.filters{display:flex;gap:16px;align-items:center;margin:16px 0}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #eee;padding:6px 8px;text-align:left;vertical-align:top}
.verdict{border-radius:4px;padding:2px 6px;font-weight:600;font-size:12px;white-space:nowrap}
.pass{background:#e6f4ea;color:#137333}.fail{background:#fce8e6;color:#b3261e}
.not-verified{background:#fef7e0;color:#8a5300}.unspecified{background:#eee;color:#555}
pre{background:#f6f8fa;padding:8px;overflow:auto;max-height:320px;white-space:pre-wrap;word-break:break-word}
.reason{color:#666;font-size:12px;margin-top:4px}.quote{margin:4px 0;padding:2px 8px;border-left:3px solid #8a1c1c;font-size:12px;color:#333}.quote p{margin:2px 0}.blocks,.blocked-by{font-size:12px;margin-top:4px;color:#8a1c1c}.findings{font-size:12px;margin:4px 0;padding-left:18px}.count{font-weight:600}.first{color:#666}.errors pre{background:#fff4e5}
.critical{font-size:11px;font-weight:700;color:#fff;background:#8a1c1c;border-radius:3px;padding:0 4px}
`;

const SCRIPT = `
const rows=[...document.querySelectorAll('tbody tr')];
const pick=(id)=>document.getElementById(id);
function apply(){
  const v=pick('f-verdict').value,s=pick('f-section').value,l=pick('f-level').value;
  let shown=0;
  for(const r of rows){const ok=(!v||r.dataset.verdict===v)&&(!s||r.dataset.section===s)&&(!l||r.dataset.level===l);r.hidden=!ok;if(ok)shown++;}
  pick('shown').textContent=shown+' of '+rows.length+' requirements';
}
for(const id of ['f-verdict','f-section','f-level'])pick(id).addEventListener('change',apply);
apply();
`;

/** The conventions the run went by, each with the profile's value (or that it states none) and what rests on it. */
function conventionsSection(report: ConformanceReport): string {
  const conventions = report.conventions ?? [];
  if (conventions.length === 0) return '';
  const rows = conventions
    .map(
      (c) =>
        `<tr data-declared="${String(c.declared)}"><td><code>${escapeHtml(c.name)}</code></td><td>${escapeHtml(`${c.decides} (${c.section})`)}</td><td>${c.value === null ? '<i>not stated</i>' : `<code>${escapeHtml(JSON.stringify(c.value))}</code>`}</td><td>${escapeHtml(c.requirements.join(', '))}</td></tr>`,
    )
    .join('\n');
  return `<h2 id="conventions">Conventions of this run</h2>
<p>What the interface leaves open, as the profile states it; a requirement resting on one it does not state is UNSPECIFIED.</p>
<table><thead><tr><th>convention</th><th>decides</th><th>the profile</th><th>requirements</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

export function renderHtml(report: ConformanceReport): string {
  const { summary } = report;
  const blocks = blockedByFailure(report.requirements);
  const sections = [...new Set(report.requirements.map((r) => topSection(r.section)))].sort(
    (a, b) => Number(a.slice(1)) - Number(b.slice(1)),
  );
  const headline = {
    conformant: 'Conformant: no requirement the gate counts failed',
    'not-conformant': 'Not conformant: requirements the gate counts failed',
    incomplete: 'Incomplete: the run could not be carried out in full',
  }[report.outcome];
  const count = (label: string, value: number | string, id: string) =>
    `<div class="count" id="count-${id}"><b>${value}</b>${label}</div>`;
  const tests = `${summary.tests.passed} / ${summary.tests.failed} / ${summary.tests.skipped}`;
  const errors = (report.errors ?? []).map((e) => `<pre>${escapeHtml(e)}</pre>`).join('');
  const warnings = (report.warnings ?? []).map((w) => `<li>${escapeHtml(w)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>Conformance report: ${escapeHtml(report.outcome)}</title><style>${STYLE}</style></head>
<body>
<h1>${reportTitle(report)}</h1>
<div class="outcome ${report.outcome}" id="outcome">${escapeHtml(headline)}</div>
<div class="counts">${count('PASS', summary.pass, 'pass')}${count('FAIL', summary.fail, 'fail')}${count('NOT VERIFIED', summary.notVerified, 'not-verified')}${count('blocked by a FAIL', summary.blocked ?? 0, 'blocked')}${count('UNSPECIFIED', summary.unspecified, 'unspecified')}${count('tests passed / failed / skipped', tests, 'tests')}</div>
<div class="facts">Target: ${escapeHtml(report.target.url ?? embeddedTarget(report))} · profile ${escapeHtml(report.profile.file)} · ${escapeHtml(report.startedAt)} to ${escapeHtml(report.finishedAt)}${report.grep === undefined ? '' : ` · --grep ${escapeHtml(report.grep)}`} · ${escapeHtml(report.kit.name)} ${escapeHtml(report.kit.version)}, interface ${escapeHtml(report.kit.interfaceRevision)}${summary.requests === undefined ? '' : ` · ${summary.requests.total} requests sent to the target`}</div>
${warnings === '' ? '' : `<div class="warnings" id="warnings"><h2>Warnings about the run</h2><ul>${warnings}</ul></div>`}
${errors === '' ? '' : `<div class="errors"><h2>Errors outside the tests</h2>${errors}</div>`}
<div class="filters">
<label>Verdict <select id="f-verdict">${options(['PASS', 'FAIL', 'NOT VERIFIED', 'UNSPECIFIED'])}</select></label>
<label>Section <select id="f-section">${options(sections)}</select></label>
<label>Level <select id="f-level">${options(['spec', 'profile'])}</select></label>
<span id="shown"></span>
</div>
<table><thead><tr><th>requirement</th><th>§</th><th>level</th><th>verdict</th><th>tests passed</th><th>statement</th></tr></thead>
<tbody>
${rootCausesFirst(report.requirements)
  .map((r) => row(r, blocks.get(r.id) ?? []))
  .join('\n')}
</tbody></table>
${conventionsSection(report)}
<script>${SCRIPT}</script>
</body></html>
`;
}
