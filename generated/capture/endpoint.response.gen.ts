/* eslint-disable */
/**
 * Generated from schemas/capture/endpoint.response.schema.json by `npm run generate`. Do not edit by hand:
 * change the schema and regenerate (`npm run generate:check` fails while this file is stale).
 */

/**
 * An endpoint's token: its path is /pb/<token>. Tokens are unguessable, so parallel tests never see each other's postbacks; `merchant` is the endpoint for the merchant's registered URL, which every test shares.
 */
export type Token = string;

/**
 * Capture API: a new endpoint's token and the URL the target is told to post to.
 */
export interface EndpointResponse {
  token: Token;
  url: string;
}
