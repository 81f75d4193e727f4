/* eslint-disable */
/**
 * Generated from schemas/payments/create-payment.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * Links to payment applications, or null: three optional keys, one per supported application, written <app_a>, <app_b>, <app_c> in the interface (§2.3). A plain nullable object rather than oneOf: an unknown key must stay a warning, and a failing alternative would turn it into an error.
 *
 * This interface was referenced by `CreatePaymentResponse`'s JSON-Schema
 * via the `definition` "DeepLinks".
 */
export type DeepLinks = {
  app_a?: string | null;
  app_b?: string | null;
  app_c?: string | null;
} | null;

/**
 * Payment creation response (§2.3). formUrl is marked optional and so is every member of info: isSucceed and paymentId are read as always present, info only where the profile says so (conventions.creationInfo).
 */
export interface CreatePaymentResponse {
  /**
   * Success flag
   */
  isSucceed: boolean;
  /**
   * Present if the payment was created on the basis of an external payment system
   */
  formUrl?: string;
  /**
   * Payment id in the service
   */
  paymentId: string;
  info?: PaymentCreationInfo;
}
/**
 * Additional information; all members are optional (§2.3).
 *
 * This interface was referenced by `CreatePaymentResponse`'s JSON-Schema
 * via the `definition` "PaymentCreationInfo".
 */
export interface PaymentCreationInfo {
  /**
   * Whether an extra SMS confirmation request is required
   */
  isSMSRequired?: boolean;
  /**
   * Comment from the payment receiving system
   */
  instruction?: string | null;
  /**
   * Whether a deep link works for this payment and a button to the payment application should be shown
   */
  withDeepLink?: boolean;
  /**
   * Whether a QR code is shown on the payment page
   */
  showQR?: boolean;
  deepLink?: DeepLinks;
}
