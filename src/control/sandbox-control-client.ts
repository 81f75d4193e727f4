import { Pool } from 'undici';
import type { ComplaintStatus, FailedCode } from '../../generated/common/definitions.gen.js';
import type { Complaint } from '../../generated/complaints/complaint.gen.js';
import type { Payment } from '../../generated/payments/payment.gen.js';
import type { ClockResponse } from '../../generated/sandbox-control/clock.response.gen.js';
import type { ControlComplaintCreateRequest } from '../../generated/sandbox-control/complaint-create.request.gen.js';
import type { Delivery } from '../../generated/sandbox-control/deliveries.response.gen.js';
import type { FaultState } from '../../generated/sandbox-control/faults.response.gen.js';
import type { PaymentOutcomeRequest } from '../../generated/sandbox-control/payment-outcome.request.gen.js';
import type { SchemaId, SchemaTypes } from '../../generated/schema-types.gen.js';
import { getContract } from '../contract/contract.js';
import { formatFindings } from '../contract/finding.js';
import { redactSecrets } from '../secrets/redaction.js';
import type { Secret } from '../secrets/secret.js';

/** The control API answered something else than its contract, or an error. */
export class ControlError extends Error {
  override readonly name = 'ControlError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    // The message quotes the target's answer, which may reflect the control token.
    super(redactSecrets(message));
  }
}

export interface SandboxControlOptions {
  readonly baseUrl: string;
  readonly token: Secret;
  readonly basePath?: string;
  /** Deadline of each call; `advance` may take longer when receivers hang (it waits for every attempt). */
  readonly timeoutMs?: number;
}

/**
 * Drives a sandbox through its control API (sandbox README): outcomes, flips, complaints, the virtual clock, the
 * delivery log, faults, reset. Every answer is checked against the control API's schemas.
 */
export class SandboxControl {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: SandboxControlOptions) {
    const url = new URL(options.baseUrl);
    this.pool = new Pool(url.origin, { connections: 4 });
    this.basePath = url.pathname.replace(/\/+$/, '') + (options.basePath ?? '/sandbox/v1');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  setOutcome(paymentId: string, outcome: PaymentOutcomeRequest): Promise<Payment> {
    return this.call('POST', `payments/${encodeURIComponent(paymentId)}/outcome`, outcome, 'payments/payment');
  }

  flip(paymentId: string, failedCode?: FailedCode): Promise<Payment> {
    return this.call(
      'POST',
      `payments/${encodeURIComponent(paymentId)}/flip`,
      failedCode === undefined ? {} : { failedCode },
      'payments/payment',
    );
  }

  payment(paymentId: string): Promise<Payment> {
    return this.call('GET', `payments/${encodeURIComponent(paymentId)}`, undefined, 'payments/payment');
  }

  /** The payment a merchant's client creates next with `merchantPaymentId` gets `id` and stays PENDING. */
  async hold(merchantPaymentId: string, id: string): Promise<void> {
    await this.call('POST', 'held-payments', { merchantPaymentId, id }, 'sandbox-control/held-payment.request');
  }

  createComplaint(body: ControlComplaintCreateRequest): Promise<Complaint> {
    return this.call('POST', 'complaints', body, 'complaints/complaint');
  }

  moveComplaint(complaintId: string, status: Exclude<ComplaintStatus, 'PENDING'>): Promise<Complaint> {
    return this.call(
      'POST',
      `complaints/${encodeURIComponent(complaintId)}/status`,
      { status },
      'complaints/complaint',
    );
  }

  flipComplaint(complaintId: string): Promise<Complaint> {
    return this.call('POST', `complaints/${encodeURIComponent(complaintId)}/flip`, {}, 'complaints/complaint');
  }

  clock(): Promise<ClockResponse> {
    return this.call('GET', 'clock', undefined, 'sandbox-control/clock.response');
  }

  /** Moves the virtual clock; resolves when every timer due on the way has fired (delivery attempts included). */
  advance(ms: number, timeoutMs = this.timeoutMs): Promise<ClockResponse> {
    return this.call('POST', 'clock/advance', { ms }, 'sandbox-control/clock.response', timeoutMs);
  }

  async deliveries(subjectId?: string): Promise<Delivery[]> {
    const query = subjectId === undefined ? '' : `?subject=${encodeURIComponent(subjectId)}`;
    return (await this.call('GET', `deliveries${query}`, undefined, 'sandbox-control/deliveries.response')).deliveries;
  }

  async faults(): Promise<FaultState[]> {
    return (await this.call('GET', 'faults', undefined, 'sandbox-control/faults.response')).faults;
  }

  /** Switches on exactly these faults. */
  async setFaults(names: readonly string[]): Promise<FaultState[]> {
    return (await this.call('PUT', 'faults', { enabled: names }, 'sandbox-control/faults.response')).faults;
  }

  async setMerchantPostbackUrl(postbackUrl: string | null): Promise<void> {
    await this.call('PUT', 'merchant', { postbackUrl }, 'sandbox-control/merchant.request');
  }

  async reset(): Promise<void> {
    await this.call('POST', 'reset', {}, undefined);
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private async call<Id extends SchemaId>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    schema: Id | undefined,
    timeoutMs = this.timeoutMs,
  ): Promise<SchemaTypes[Id]> {
    const response = await this.pool.request({
      method,
      path: `${this.basePath}/${path}`,
      headers: { authorization: `Bearer ${this.options.token.reveal()}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) {
      throw new ControlError(
        response.statusCode,
        `control ${method} ${path}: ${response.statusCode} ${text.slice(0, 300)}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ControlError(200, `control ${method} ${path}: the answer is not JSON: ${text.slice(0, 300)}`);
    }
    if (schema === undefined) return json as SchemaTypes[Id];
    const validation = getContract().validate(schema, json);
    if (!validation.ok) {
      throw new ControlError(
        200,
        `control ${method} ${path}: the answer breaks ${schema}:\n${formatFindings(validation.findings)}`,
      );
    }
    return validation.value;
  }
}
