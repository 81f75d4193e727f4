/* eslint-disable */
/**
 * Generated from every body schema under schemas/ (x-body-kind) by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

import type { AttemptsResponse } from './capture/attempts.response.gen.js';
import type { EndpointRequest } from './capture/endpoint.request.gen.js';
import type { EndpointResponse } from './capture/endpoint.response.gen.js';
import type { EvidenceLine } from './capture/evidence-line.gen.js';
import type { ScriptRequest } from './capture/script.request.gen.js';
import type { RecordedExchange } from './client/recorded-exchange.gen.js';
import type { RecordingStopped } from './client/recording-stopped.gen.js';
import type { ComplaintStatusRequest } from './complaints/complaint-status.request.gen.js';
import type { Complaint } from './complaints/complaint.gen.js';
import type { ErrorBody } from './errors/error.gen.js';
import type { ComplaintCreateRequest } from './other-operations/complaint-create.request.gen.js';
import type { MediaUploadRequest } from './other-operations/media-upload.request.gen.js';
import type { MediaUploadResponse } from './other-operations/media-upload.response.gen.js';
import type { PaymentMethodsRequest } from './other-operations/payment-methods.request.gen.js';
import type { PaymentMethodsResponse } from './other-operations/payment-methods.response.gen.js';
import type { SmsConfirmRequest } from './other-operations/sms-confirm.request.gen.js';
import type { SmsConfirmResponse } from './other-operations/sms-confirm.response.gen.js';
import type { CreatePaymentRequest } from './payments/create-payment.request.gen.js';
import type { CreatePaymentResponse } from './payments/create-payment.response.gen.js';
import type { PaymentStatusRequest } from './payments/payment-status.request.gen.js';
import type { Payment } from './payments/payment.gen.js';
import type { PaymentsListRequest } from './payments/payments-list.request.gen.js';
import type { PaymentsList } from './payments/payments-list.gen.js';
import type { ComplaintPostback } from './postbacks/complaint-postback.gen.js';
import type { PaymentPostback } from './postbacks/payment-postback.gen.js';
import type { Profile } from './profile/profile.gen.js';
import type { ConformanceReport } from './report/conformance.gen.js';
import type { FaultMatrixReport } from './report/faults.gen.js';
import type { ClockAdvanceRequest } from './sandbox-control/clock-advance.request.gen.js';
import type { ClockResponse } from './sandbox-control/clock.response.gen.js';
import type { ControlComplaintCreateRequest } from './sandbox-control/complaint-create.request.gen.js';
import type { ComplaintStatusChangeRequest } from './sandbox-control/complaint-status.request.gen.js';
import type { DeliveriesResponse } from './sandbox-control/deliveries.response.gen.js';
import type { FaultsRequest } from './sandbox-control/faults.request.gen.js';
import type { FaultsResponse } from './sandbox-control/faults.response.gen.js';
import type { HeldPaymentRequest } from './sandbox-control/held-payment.request.gen.js';
import type { MerchantSettingsRequest } from './sandbox-control/merchant.request.gen.js';
import type { PaymentFlipRequest } from './sandbox-control/payment-flip.request.gen.js';
import type { PaymentOutcomeRequest } from './sandbox-control/payment-outcome.request.gen.js';

/** Each body schema (by its path under schemas/, without .schema.json) and the type generated from it. */
export interface SchemaTypes {
  'capture/attempts.response': AttemptsResponse;
  'capture/endpoint.request': EndpointRequest;
  'capture/endpoint.response': EndpointResponse;
  'capture/evidence-line': EvidenceLine;
  'capture/script.request': ScriptRequest;
  'client/recorded-exchange': RecordedExchange;
  'client/recording-stopped': RecordingStopped;
  'complaints/complaint-status.request': ComplaintStatusRequest;
  'complaints/complaint': Complaint;
  'errors/error': ErrorBody;
  'other-operations/complaint-create.request': ComplaintCreateRequest;
  'other-operations/media-upload.request': MediaUploadRequest;
  'other-operations/media-upload.response': MediaUploadResponse;
  'other-operations/payment-methods.request': PaymentMethodsRequest;
  'other-operations/payment-methods.response': PaymentMethodsResponse;
  'other-operations/sms-confirm.request': SmsConfirmRequest;
  'other-operations/sms-confirm.response': SmsConfirmResponse;
  'payments/create-payment.request': CreatePaymentRequest;
  'payments/create-payment.response': CreatePaymentResponse;
  'payments/payment-status.request': PaymentStatusRequest;
  'payments/payment': Payment;
  'payments/payments-list.request': PaymentsListRequest;
  'payments/payments-list': PaymentsList;
  'postbacks/complaint-postback': ComplaintPostback;
  'postbacks/payment-postback': PaymentPostback;
  'profile/profile': Profile;
  'report/conformance': ConformanceReport;
  'report/faults': FaultMatrixReport;
  'sandbox-control/clock-advance.request': ClockAdvanceRequest;
  'sandbox-control/clock.response': ClockResponse;
  'sandbox-control/complaint-create.request': ControlComplaintCreateRequest;
  'sandbox-control/complaint-status.request': ComplaintStatusChangeRequest;
  'sandbox-control/deliveries.response': DeliveriesResponse;
  'sandbox-control/faults.request': FaultsRequest;
  'sandbox-control/faults.response': FaultsResponse;
  'sandbox-control/held-payment.request': HeldPaymentRequest;
  'sandbox-control/merchant.request': MerchantSettingsRequest;
  'sandbox-control/payment-flip.request': PaymentFlipRequest;
  'sandbox-control/payment-outcome.request': PaymentOutcomeRequest;
}

export type SchemaId = keyof SchemaTypes;

/** Base of every schema's $id. */
export const SCHEMA_ID_BASE = 'https://conformance-kit.invalid/schemas/';

export const SCHEMA_IDS = [
  'capture/attempts.response',
  'capture/endpoint.request',
  'capture/endpoint.response',
  'capture/evidence-line',
  'capture/script.request',
  'client/recorded-exchange',
  'client/recording-stopped',
  'complaints/complaint-status.request',
  'complaints/complaint',
  'errors/error',
  'other-operations/complaint-create.request',
  'other-operations/media-upload.request',
  'other-operations/media-upload.response',
  'other-operations/payment-methods.request',
  'other-operations/payment-methods.response',
  'other-operations/sms-confirm.request',
  'other-operations/sms-confirm.response',
  'payments/create-payment.request',
  'payments/create-payment.response',
  'payments/payment-status.request',
  'payments/payment',
  'payments/payments-list.request',
  'payments/payments-list',
  'postbacks/complaint-postback',
  'postbacks/payment-postback',
  'profile/profile',
  'report/conformance',
  'report/faults',
  'sandbox-control/clock-advance.request',
  'sandbox-control/clock.response',
  'sandbox-control/complaint-create.request',
  'sandbox-control/complaint-status.request',
  'sandbox-control/deliveries.response',
  'sandbox-control/faults.request',
  'sandbox-control/faults.response',
  'sandbox-control/held-payment.request',
  'sandbox-control/merchant.request',
  'sandbox-control/payment-flip.request',
  'sandbox-control/payment-outcome.request',
] as const satisfies readonly SchemaId[];
