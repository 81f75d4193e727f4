/**
 * The first reporter of every run: it scrubs the profile's secrets out of each result in place (errors, steps,
 * stdout and stderr, attachments) before any other reporter sees it, so that Playwright's own line, JUnit and HTML
 * reporters never write a secret either (developers' guide: secrets never appear in reports, logs or attachments).
 * A secret reaches a result when the target reflects it (a control endpoint echoing its Authorization header into an
 * error the kit quotes) or a test prints more than it should. The kit's own evidence is redacted where it is made;
 * this is the net under everything else. Playwright calls reporters in the order the configuration lists them, one
 * event at a time, on the same result objects.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestError, TestResult, TestStep } from '@playwright/test/reporter';
import { DEFAULT_PROFILE_FILE } from '../profile/load-profile.js';
import { rememberProfileSecrets } from '../profile/profile-secrets.js';
import { redactSecrets } from '../secrets/redaction.js';

/** Attachments read as text; anything else (images, traces) carries no text a secret could be in. */
const TEXT_CONTENT = /^(text\/|application\/(json|xml|x-ndjson|jsonl)|.*\+json$)/;

function scrubError(error: TestError | undefined): void {
  if (error === undefined) return;
  if (error.message !== undefined) error.message = redactSecrets(error.message);
  if (error.stack !== undefined) error.stack = redactSecrets(error.stack);
  if (error.value !== undefined) error.value = redactSecrets(error.value);
  if (error.snippet !== undefined) error.snippet = redactSecrets(error.snippet);
  scrubError(error.cause);
}

function scrubAnnotations(annotations: { description?: string }[]): void {
  for (const annotation of annotations) {
    if (annotation.description !== undefined) annotation.description = redactSecrets(annotation.description);
  }
}

/** A step's title can quote the target: `expect(value, message)` files its message as the title. */
function scrubStepItself(step: TestStep): void {
  step.title = redactSecrets(step.title);
  if (step.subtitle !== undefined) step.subtitle = redactSecrets(step.subtitle);
  scrubError(step.error);
  scrubAnnotations(step.annotations);
}

function scrubStep(step: TestStep): void {
  scrubStepItself(step);
  step.steps.forEach(scrubStep);
}

function scrubOutput(chunks: (string | Buffer)[]): void {
  chunks.forEach((chunk, index) => {
    chunks[index] =
      typeof chunk === 'string' ? redactSecrets(chunk) : Buffer.from(redactSecrets(chunk.toString('utf8')));
  });
}

function scrubAttachments(attachments: TestResult['attachments']): void {
  for (const attachment of attachments) {
    if (!TEXT_CONTENT.test(attachment.contentType)) continue;
    if (attachment.body !== undefined) {
      attachment.body = Buffer.from(redactSecrets(attachment.body.toString('utf8')));
    } else if (attachment.path !== undefined) {
      try {
        const text = readFileSync(attachment.path, 'utf8');
        const scrubbed = redactSecrets(text);
        if (scrubbed !== text) writeFileSync(attachment.path, scrubbed);
      } catch {
        // A missing attachment file is Playwright's to report; there is nothing here to leak.
      }
    }
  }
}

export default class SecretScrubber implements Reporter {
  constructor() {
    rememberProfileSecrets(process.env.KIT_PROFILE?.trim() || DEFAULT_PROFILE_FILE);
  }

  printsToStdio(): boolean {
    return false;
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    scrubStepItself(step);
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    result.errors.forEach(scrubError);
    scrubError(result.error);
    result.steps.forEach(scrubStep);
    scrubAnnotations(result.annotations);
    scrubOutput(result.stdout);
    scrubOutput(result.stderr);
    scrubAttachments(result.attachments);
  }

  onError(error: TestError): void {
    scrubError(error);
  }
}
