/** Sandbox faults of §7: error answers and their bodies (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const ERRORS_FAULTS = [
  // §7: error bodies and codes.
  {
    name: 'request-null-members-as-absent',
    area: 'errors',
    breaks: ['ERROR-NULL-MEMBERS'],
    description: 'A request member given as null is read as absent, though the profile says nulls are refused (400).',
  },
  {
    name: 'request-unknown-members-ignored',
    area: 'errors',
    breaks: ['ERROR-UNKNOWN-MEMBERS'],
    description: 'A request member no field table lists is ignored, though the profile says such members are refused.',
  },
  {
    name: 'request-non-utf8-replaced',
    area: 'errors',
    breaks: ['ERROR-NOT-UTF8'],
    description:
      'A body whose bytes are not UTF-8 is decoded with the bad bytes replaced, though the profile says such a body is refused (400).',
  },
  {
    name: 'error-body-message-member',
    area: 'errors',
    breaks: ['ERROR-BODY-SHAPE'],
    description: 'Error bodies carry {"message": …} instead of {"error": …}.',
  },
  {
    name: 'error-forbidden-method-404',
    area: 'errors',
    breaks: ['CREATE-FORBIDDEN-METHOD'],
    description: 'A method the merchant may not use gets 404 NOT_FOUND instead of 403 ACCESS_DENIED.',
  },
  {
    name: 'error-unknown-method-400',
    area: 'errors',
    breaks: ['CREATE-UNKNOWN-METHOD'],
    description: 'An unknown payment method gets 400 with free text instead of 404 NOT_FOUND.',
  },
  {
    name: 'error-unknown-payment-200',
    area: 'errors',
    breaks: ['STATUS-NOT-FOUND'],
    description: 'A status check for an unknown payment gets 200 with an empty object instead of 404 NOT_FOUND.',
  },
  {
    name: 'error-malformed-json-500',
    area: 'errors',
    // Where the interface names the status (400), a 5xx is that requirement's finding, not ERROR-NO-5XX-FOR-INPUT's.
    breaks: ['ERROR-MALFORMED-400'],
    description: 'A body that is not JSON crashes the handler: 500 instead of 400.',
  },
  {
    name: 'error-invalid-body-422',
    area: 'errors',
    breaks: ['ERROR-INVALID-BODY-400'],
    description: 'A body that breaks the field table gets 422 instead of 400.',
  },
  {
    name: 'status-json-as-text-plain',
    area: 'errors',
    breaks: ['BODY-JSON-MEDIA-TYPE'],
    description: 'The status check answers its JSON record with Content-Type text/plain.',
  },
  {
    name: 'server-error-html-body',
    area: 'errors',
    breaks: ['ERROR-500-BODY'],
    description: 'A 500 answers an HTML error page instead of an error body.',
  },
] as const satisfies readonly FaultDefinition[];
