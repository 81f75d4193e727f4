/**
 * Payments the kit drives itself (certify-receiver with receiver.expectedPayments.createdOnService): a merchant's own
 * client creates the payment on the sandbox, and the kit then sends that payment's postbacks. The kit names, before
 * the creation, the id the payment is to get (the one its postbacks carry); a held payment stays PENDING (no magic
 * outcome, so no postback of the sandbox's own) until the control API moves it.
 */
export class HeldPayments {
  private readonly byMerchantPaymentId = new Map<string, string>();

  /** The merchantPaymentId `id` is held for, while its payment is not created yet. */
  heldFor(id: string): string | undefined {
    return [...this.byMerchantPaymentId].find(([, held]) => held === id)?.[0];
  }

  /** The payment a merchant creates with `merchantPaymentId` gets `id` and is held. */
  hold(merchantPaymentId: string, id: string): void {
    this.byMerchantPaymentId.set(merchantPaymentId, id);
  }

  /** The id a creation with `merchantPaymentId` gets, once; undefined when the kit holds none. */
  take(merchantPaymentId: string | undefined): string | undefined {
    if (merchantPaymentId === undefined) return undefined;
    const id = this.byMerchantPaymentId.get(merchantPaymentId);
    this.byMerchantPaymentId.delete(merchantPaymentId);
    return id;
  }

  clear(): void {
    this.byMerchantPaymentId.clear();
  }
}
