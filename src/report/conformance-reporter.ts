/**
 * The conformance reporter (design brief §2, §5): a Playwright reporter that turns the run's results and the
 * requirement registry into conformance.json, conformance.md and conformance.html, and prints a short summary. It
 * reads what the tests recorded; it never makes an HTTP call. Options: `outputDir` (default `reports`).
 */
import { replayOf } from './reproduce.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { DEFAULT_PROFILE_FILE, loadPostbackProfile, loadProfile } from '../profile/load-profile.js';
import { type ConventionName, undeclaredConventions } from '../profile/conventions.js';
import { requirementsOfScope } from '../requirements/registry.js';
import { conventionsOfRun } from './run-conventions.js';
import {
  callerDir,
  env,
  gateOf,
  kitFacts,
  profileShownAs,
  type RunScope,
  runWarningsOf,
  scopeOf,
  targetOf,
  timeLimitReason,
} from './run-facts.js';

export { kitFacts } from './run-facts.js';
import { redactSecrets } from '../secrets/redaction.js';
import { evidenceOf } from './evidence-excerpt.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import { attribute, passiveRecords, RECEIVER_EXCHANGES_ANNOTATION, REQUESTS_ANNOTATION } from './attribution.js';
import { countsOf, receiverExchangesText } from './receiver-exchanges.js';
import { passiveFindingsByRequirement, type SeenPassive } from './passive-findings.js';
import { EXIT_CODES, judgeRequirement, outcomeOf, summarise, type TestOutcome } from './verdicts.js';

const REQUIREMENT_TAG = '@req:';
const VECTORS_PROJECT = 'vectors';

/**
 * The project whose tests certify the target (design brief §5): `conformance` for the service, `receiver` for a
 * merchant's receiver; `vectors` must pass for either to mean anything.
 */
const PROJECTS_OF: Readonly<Record<RunScope, readonly string[]>> = {
  // The payment page's tests (the browser project) certify the service too, when certify runs them.
  service: ['conformance', 'browser'],
  receiver: ['receiver'],
};

/**
 * A test the run stopped (Ctrl-C, --max-minutes) says nothing about the target: it did not run to its end, as a
 * skipped test did not, and a requirement is never passed on those alone. A test that hit its own time limit ended
 * failed, and attribution reads why (a kit-side limit: NOT VERIFIED, src/kit-limit.ts).
 */
function statusOf(result: TestResult): TestOutcome['status'] {
  if (result.status === 'passed') return 'passed';
  return result.status === 'skipped' || result.status === 'interrupted' ? 'skipped' : 'failed';
}

const INTERRUPTED = 'the run was stopped before this test ended';
const NOT_STARTED = 'the run was stopped before this test started';

const titleOf = (test: TestCase): string => test.titlePath().slice(3).join(' › ');

const requirementsOf = (test: TestCase): string[] =>
  test.tags.filter((t) => t.startsWith(REQUIREMENT_TAG)).map((t) => t.slice(REQUIREMENT_TAG.length));

export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly outcomes: TestOutcome[] = [];
  private readonly seeds: ConformanceReport['seeds'] = [];
  /** Requests sent to the target, by the area of the suite that sent them. */
  private readonly requests = new Map<string, number>();
  private readonly passive: SeenPassive[] = [];
  private readonly runErrors: string[] = [];
  /** The conformance tests selected, and those that ended: a stopped run leaves some that never did. */
  private selected: TestCase[] = [];
  private readonly ended = new Set<TestCase>();
  private startedAt = new Date();
  private rootDir = process.cwd();
  private readonly scope: RunScope;
  private readonly projects: readonly string[];

  constructor(options: { outputDir?: string; scope?: RunScope } = {}) {
    this.outputDir = path.resolve(options.outputDir ?? (env('KIT_REPORT_DIR') || 'reports'));
    this.scope = options.scope ?? scopeOf();
    this.projects = PROJECTS_OF[this.scope];
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.startedAt = new Date();
    this.rootDir = config.rootDir;
    this.selected = suite.allTests().filter((t) => this.projects.includes(t.parent.project()?.name ?? ''));
    if (this.selected.length === 0) {
      this.runErrors.push(`no ${this.projects[0] ?? ''} test was selected: nothing was certified (check --grep)`);
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name;
    const title = titleOf(test);
    if (project === VECTORS_PROJECT && statusOf(result) === 'failed') {
      this.runErrors.push(
        `the kit's own signing known-answer test failed (${title}): the kit is broken, not the target`,
      );
    }
    if (!this.projects.includes(project ?? '')) return;
    this.ended.add(test);
    const status = statusOf(result);
    const skip =
      result.status === 'interrupted'
        ? INTERRUPTED
        : [...test.annotations, ...result.annotations].find((a) => a.type === 'skip')?.description;
    for (const seed of [...test.annotations, ...result.annotations].filter((a) => a.type === 'fc-seed')) {
      this.seeds.push({ test: title, seed: Number(seed.description) });
    }
    const file = path.relative(this.rootDir, test.location.file);
    const errors = result.errors.map((e) => stripVTControlCharacters(e.message ?? e.value ?? ''));
    const annotations = [...test.annotations, ...result.annotations];
    const sent = Number(annotations.find((a) => a.type === REQUESTS_ANNOTATION)?.description ?? 0);
    if (Number.isInteger(sent) && sent > 0) {
      const area = areaOf(file);
      this.requests.set(area, (this.requests.get(area) ?? 0) + sent);
    }
    const exchanges = annotations.find((a) => a.type === RECEIVER_EXCHANGES_ANNOTATION)?.description;
    for (const [kind, count] of Object.entries(countsOf(exchanges))) {
      this.requests.set(kind, (this.requests.get(kind) ?? 0) + count);
    }
    for (const record of passiveRecords(annotations)) this.passive.push({ ...record, test: title });
    const outcomes = attribute({
      requirements: requirementsOf(test),
      status,
      annotations,
      errors: status === 'failed' && errors.length === 0 ? [`the test ended ${result.status}`] : errors,
      playwrightStatus: result.status,
    });
    const attachments = result.attachments.flatMap((a) =>
      a.body === undefined ? [] : [{ name: a.name, text: a.body.toString('utf8') }],
    );
    // Screenshots and traces of a failing browser test, by their path from the reports' folder.
    const files = result.attachments.flatMap((a) =>
      a.path === undefined ? [] : [path.relative(this.outputDir, a.path).split(path.sep).join('/')],
    );
    // What a failed check saw, and what a check stopped by a kit-side limit had observed until then (every postback
    // attempt and exchange of the test): its NOT VERIFIED keeps the evidence.
    const evidence = Object.fromEntries(
      outcomes
        .filter((o) => o.status === 'failed' || o.reason !== undefined)
        .map((o) => [
          o.requirement,
          evidenceOf(
            title,
            o.message ?? o.reason ?? `the test ended ${result.status}`,
            attachments,
            files,
            o.status === 'failed'
              ? replayOf({
                  title,
                  target: process.env.KIT_TARGET ?? '',
                  profile: process.env.KIT_PROFILE ?? '',
                  message: o.message ?? '',
                })
              : undefined,
          ),
        ]),
    );
    this.outcomes.push({
      title,
      file,
      status,
      durationMs: result.duration,
      outcomes,
      ...(status === 'skipped' && skip !== undefined ? { skipReason: redactSecrets(skip) } : {}),
      ...(Object.keys(evidence).length === 0 ? {} : { evidence }),
    });
  }

  private requestsSent(): { total: number; byArea: Record<string, number> } {
    const byArea = Object.fromEntries([...this.requests].sort(([a], [b]) => a.localeCompare(b)));
    return { total: [...this.requests.values()].reduce((sum, n) => sum + n, 0), byArea };
  }

  onError(error: { message?: string; value?: string }): void {
    const message = error.message ?? error.value ?? 'an error outside the tests';
    this.runErrors.push(redactSecrets(stripVTControlCharacters(message)));
  }

  async onEnd(result: FullResult): Promise<void> {
    // Playwright's own start: when shards are merged, the first shard's.
    this.startedAt = result.startTime;
    if (result.status === 'interrupted' || result.status === 'timedout') {
      this.runErrors.push(result.status === 'timedout' ? timeLimitReason() : 'the run was interrupted');
      // Tests the run never reached verify nothing; they are listed as such, not left out as if none covered them.
      for (const test of this.selected.filter((t) => !this.ended.has(t))) {
        this.outcomes.push({
          title: titleOf(test),
          file: path.relative(this.rootDir, test.location.file),
          outcomes: requirementsOf(test).map((requirement) => ({ requirement, status: 'skipped' })),
          status: 'skipped',
          durationMs: 0,
          // Playwright may stop a running test without reporting its end: its result says it started.
          skipReason: test.results.length > 0 ? INTERRUPTED : NOT_STARTED,
        });
      }
    }
    const report = await this.report();
    mkdirSync(this.outputDir, { recursive: true });
    const write = (name: string, text: string): void => {
      writeFileSync(path.join(this.outputDir, name), redactSecrets(text));
    };
    write('conformance.json', `${JSON.stringify(report, null, 2)}\n`);
    write('conformance.md', renderMarkdown(report));
    write('conformance.html', renderHtml(report));
    const { summary } = report;
    process.stdout.write(
      [
        '',
        `${this.scope === 'receiver' ? 'Receiver conformance' : 'Conformance'}: ${report.outcome.toUpperCase()} (exit ${EXIT_CODES[report.outcome]})`,
        `  requirements: ${summary.pass} PASS, ${summary.fail} FAIL (${summary.failSpec ?? 0} of the interface), ` +
          `${summary.notVerified} NOT VERIFIED (${summary.blocked ?? 0} blocked by a FAIL), ` +
          `${summary.unspecified} UNSPECIFIED; gate: ${report.gate ?? 'profile'}`,
        `  tests: ${summary.tests.passed} passed, ${summary.tests.failed} failed, ${summary.tests.skipped} skipped; ` +
          (this.scope === 'receiver'
            ? receiverExchangesText(summary.requests?.byArea ?? {})
            : `${summary.requests?.total ?? 0} requests sent to the target`),
        // Why a run is incomplete, one line each: the full text is in the reports.
        ...(report.errors ?? []).map((e) => `  error: ${redactSecrets(e.split('\n')[0] ?? e)}`),
        `  reports: ${path.relative(callerDir(), path.join(this.outputDir, 'conformance.{json,md,html}')) || '.'}`,
        '',
      ].join('\n'),
    );
  }

  private async report(): Promise<ConformanceReport> {
    const profileFile = env('KIT_PROFILE') || DEFAULT_PROFILE_FILE;
    // Loading registers the profile's secrets for redaction; a profile that does not load was refused before the run.
    // A receiver's certification needs of its profile only the postbacks and the receiver section.
    const load = this.scope === 'receiver' ? loadPostbackProfile : loadProfile;
    const profile = await load(profileFile).then(
      (loaded) => loaded.settings,
      () => undefined,
    );
    const grep = env('KIT_GREP');
    // A profile that does not load was refused before the run: then nothing is known to be stated.
    const undeclared = (names: readonly ConventionName[]) =>
      profile === undefined ? names : undeclaredConventions(profile, names);
    const passive = passiveFindingsByRequirement(this.passive);
    const results = requirementsOfScope(this.scope).map((r) =>
      judgeRequirement(r, this.outcomes, grep !== '', undeclared, passive.get(r.id) ?? []),
    );
    const summary = { ...summarise(results, this.outcomes), requests: this.requestsSent() };
    // The run's own warnings, and what the capture server's bounds did (set when it stopped, before this runs).
    const bounds = env('KIT_CAPTURE_BOUNDS');
    const warnings = [...runWarningsOf(env('KIT_RUN_WARNINGS')), ...(bounds === '' ? [] : [bounds])];
    const gate = gateOf(env('KIT_GATE'));
    return {
      kit: kitFacts(),
      target: targetOf(this.scope),
      profile: {
        file: profileShownAs(profileFile),
        settings: profile ?? {},
      },
      // The profile's conventions are the service's open points; a receiver's run goes by none of them.
      conventions: this.scope === 'receiver' ? [] : conventionsOfRun(profile),
      startedAt: this.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      outcome: outcomeOf(summary, this.runErrors, gate),
      gate,
      ...(grep === '' ? {} : { grep }),
      deep: env('KIT_DEEP') === '1',
      seeds: this.seeds,
      ...(warnings.length === 0 ? {} : { warnings }),
      ...(this.runErrors.length === 0 ? {} : { errors: this.runErrors }),
      summary,
      requirements: results,
    };
  }
}

/** The area of a suite file: `suites/lists/…` → lists (a file directly under suites/ is its own name). */
function areaOf(file: string): string {
  const parts = file.split(/[\\/]/);
  const at = parts.indexOf('suites');
  const rest = at < 0 ? parts : parts.slice(at + 1);
  return rest.length > 1 ? (rest[0] ?? 'other') : (rest[0] ?? 'other').replace(/\.spec\.[jt]s$/, '');
}
