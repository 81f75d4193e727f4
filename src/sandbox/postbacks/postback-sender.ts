import type { ComplaintStatus, FailedCode } from '../../../generated/common/definitions.gen.js';
import { canonicalJson } from '../../signing/canonical-json.js';
import type { BodySigner } from '../../signing/body-signer.js';
import type { Merchant } from '../config/merchant.js';
import type { ComplaintRecord } from '../domain/complaint-record.js';
import type { PaymentRecord } from '../domain/payment-record.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { DeliveryEngine } from './delivery-engine.js';
import { complaintPostbackFields, paymentPostbackFields } from './postback-bodies.js';

/** Builds, signs and hands postbacks to the delivery engine when a payment or a complaint reaches a result. */
export class PostbackSender {
  constructor(
    readonly engine: DeliveryEngine,
    private readonly service: BodySigner,
    /** Another party's signer: the `postback-foreign-key` fault signs with it. */
    private readonly stranger: BodySigner,
    private readonly faults: FaultSet,
    /** The failedCode a RECIPIENT_LIMIT failure is posted with (conventions.postbackRecipientLimitCode). */
    private readonly recipientLimitCode: FailedCode,
  ) {}

  /** After a payment's status changed: a postback on SUCCESS and FAILED, first time and every flip (§6). */
  paymentChanged(
    record: PaymentRecord,
    merchant: Merchant,
    change: { readonly flipped: boolean; readonly previousFailedCode: FailedCode | undefined },
  ): void {
    const final = record.status === 'SUCCESS' || record.status === 'FAILED';
    const faultyNeedCheck = record.status === 'NEED_CHECK' && this.faults.has('postback-need-check-sent');
    if (!final && !faultyNeedCheck) return;
    if (change.flipped && this.faults.has('postback-no-flip')) return;
    if (change.flipped && record.status === 'FAILED' && this.faults.has('postback-flip-to-success-only')) return;
    this.send('payment', record.id, this.paymentUrl(record, merchant), {
      ...paymentPostbackFields(record, this.faults, this.recipientLimitCode, change.previousFailedCode),
    });
  }

  /** After a complaint's status changed: a postback on COMPLETED and DECLINED, first time and every flip (§6). */
  complaintChanged(record: ComplaintRecord, merchant: Merchant, previous: ComplaintStatus): void {
    const final = (status: ComplaintStatus) => status === 'COMPLETED' || status === 'DECLINED';
    const faultyApproved = record.status === 'APPROVED' && this.faults.has('complaint-postback-on-approved');
    if (!final(record.status) && !faultyApproved) return;
    if (final(previous) && this.faults.has('complaint-postback-no-flip')) return;
    const url = this.faults.has('complaint-postback-to-merchant-url') ? merchant.postbackUrl : record.postBackUrl;
    this.send('complaint', record.id, url, complaintPostbackFields(record, merchant.id, this.faults));
  }

  /** §6: the postBackUrl given at creation, else the merchant's registered URL. */
  private paymentUrl(record: PaymentRecord, merchant: Merchant): string | undefined {
    if (this.faults.has('postback-ignores-postback-url')) return merchant.postbackUrl ?? record.postBackUrl;
    if (this.faults.has('postback-no-merchant-url-fallback')) return record.postBackUrl;
    return record.postBackUrl ?? merchant.postbackUrl;
  }

  private send(
    kind: 'payment' | 'complaint',
    subjectId: string,
    url: string | undefined,
    fields: Record<string, unknown>,
  ): void {
    const signed = this.sign(fields);
    const bytes = Buffer.from(canonicalJson(signed), 'utf8');
    // The same body spelt another way (key order, white space): what a sender that rebuilds retries sends.
    const rebuilt = () =>
      Buffer.from(JSON.stringify(Object.fromEntries(Object.entries(signed).reverse()), null, 1), 'utf8');
    this.engine.enqueue(kind, subjectId, url, bytes, rebuilt);
  }

  private sign(fields: Record<string, unknown>): Record<string, unknown> {
    if (this.faults.has('postback-foreign-key')) return this.stranger.sign(fields);
    if (this.faults.has('postback-bad-signature')) {
      // Signed before the last member was set: a classic ordering bug.
      const { createdAt, ...early } = fields;
      return { ...this.service.sign(early), createdAt };
    }
    if (this.faults.has('postback-non-ascii-signed-otherwise')) return this.otherTextForm().sign(fields);
    return this.service.sign(fields);
  }

  /**
   * The service's signer writing text beyond ASCII the other way from its stated input (escaped for raw, raw for
   * escaped): a service whose serialiser escapes what it signs but not what it sends. Bodies of ASCII text verify.
   */
  private otherTextForm(): BodySigner {
    const input = this.service.input;
    const escaped = input.canonicalForm === 'sorted-compact' && input.nonAscii !== 'raw';
    return this.service.withInput(
      escaped ? { ...input, nonAscii: 'raw' } : { ...input, canonicalForm: 'sorted-compact', nonAscii: 'escaped' },
    );
  }
}
