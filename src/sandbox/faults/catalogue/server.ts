/** Sandbox faults of the server as a whole (crashes, media types) (the catalogue: fault-registry.ts). */
import type { FaultDefinition } from '../fault-definition.js';

export const SERVER_FAULTS = [
  // An injected server error.
  {
    name: 'server-error-on-create',
    area: 'server',
    breaks: ['CREATE-PAYIN-OK', 'CREATE-PAYOUT-OK'],
    description: 'Every payment creation answers 500 {"error": "internal error"}.',
  },
  {
    name: 'server-error-on-every-operation',
    area: 'server',
    // Each operation's 500 to a well-formed request fails the requirement that request verifies (the operation
    // probe of fixtures/conformance/operation-probe.ts); every other test of the operation is blocked by it.
    breaks: [
      'CREATE-PAYIN-OK',
      'CREATE-PAYOUT-OK',
      'STATUS-NOT-FOUND',
      'LIST-SHAPE',
      'COMPLAINT-NOT-FOUND',
      'METHODS-LIST',
      'MEDIA-UPLOAD',
      'COMPLAINT-CREATE',
      'SMS-CONFIRM',
    ],
    description:
      'Every operation answers 500 {"error": "internal error"} (the injection the ERROR-500-BODY tests use).',
  },
] as const satisfies readonly FaultDefinition[];
